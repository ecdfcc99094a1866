import Foundation
import Glibc
import TermTableTesting
import Testing

/// `termtable preview --watch` in a real terminal (tmux): the file is edited while the preview runs.
@Suite("termtable preview --watch in tmux", .serialized)
struct LivePreviewEndToEndTests {
    /// Starts `termtable preview --watch demo.layout` in `directory`, recording the terminal modes and exit status.
    static func start(in directory: URL, width: Int = 100, height: Int = 30) throws -> TmuxSession {
        let tool = try BuiltProducts.executable(named: "termtable")
        let script = """
            cd '\(directory.path)'
            stty -g > before
            env LANG=C.UTF-8 TERM=xterm-256color '\(tool)' preview --watch demo.layout
            echo $? > status
            stty -g > after
            echo E2E-DONE
            exec sleep 600
            """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        return try TmuxSession(
            width: width, height: height, command: "sh '\(directory.path)/run.sh'",
            directory: directory)
    }

    /// Writes `text` the way vim and many IDEs save: a new file renamed over the old one.
    static func replace(_ file: URL, with text: String) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".demo.layout.tmp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary.path, file.path) == 0 else {
            throw RenameFailure(description: "rename failed: \(String(cString: strerror(errno)))")
        }
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func editingTheFileWhileThePreviewRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "preview-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.layout")
        try LivePreviewTests.demo.write(to: file, atomically: false, encoding: .utf8)
        let session = try Self.start(in: directory)
        defer { session.close() }

        let first = try session.waitFor(text: "watching")
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix(" demo.layout · 100 columns · 1/2 title · watching"))
        #expect(lines[1].hasPrefix("▶ title · height 1"))
        #expect(lines[2].hasPrefix("Alpha") && lines[2].hasSuffix(" 42"), "the title cell at 100 columns")
        #expect(lines[5] == "  first line")

        // Saved in place (the file is truncated and written).
        try LivePreviewTests.demo.replacingOccurrences(of: "Alpha", with: "Bravo")
            .write(to: file, atomically: false, encoding: .utf8)
        try session.waitFor(text: "Bravo")

        // Saved as a new file renamed over the old one.
        try Self.replace(file, with: LivePreviewTests.demo.replacingOccurrences(of: "Alpha", with: "Charlie"))
        try session.waitFor(text: "Charlie")

        // A layout error is shown in place, with its location, the line, the caret and the hint.
        try Self.replace(file, with: LivePreviewTests.broken)
        let broken = try session.waitFor(text: "demo.layout:5:5: error: unknown kind `lable`")
        #expect(broken.contains("    2 lable align=right pin=right sample=42\n      ^"))
        #expect(broken.contains("hint: did you mean `label`?"))
        #expect(broken.contains("── the last version that loaded ──"))
        #expect(broken.contains("Charlie"), "the last version that loaded stays below the error")

        // Fixed: the cells come back.
        try LivePreviewTests.demo.replacingOccurrences(of: "Alpha", with: "Delta")
            .write(to: file, atomically: false, encoding: .utf8)
        let fixed = try session.waitFor(text: "Delta")
        #expect(!fixed.contains("error"))

        // The width follows a resize of the window, without a key.
        try session.run(["resize-window", "-t", "main", "-x", "60"])
        let narrow = try session.waitFor(text: " demo.layout · 60 columns")
        let narrowLines = narrow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(narrowLines[2].hasPrefix("Delta") && narrowLines[2].hasSuffix(" 42"))
        #expect(narrowLines[2].count == 59, "the right-pinned field ends one column before the edge")

        // The cursor moves, s selects, h highlights.
        try session.send("j", "s", "h")
        try session.waitFor(text: "▶ detail · height 2 · designed at 40 columns · selected · h")

        try session.send("q")
        let status = try session.waitForFile("status")
        #expect(status == "0\n")
        try session.waitFor(text: "E2E-DONE")
        #expect(try session.waitForFile("after") == (try session.waitForFile("before")))
        #expect(try session.format("#{alternate_on}") == "0")
    }

    @Test func watchingNeedsATerminalAndNoWidth() async throws {
        let withWidth = try await PreviewWidthTests.preview(["--watch", "--width", "40"])
        #expect(withWidth.status == 64, "exit status \(withWidth.status): \(withWidth.output)")
        #expect(withWidth.output.contains("--watch shows the file live at the terminal's width; leave out --width"))
        let notATerminal = try await PreviewWidthTests.preview(["--watch"])
        #expect(notATerminal.status == 1, "exit status \(notATerminal.status): \(notATerminal.output)")
        #expect(notATerminal.output.contains("--watch needs a terminal"))
    }
}

/// A file system call of the test itself failed (not tmux's, not the app's).
struct RenameFailure: Error, CustomStringConvertible {
    var description: String
}
