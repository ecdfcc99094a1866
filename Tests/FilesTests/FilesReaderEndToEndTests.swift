import Foundation
import TermTableTesting
import Testing

/// The real `files` in tmux in the screen-reader mode (`TERMTABLE_ACCESSIBLE=1`): the terminal's cursor follows the
/// tree's cursor row, where a screen reader reads.
@Suite("files in the screen-reader mode", .serialized)
struct FilesReaderEndToEndTests {
    /// A directory and 30 files on a 100x20 pane: after G, k, g and j the cursor is shown on the cursor
    /// row's name.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theTerminalCursorFollowsTheCursorRow() throws {
        let files = try BuiltProducts.executable(named: "files")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "files-reader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = directory.appendingPathComponent("tree")
        try FileManager.default.createDirectory(
            at: tree.appendingPathComponent("alpha"), withIntermediateDirectories: true)
        for n in 0..<30 {
            try Data("inside\n".utf8).write(to: tree.appendingPathComponent(String(format: "file-%02d.txt", n)))
        }
        let session = try TmuxSession(
            running: files, arguments: ["tree"], environment: ["TERMTABLE_ACCESSIBLE": "1"],
            unsetting: ["TERMTABLE_ASCII"], width: 100, height: 20, directory: directory)
        defer { session.close() }
        try session.waitFor(text: "1/31")
        let alpha: (Substring) -> Bool = { $0.contains("+ alpha/") }
        try session.waitForCursor(on: "alpha", alpha)
        for (key, name) in [
            ("G", "file-29.txt"), ("k", "file-28.txt"), ("g", nil), ("j", "file-00.txt"), ("End", "file-29.txt"),
            ("Home", nil),
        ] {
            try session.send(key)
            try session.waitForCursor(on: "\(name ?? "alpha") after \(key)") { line in
                name.map { line.contains($0) } ?? alpha(line)
            }
        }
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
    }
}
