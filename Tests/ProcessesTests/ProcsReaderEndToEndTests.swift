import Foundation
import TermTableTesting
import Testing

/// The real `procs` in tmux in the screen-reader mode (`TERMTABLE_ACCESSIBLE=1`): the terminal's cursor follows the
/// list's cursor row, where a screen reader reads.
@Suite("procs in the screen-reader mode", .serialized)
struct ProcsReaderEndToEndTests {
    /// Three sleepers listed with `--pid` (not the machine's processes), sorted by pid: after G, k, g and j
    /// the cursor is shown on the line of the pid the cursor row holds.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theTerminalCursorFollowsTheCursorRow() throws {
        let sleepers = try SleepingChildren(count: 3)
        defer { sleepers.stop() }
        let sorted = sleepers.pids.sorted()
        let directory = try TmuxSession.newDirectory(prefix: "procs-reader")
        let session = try TmuxSession(
            running: try BuiltProducts.executable(named: "procs"), arguments: ["--pid"] + sorted.map(String.init),
            environment: [
                "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "TERMTABLE_ACCESSIBLE": "1",
            ],
            directory: directory)
        defer { session.close() }
        try session.waitFor("the three sleepers") { screen in
            sorted.allSatisfy { screen.contains(" \($0) ") } && screen.contains("COMMAND")
        }
        try session.send("p")
        try session.waitFor(text: "sort pid")
        for (key, pid) in [("G", sorted[2]), ("k", sorted[1]), ("g", sorted[0]), ("j", sorted[1])] {
            try session.send(key)
            try session.waitForCursor(on: "pid \(pid) after \(key)") { $0.contains(" \(pid) ") }
        }
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
    }
}
