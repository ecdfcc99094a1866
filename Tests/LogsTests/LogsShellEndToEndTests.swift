import Foundation
import TermTableTesting
import Testing

/// The real `logs` binary in tmux (each test on its own socket), on the app shell: the entry screen pushed and
/// popped, a key map that moves quit, the command palette; and `logs --keys`.
@Suite("logs' shell in tmux", .serialized)
struct LogsShellEndToEndTests {
    /// A directory holding `app.log` (40 entries, `entry 0` to `entry 39`, then `tail`) and, with `keys`,
    /// `config/logs/keys.conf`.
    static func newDirectory(tail: String = "", keys: String? = nil) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logs-shell-\(UUID().uuidString)")
        let config = directory.appendingPathComponent("config/logs")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let entries = (0..<40).map { "2026-11-25T00:00:\(10 + $0)Z INFO comp\($0 % 3): entry \($0)\n" }.joined()
        try (entries + tail).write(
            to: directory.appendingPathComponent("app.log"), atomically: true, encoding: .utf8)
        if let keys {
            try keys.write(to: config.appendingPathComponent("keys.conf"), atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// `logs app.log` run by ``TmuxSession/init(running:arguments:environment:unsetting:setUp:width:height:directory:)``,
    /// its configuration in the directory's `config`.
    static func start(in directory: URL) throws -> TmuxSession {
        try TmuxSession(
            running: try BuiltProducts.executable(named: "logs"), arguments: ["app.log"],
            environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path], width: 120,
            directory: directory)
    }

    /// The list's screen: its column titles, no breadcrumb.
    static func isTheList(_ screen: String) -> Bool { screen.contains("TIME") && !screen.contains("›") }

    /// `logs` ended with status 0 and the terminal as it was; the pane's text then.
    static func expectCleanExit(_ session: TmuxSession) throws -> String {
        #expect(try session.waitForExitStatus() == 0)
        let after = try session.waitFor(text: "E2E-DONE")
        #expect(try session.terminalWasRestored(), "terminal modes differ after logs ended")
        return after
    }

    /// Enter pushes the cursor's entry on a screen of its own (the breadcrumb names the path); Esc pops it and the
    /// list is back with its cursor where it was: Enter again opens the same entry; q pops it too.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theEntryScreenIsPushedAndPoppedWithTheCursorKept() throws {
        let directory = try Self.newDirectory()
        let session = try Self.start(in: directory)
        defer { session.close() }
        try session.waitFor(text: "entry 39")
        try session.send("g")
        try session.send("j", "j", "j")
        try session.send("Enter")
        let entry = try session.waitFor(text: "logs · app.log › entry 4")
        #expect(entry.contains("2026-11-25T00:00:13Z INFO comp0: entry 3"))
        #expect(entry.contains("entry 4 · 1 line · "))
        try session.send("Escape")
        try session.waitFor("the list", Self.isTheList)
        try session.send("Enter")
        try session.waitFor(text: "logs · app.log › entry 4")
        try session.send("q")
        try session.waitFor("the list", Self.isTheList)
        try session.send("q")
        _ = try Self.expectCleanExit(session)
    }

    /// `$XDG_CONFIG_HOME/logs/keys.conf` moves quit to Q: q does nothing, the hints and the help say Q, Q quits
    /// with the terminal restored; a line naming no action is said on standard error (before the screen starts,
    /// seen once logs ended), the rest holds.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aKeyMapFileMovesQuitToAnotherKey() throws {
        let directory = try Self.newDirectory(keys: "# mine\napp.quit = Q\nbogus.action = x\n")
        let session = try Self.start(in: directory)
        defer { session.close() }
        try session.waitFor(text: "Q quit")
        try session.send("q")
        try session.send("?")
        let help = try session.waitFor(text: "logs keys")
        #expect(help.split(separator: "\n").contains { $0.contains("Q") && $0.contains("quit") })
        try session.send("Escape")
        // Q only once the box closed: Esc then Q at once reads as alt-Q.
        try session.waitFor("the help box closed") { !$0.contains("logs keys") }
        try session.send("Q")
        let after = try Self.expectCleanExit(session)
        // The message may be wider than the pane: its lines are joined back.
        #expect(after.split(separator: "\n").joined().contains("keys.conf:3: no action is named bogus.action"))
    }

    /// Ctrl-P opens the palette over the list's and the app's actions; a few letters of one and Enter run it as
    /// its key would: the stack trace under the cursor expands. `:` opens it too.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func thePaletteRunsAnAction() throws {
        let trace =
            "2026-11-25T00:01:00Z ERROR app.worker: it failed\n\tat Worker.run (worker.swift:12)\n"
            + "\tat Pool.start (pool.swift:40)\n"
        let directory = try Self.newDirectory(tail: trace)
        let session = try Self.start(in: directory)
        defer { session.close() }
        try session.waitFor(text: "it failed  (+2 lines)")
        try session.send("C-p")
        try session.waitFor(text: "space expand the entry into its lines")
        try session.type("expand")
        try session.waitFor("the palette narrowed") {
            !$0.contains("logs.next-error") && $0.contains("space expand the entry into its lines")
        }
        try session.send("Enter")
        let expanded = try session.waitFor(text: "at Worker.run (worker.swift:12)")
        #expect(expanded.contains("at Pool.start (pool.swift:40)") && !expanded.contains("Commands"))
        try session.type(":")
        try session.waitFor(text: "logs.next-error")
        try session.send("Escape")
        try session.waitFor("the palette closed") { !$0.contains("logs.next-error") }
        try session.send("q")
        _ = try Self.expectCleanExit(session)
    }

    /// `logs --keys` prints the effective map (no file, no terminal needed): the defaults with the user's file over
    /// them; a bad line is said on standard error.
    @Test func keysPrintsTheEffectiveKeyMap() throws {
        let directory = try Self.newDirectory(keys: "app.quit = Q, ctrl-q\nlogs.filter = nope-key\n")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        let result = try ChildProcess.run(
            [try BuiltProducts.executable(named: "logs"), "--keys"], environment: environment)
        #expect(result.status == 0)
        #expect(result.output.contains("app.quit = Q, ctrl-q  # quit"), "\(result.output)")
        #expect(result.output.contains("logs.filter = /  # filter as you type"), "\(result.output)")
        #expect(result.output.contains("logs.next-error = n  # next error below"))
        #expect(result.output.contains("logs.expand = space  # expand the entry"))
        #expect(result.output.contains("entry.back = q  # back to the list"))
        #expect(result.output.contains("keys.conf:2: unknown key “nope-key” for logs.filter"), "\(result.output)")
    }
}
