import Foundation
import TermTableTesting
import Testing

/// The README's app (`inbox`) in tmux in the screen-reader mode (`TERMTABLE_ACCESSIBLE=1`): with no code of its
/// own for it, the terminal's cursor follows its cursor row, and sits on the help box's first line while it shows.
@Suite("inbox in the screen-reader mode", .serialized)
struct InboxReaderEndToEndTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theTerminalCursorFollowsTheCursorRowAndTheHelpBox() throws {
        let inbox = try BuiltProducts.executable(named: "inbox")
        let directory = try TmuxSession.newDirectory(prefix: "inbox-reader")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(
            running: inbox, environment: ["TERMTABLE_ACCESSIBLE": "1"], unsetting: ["TERMTABLE_ASCII"], width: 60,
            height: 12, directory: directory)
        defer { session.close() }
        let lunch: (Substring) -> Bool = { $0.contains("Lunch on Friday?") }
        let layout: (Substring) -> Bool = { $0.contains("Re: layout format") }
        try session.waitForCursor(on: "the first message", lunch)
        for (key, what, isLine) in [
            ("j", "the second message", { $0.contains("Build is green again") }),
            ("End", "the last message", layout),
            ("Home", "the first message", lunch),
            ("G", "the last message", layout),
            ("k", "the second message", { $0.contains("Build is green again") }),
        ] as [(String, String, (Substring) -> Bool)] {
            try session.send(key)
            try session.waitForCursor(on: "\(what) after \(key)", isLine)
        }
        // The help box's first line: the table's first key (its border drawn as spaces and a plain rule).
        try session.send("?")
        try session.waitForCursor(on: "the help box's first entry") { $0.contains("Up/k") }
        try session.send("Escape")
        try session.waitForCursor(on: "the second message again") { $0.contains("Build is green again") }
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        #expect(try session.terminalWasRestored(), "terminal modes differ after inbox ended")
    }
}
