import Foundation
import TermTableTesting
import Testing

/// The end-to-end helpers of TermTableTesting, on the `termtable keys` tool, in a real terminal (tmux).
@Suite("TmuxSession", .serialized)
struct TmuxSessionTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func keysAreShownAndQuittingGivesTheTerminalBack() throws {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let tool = try BuiltProducts.executable(named: "termtable")
        let session = try TmuxSession(
            width: 80, height: 12,
            command: "stty -g > before; '\(tool)' keys; stty -g > after; sleep 30",
            directory: temp)
        defer { session.close() }
        try session.waitFor(text: "termtable keys")
        #expect(try session.format("#{alternate_on}") == "1")
        try session.send("x", "Up", "C-f")
        let screen = try session.waitFor(text: "key ctrl-f")
        #expect(screen.contains("key x\nkey up\nkey ctrl-f"))
        try session.send("q")
        let after = try session.waitForFile("after")
        #expect(after == (try session.waitForFile("before")))
        #expect(try session.format("#{alternate_on}") == "0")
    }

    /// `init(running:)` passes arguments and environment values with quotes and spaces as they are, and records the
    /// program's exit status, pid and the terminal's modes around it.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aProgramRunsWithItsArgumentsAndItsStatusAndModesAreRecorded() throws {
        let temp = try TmuxSession.newDirectory(prefix: "tmux-program")
        defer { try? FileManager.default.removeItem(at: temp) }
        let session = try TmuxSession(
            running: "/bin/sh",
            arguments: [
                "-c", #"printf '[%s] [%s] [%s] %s\n' "$1" "$GREETING" "$HOME" "$LANG"; exit 3"#, "sh",
                "it's a $HOME",
            ],
            environment: ["GREETING": "two  words 'quoted'"], unsetting: ["HOME"], width: 80, height: 12,
            directory: temp)
        defer { session.close() }
        #expect(try session.waitForExitStatus() == 3)
        let screen = try session.waitFor(text: "E2E-DONE")
        #expect(screen.contains("[it's a $HOME] [two  words 'quoted'] [] C.UTF-8"))
        #expect(try session.programPID() > 1)
        #expect(try session.terminalWasRestored())
    }

    /// On a terminal without an alternate screen, what the app drew (its status text) does not stay after `q` (issue 21).
    @Test(.enabled(if: hasTmux, "tmux is not installed"), arguments: ["vt100", "linux"])
    func withoutAnAlternateScreenQuittingLeavesNoText(_ terminal: String) throws {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let tool = try BuiltProducts.executable(named: "termtable")
        let session = try TmuxSession(
            width: 80, height: 12,
            command: "TERM=\(terminal) '\(tool)' keys; echo QUIT-DONE; sleep 30", directory: temp)
        defer { session.close() }
        try session.waitFor(text: "termtable keys")
        #expect(try session.format("#{alternate_on}") == "0", "\(terminal) has no alternate screen")
        try session.send("x")
        try session.waitFor(text: "key x")
        try session.send("q")
        let after = try session.waitFor(text: "QUIT-DONE")
        #expect(
            !after.contains("termtable keys") && !after.contains("key x") && !after.contains("size 80x12"), "\(after)")
    }
}
