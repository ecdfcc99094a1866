import Foundation
import TermTableTesting
import Testing

/// The real `tv` in tmux in the screen-reader mode (`TERMTABLE_ACCESSIBLE=1`): the terminal's cursor follows the
/// grid's cursor row (its cell), where a screen reader reads.
@Suite("tv in the screen-reader mode", .serialized)
struct TVReaderEndToEndTests {
    /// A CSV of 50 rows (`r00` to `r49`) on a 30-line pane: after G, k, g and j the cursor is shown on the
    /// cursor row's line.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theTerminalCursorFollowsTheCursorRow() throws {
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = (0..<50).map { String(format: "r%02d,name %d,%d\n", $0, $0, $0 * 7) }.joined()
        try ("id,name,size\n" + rows).write(
            to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            running: try BuiltProducts.executable(named: "tv"), arguments: ["rows.csv"],
            environment: ["TERMTABLE_ACCESSIBLE": "1"], directory: directory)
        defer { session.close() }
        try session.waitFor("the rows") { $0.contains("r00") && $0.contains("50 rows") }
        for (key, row) in [("G", "r49"), ("k", "r48"), ("g", "r00"), ("j", "r01")] {
            try session.send(key)
            try session.waitForCursor(on: "\(row) after \(key)") { $0.contains(row) }
        }
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
    }
}
