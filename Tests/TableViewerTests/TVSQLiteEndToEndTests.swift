import CSQLite
import Foundation
import TermTableTesting
import Testing

/// `tv FILE.sqlite` as a program: in tmux (the table list, a table opened, `G`, a sort, a filter, Esc back, the terminal
/// restored), and the bad input told before any screen with its exit status.
@Suite("tv on SQLite files", .serialized)
struct TVSQLiteEndToEndTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func opensATableFromTheListGoesToTheEndSortsAndFilters() throws {
        let tv = try BuiltProducts.executable(named: "tv")
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Named .csv: a SQLite file is told by its header, not its name.
        SQLiteTestDatabases.people(directory.appendingPathComponent("people.csv").path, rows: 20_000)
        let session = try TmuxSession(running: tv, arguments: ["people.csv"], width: 120, directory: directory)
        defer { session.close() }
        try session.waitFor("the list, counted") { $0.contains("small") && $0.contains("20000") }
        try session.send("j", "Enter")
        try session.waitFor("the table's first rows") { $0.contains("name 1 ") && $0.contains("<blob 10 bytes>") }
        #expect(!session.capture().contains("\u{1B}[31m"), "the escape sequence in a name never reaches the terminal")
        try session.send("G")
        try session.waitFor(text: "20000 name 20000␛[31m")
        try session.send("l", "l", "l", "l", "]")
        try session.waitFor("sorted by k, descending") { $0.contains("▼ k") && $0.contains(" 999") }
        // F counts k in SQL (1,000 values, 20 rows each); Enter on the first (0) filters the grid to it; an empty /
        // clears it.
        try session.send("F")
        try session.waitFor("k counted") { $0.contains("k counted") && $0.contains("1,000 values of 20,000 rows") }
        try session.send("Enter")
        try session.waitFor("the rows where k = 0") { $0.contains("20 rows ×") && $0.contains("k = 0") }
        try session.send("/", "Enter")
        try session.waitFor("every row again") { $0.contains("20,000 rows ×") && !$0.contains("k = 0") }
        try session.send("h", "h", "h", "/")
        try session.type("name 19999")
        try session.send("Enter")
        try session.waitFor("the filter's one row") { $0.contains("1 row ×") && $0.contains("name 19999") }
        // Enter: the row as a record; Esc back to the grid.
        try session.send("Enter")
        try session.waitFor("the record") { $0.contains("name  : name 19999") && $0.contains("photo : NULL") }
        try session.send("Escape")
        try session.waitFor("the grid again") { $0.contains("1 row ×") && !$0.contains("name  : name") }
        try session.send("Escape")
        try session.waitFor("the list again") { $0.contains("tables and views") && $0.contains("small") }
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        #expect(try session.terminalWasRestored(), "terminal modes differ after tv ended")
    }

    @Test func printWritesATableOrAQueryAsTSVWithControlsEscaped() throws {
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("people.sqlite").path
        SQLiteTestDatabases.people(path, rows: 30)

        let all = try TVRun.run(["--print", path, "t"])
        #expect(all.status == 0, "\(all.errors)")
        let lines = all.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 32 && lines[0] == "id\tname\tscore\tphoto\tk" && lines[31].isEmpty)
        // Row 3: a BLOB; row 10: an escape sequence in its name, NULL score and photo.
        #expect(lines[3] == "3\tname 3\t1.5\t<blob 10 bytes>\t757", "\(lines[3])")
        #expect(lines[10] == "10\tname 10\\x1b[31m\t\\N\t\\N\t190", "\(lines[10])")
        #expect(!all.output.contains("\u{1B}"))

        let top = (1...30).sorted { ($0 * 7919 % 1000, -$0) > ($1 * 7919 % 1000, -$1) }.prefix(3)
        let sorted = try TVRun.run(["--print", path, "t", "--sort", "k:desc", "--columns", "k,id", "--limit", "3"])
        #expect(sorted.output == "k\tid\n" + top.map { "\($0 * 7919 % 1000)\t\($0)\n" }.joined(), "\(sorted.output)")

        let query = try TVRun.run(["--print", "--query", "SELECT name, 1 AS one FROM t WHERE id = 3", path])
        #expect(query.status == 0 && query.output == "name\tone\nname 3\t1\n", "\(query.output)")

        let noTable = try TVRun.run(["--print", path])
        #expect(noTable.status == 2 && noTable.errors.contains("give a table or --query; the file has: small, t"))
        let noColumn = try TVRun.run(["--print", path, "t", "--columns", "nope"])
        #expect(noColumn.status == 2 && noColumn.errors.contains("no column “nope”"), "\(noColumn.errors)")
        let writes = try TVRun.run(["--print", "--query", "DELETE FROM t", path])
        #expect(writes.status == 2 && writes.errors.contains("would change the database"), "\(writes.errors)")
    }

    @Test func badInputIsToldWithItsExitStatus() throws {
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.sqlite").path
        SQLiteTestDatabases.people(good, rows: 10)

        let unknown = try TVRun.run([good, "peple"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("no table or view “peple”; the file has: small, t"), "\(unknown.errors)")

        let writes = try TVRun.run(["--query", "DELETE FROM t", good])
        #expect(writes.status == 2 && writes.errors.contains("would change the database"), "\(writes.errors)")

        // The SQLite header, then no database.
        let bad = try TVRun.file(
            "bad.sqlite", Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0x5A, count: 4096), in: directory)
        let notADatabase = try TVRun.run([bad, "t"])
        #expect(notADatabase.status == 1 && notADatabase.errors.contains("not a database"), "\(notADatabase.errors)")

        // Another program holds the write lock past the busy timeout (2 s).
        var writer: OpaquePointer?
        sqlite3_open_v2(good, &writer, SQLITE_OPEN_READWRITE, nil)
        defer { sqlite3_close(writer) }
        sqlite3_exec(writer, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE t SET k = 1", nil, nil, nil)
        let locked = try TVRun.run([good, "t"])
        #expect(locked.status == 1 && locked.errors.contains("locked"), "\(locked.errors)")
    }
}
