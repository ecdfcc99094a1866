import Foundation
import TermTableTesting
import Testing

/// The real `logs` in tmux in the screen-reader mode (`TERMTABLE_ACCESSIBLE=1`): the terminal's cursor follows the
/// list's cursor row, where a screen reader reads.
@Suite("logs in the screen-reader mode", .serialized)
struct LogsReaderEndToEndTests {
    /// The line showing `entry n` (not `entry n0`).
    static func isEntry(_ n: Int) -> (Substring) -> Bool {
        { line in line.hasSuffix("entry \(n)") || line.contains("entry \(n) ") }
    }

    /// 40 entries on a 30-line pane: after G, k, g and j the cursor is shown on the cursor row's entry.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theTerminalCursorFollowsTheCursorRow() throws {
        let directory = try LogsShellEndToEndTests.newDirectory()
        let session = try TmuxSession(
            running: try BuiltProducts.executable(named: "logs"), arguments: ["app.log"],
            environment: [
                "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "TERMTABLE_ACCESSIBLE": "1",
            ],
            width: 120, directory: directory)
        defer { session.close() }
        try session.waitFor("the list") { LogsShellEndToEndTests.isTheList($0) && $0.contains("entry ") }
        for (key, entry) in [("G", 39), ("k", 38), ("g", 0), ("j", 1)] {
            try session.send(key)
            try session.waitForCursor(on: "entry \(entry) after \(key)", Self.isEntry(entry))
        }
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
    }
}
