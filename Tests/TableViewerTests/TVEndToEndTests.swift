import Foundation
import TableViewerKit
import TermTableTesting
import Testing

/// The real `tv` binary in tmux (on its own socket): a generated CSV opened, the header and first row shown, the
/// cursor moved to a numeric column, sorted descending, a record and the frequency sheet pushed and popped, a sort
/// run from the command palette, quit with the terminal restored.
@Suite("tv in tmux", .serialized)
struct TVEndToEndTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func sortsANumericColumnOpensARecordAndRestoresTheTerminal() throws {
        let tv = try BuiltProducts.executable(named: "tv")
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = 3_000
        try TableGenerator.writeCSV(path: directory.appendingPathComponent("flights.csv").path, rows: rows, seed: 34)
        var generator = TableGenerator(seed: 34)
        let generated = (0..<rows).map { generator.row($0) }
        let delay = try #require(TableGenerator.columns.firstIndex(of: "dep_delay"))
        let top = try #require(
            generated.map(\.[delay]).filter { !$0.isEmpty }.max { Double($0)! < Double($1)! })
        let session = try TmuxSession(running: tv, arguments: ["flights.csv"], width: 200, directory: directory)
        defer { session.close() }
        try session.waitFor("the header and the first row") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 3 && lines[1].contains("dep_delay") && lines[1].contains("tailnum")
                && lines[2].contains(generated[0][5]) && lines[2].contains(generated[0][1])
        }
        // The first screen's rows first ("30 rows so far"), the rest once indexed after the first frame.
        try session.waitFor(text: "\(rows.formatted(.number.grouping(.automatic))) rows ×")

        for _ in 0..<delay { try session.send("l") }
        try session.waitFor(text: "dep_delay (decimal)")
        try session.send("]")
        let screen = try session.waitFor("the largest dep_delay at the top") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("sorted descending") && lines.count > 2 && lines[2].contains(top)
        }
        #expect(
            screen.split(separator: "\n")[1].contains("▼ dep_del"), "the sorted column marked (its title cut by the ▼)")

        try session.send("Enter")
        try session.waitFor(text: "dep_delay : \(top)")
        try session.send("Escape")
        try session.waitFor("the grid again") { $0.contains("▼ dep_del") && !$0.contains("record of row") }

        // F pushes the column's values counted; Esc pops back to the grid, sorted, the cursor on the same cell.
        try session.send("F")
        // The whole sheet, not a capture taken while tmux is still reading the frame.
        try session.waitFor("the values counted") {
            $0.contains("dep_delay counted") && $0.contains("values of 3,000 rows")
        }
        try session.send("Escape")
        let grid = try session.waitFor("the grid again, as it was") { !$0.contains("dep_delay counted") }
        #expect(grid.contains("row 1/3,000 · dep_delay (decimal)") && grid.split(separator: "\n")[2].contains(top))
        // The palette runs the grid's action as its key would.
        try session.send("C-p")
        try session.waitFor(text: "sort.ascending")
        try session.type("ascending")
        try session.send("Enter")
        try session.waitFor(text: "sorted ascending")
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        #expect(try session.terminalWasRestored(), "terminal modes differ after tv ended")
    }

    /// `tv --keys` prints the effective map (no file, no terminal needed): the defaults with
    /// `$XDG_CONFIG_HOME/tv/keys.conf` over them; a line naming no action is said on standard error with its line.
    @Test func keysPrintsTheEffectiveKeyMap() throws {
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("tv")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "app.quit = Q, ctrl-q\nbogus.action = x\nquery.stop = ctrl-c, Escape\nquery.reload = F5\n".write(
            to: config.appendingPathComponent("keys.conf"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.path
        let result = try ChildProcess.run(
            [try BuiltProducts.executable(named: "tv"), "--keys"], environment: environment)
        #expect(result.status == 0)
        #expect(result.output.contains("app.quit = Q, ctrl-q  # quit"), "\(result.output)")
        #expect(result.output.contains("column.frequency = F  # the column's values counted"))
        #expect(result.output.contains("sort.descending = ]  # sort descending by the column"))
        #expect(result.output.contains("keys.conf:2: no action is named bogus.action"))
        // The SQLite grid's actions are listed and can be remapped: no line of theirs is unknown.
        #expect(result.output.contains("query.stop = ctrl-c, Esc"), "\(result.output)")
        #expect(result.output.contains("query.reload = F5"), "\(result.output)")
        #expect(result.output.contains("filter.start = /"), "\(result.output)")
        #expect(!result.output.contains("no action is named query"), "\(result.output)")
    }

    /// `$XDG_CONFIG_HOME/tv/theme.conf` is read for a SQLite file as for a CSV one: its problems are said on standard
    /// error with file and line before the screen starts (the SQLite grid did not read it at all).
    @Test(arguments: ["people.sqlite", "people.csv"])
    func aThemeFilesProblemsAreSaidForSQLiteAndCSVFiles(file: String) throws {
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("tv")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "accent = bold\nheadr = underline\n".write(
            to: config.appendingPathComponent("theme.conf"), atomically: true, encoding: .utf8)
        let path = directory.appendingPathComponent(file).path
        if file.hasSuffix(".sqlite") {
            SQLiteTestDatabases.people(path, rows: 3)
        } else {
            try "a,b\n1,2\n".write(toFile: path, atomically: true, encoding: .utf8)
        }
        let arguments = file.hasSuffix(".sqlite") ? [path, "t"] : [path]
        let result = try TVRun.run(arguments, environment: ["XDG_CONFIG_HOME": directory.path])
        #expect(result.status == 1, "no terminal here")
        #expect(result.errors.contains("theme.conf:2:"), "\(result.errors)")
        #expect(result.errors.contains("headr"), "\(result.errors)")
        #expect(result.errors.contains("a terminal is needed"), "\(result.errors)")
    }
}
