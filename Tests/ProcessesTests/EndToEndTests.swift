import Foundation
import TermTableTesting
import Testing

/// The real `procs` binary in tmux, on real /proc, over `sleep` children this test starts (and always kills).
@Suite("procs in tmux", .serialized)
struct EndToEndTests {
    static func newDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("procs-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `procs` in a shell that records the terminal modes around it and its exit status.
    static func start(_ arguments: String, directory: URL, environment: String = "") throws -> TmuxSession {
        let procs = try BuiltProducts.executable(named: "procs")
        let script = """
            trap ':' INT TERM HUP
            cd '\(directory.path)'
            stty -g > before
            env LANG=C.UTF-8 TERM=xterm-256color \(environment) '\(procs)' \(arguments)
            echo $? > status
            stty -g > after
            echo E2E-DONE
            exec sleep 600
            """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        return try TmuxSession(width: 100, height: 30, command: "sh '\(directory.path)/run.sh'", directory: directory)
    }

    /// The pane's line showing `pid`'s row.
    static func line(of pid: pid_t, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.dropFirst(2).split(separator: " ").first == Substring(String(pid)) }
            .map(String.init)
    }

    /// The clock at the end of the title bar (changes at each refresh, a second apart).
    static func sampleClock(_ screen: String) -> Substring? {
        screen.split(separator: "\n").first?.split(separator: "·").last
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func onlyTheMarkedProcessIsSignalledAfterResortsAndRefreshes() throws {
        let sleepers = try SleepingChildren(count: 3)
        defer { sleepers.stop() }
        let sorted = sleepers.pids.sorted()  // `p` sorts by pid: a, b, c top to bottom
        let (a, b, c) = (sorted[0], sorted[1], sorted[2])
        let directory = Self.newDirectory()
        let session = try Self.start("--pid \(a) \(b) \(c)", directory: directory)
        defer { session.close() }

        try session.waitFor("the three sleepers") { screen in
            [a, b, c].allSatisfy { Self.line(of: $0, in: screen) != nil }
        }
        try session.send("p")
        try session.waitFor(text: "sort pid ▲")

        // Nothing marked: K sends nothing, whatever the cursor is on.
        try session.send("K")
        try session.waitFor(text: "nothing marked")

        // Mark the second row (b), then reverse the order and let refreshes pass.
        try session.send("j", "Space")
        try session.waitFor("b marked") { Self.line(of: b, in: $0)?.hasPrefix("✓") == true && $0.contains("1 marked") }
        try session.send("r")
        let reversed = try session.waitFor(text: "sort pid ▼")
        let clock = Self.sampleClock(reversed)
        try session.waitFor("a refresh") { Self.sampleClock($0) != clock && $0.contains("sort pid ▼") }
        try session.send("c")
        let screen = try session.waitFor("the mark still on b") { screen in
            screen.contains("sort cpu ▼") && Self.line(of: b, in: screen)?.hasPrefix("✓") == true
        }
        #expect(Self.line(of: a, in: screen)?.hasPrefix("✓") == false)
        #expect(Self.line(of: c, in: screen)?.hasPrefix("✓") == false)

        // K asks, listing b only; n sends nothing.
        try session.send("K")
        let dialog = try session.waitFor(text: "Send SIGTERM to 1 marked process?")
        #expect(dialog.contains("\(b)  "))
        #expect(!dialog.contains("\(a)  root") && !dialog.contains("\(c)  root"))
        try session.send("n")
        try session.waitFor(text: "SIGTERM not sent")
        #expect(sleepers.endingSignal(b) == nil)

        // K and y: b gets SIGTERM, a and c live.
        try session.send("K")
        try session.waitFor(text: "Send SIGTERM to 1 marked process?")
        try session.send("y")
        try session.waitFor(text: "SIGTERM sent to 1 process")
        #expect(sleepers.waitForEnd(b) == SIGTERM)
        #expect(sleepers.endingSignal(a) == nil)
        #expect(sleepers.endingSignal(c) == nil)

        // Gone from the list at the next refresh (reaped above); the others stay, unmarked.
        let after = try session.waitFor("b gone") { Self.line(of: b, in: $0) == nil }
        #expect(Self.line(of: a, in: after) != nil && Self.line(of: c, in: after) != nil)
        #expect(after.contains("0 marked"))

        try session.send("q")
        let status = try session.waitForFile("status")
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        try session.waitFor(text: "E2E-DONE")
        let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        #expect(try session.waitForFile("after") == before, "terminal modes differ after procs ended")
        #expect(try session.format("#{alternate_on}") == "0")
        #expect(sleepers.endingSignal(a) == nil && sleepers.endingSignal(c) == nil)
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theDetailViewAndCtrlCRestoresTheTerminal() throws {
        let sleepers = try SleepingChildren(count: 1)
        defer { sleepers.stop() }
        let pid = sleepers.pids[0]
        let directory = Self.newDirectory()
        let session = try Self.start("--pid \(pid)", directory: directory)
        defer { session.close() }
        try session.waitFor("the sleeper") { Self.line(of: pid, in: $0) != nil }
        try session.send("Enter")
        let detail = try session.waitFor(text: "Program   ")
        #expect(detail.contains("Command   sleep 1000."))
        #expect(detail.contains("pid \(pid) · parent \(getpid())"))
        try session.send("Escape")
        try session.waitFor(text: "COMMAND")
        try session.send("C-c")
        let status = try session.waitForFile("status")
        #expect(Int(status.trimmingCharacters(in: .whitespacesAndNewlines)) == 128 + Int(SIGINT))
        try session.waitFor(text: "E2E-DONE")
        let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        #expect(try session.waitForFile("after") == before)
        #expect(try session.format("#{alternate_on}") == "0")
        #expect(sleepers.endingSignal(pid) == nil)
    }

    /// Enter pushes the cursor's process's detail screen (the breadcrumb names the path); q and Esc pop it, and the
    /// list is back with its cursor where it was: Enter again opens the same process.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theDetailScreenIsPushedAndPoppedWithTheCursorKept() throws {
        let sleepers = try SleepingChildren(count: 3)
        defer { sleepers.stop() }
        let sorted = sleepers.pids.sorted()
        let directory = Self.newDirectory()
        let session = try Self.start("--pid " + sorted.map(String.init).joined(separator: " "), directory: directory)
        defer { session.close() }
        try session.waitFor("the three sleepers") { screen in sorted.allSatisfy { Self.line(of: $0, in: screen) != nil }
        }
        try session.send("p")
        try session.waitFor(text: "sort pid ▲")
        try session.send("j")
        try session.send("Enter")
        let detail = try session.waitFor(text: "procs › sleep · pid \(sorted[1])")
        #expect(detail.contains("pid \(sorted[1]) · parent \(getpid())"))
        try session.send("q")
        let list = try session.waitFor(text: "COMMAND")
        #expect(!list.contains("procs ›"), "the list is back, its title bar on top")
        try session.send("Enter")
        try session.waitFor(text: "procs › sleep · pid \(sorted[1])")
        try session.send("Escape")
        try session.waitFor(text: "COMMAND")
        try session.send("q")
        let status = try session.waitForFile("status")
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    /// A directory holding `config/procs/keys.conf` with `text`: the `XDG_CONFIG_HOME` of a run.
    static func keyMapDirectory(_ text: String) throws -> URL {
        let directory = newDirectory()
        let config = directory.appendingPathComponent("config/procs")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try text.write(to: config.appendingPathComponent("keys.conf"), atomically: true, encoding: .utf8)
        return directory
    }

    /// `$XDG_CONFIG_HOME/procs/keys.conf` moves quit to Q: q does nothing, the help lists Q, Q quits; a line naming
    /// no action is said on standard error (before the screen starts, seen once procs ended), the rest holds.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aKeyMapFileMovesQuitToAnotherKey() throws {
        let sleepers = try SleepingChildren(count: 1)
        defer { sleepers.stop() }
        let directory = try Self.keyMapDirectory("# mine\napp.quit = Q\nbogus.action = x\n")
        let config = directory.appendingPathComponent("config").path
        let session = try Self.start(
            "--pid \(sleepers.pids[0])", directory: directory, environment: "XDG_CONFIG_HOME='\(config)'")
        defer { session.close() }
        try session.waitFor(text: "Q quit")
        try session.send("q")
        try session.send("?")
        let help = try session.waitFor(text: "procs keys")
        #expect(help.contains("Q                 quit") || help.contains("Q  quit") || help.contains("│ Q"))
        try session.send("Escape")
        // Q only once the box closed: Esc then Q at once reads as alt-Q.
        try session.waitFor("the help box closed") { !$0.contains("procs keys") }
        try session.send("Q")
        let status = try session.waitForFile("status")
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let after = try session.waitFor(text: "E2E-DONE")
        // The message is wider than the pane: its lines are joined back.
        #expect(after.split(separator: "\n").joined().contains("keys.conf:3: no action is named bogus.action"))
    }

    /// `procs --keys` prints the effective map (no terminal needed): the defaults with the user's file over them.
    @Test func keysPrintsTheEffectiveKeyMap() throws {
        let directory = try Self.keyMapDirectory("app.quit = Q, ctrl-q\n")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        let result = try ChildProcess.run(
            [try BuiltProducts.executable(named: "procs"), "--keys"], environment: environment)
        #expect(result.status == 0)
        #expect(result.output.contains("app.quit = Q, ctrl-q  # quit"), "\(result.output)")
        #expect(result.output.contains("process.kill = X  # SIGKILL the marked processes (asks first)"))
        #expect(result.output.contains("sort.cpu = c  # by CPU"))
        #expect(result.output.contains("detail.back = q  # back to the list"))
        #expect(!result.output.contains("conflict"), "the default keys have no conflict: \(result.output)")
    }

    @Test func keysPrintsSequencesAndSaysAKeyThatStartsAnothersSequence() throws {
        let directory = try Self.keyMapDirectory("app.quit = Q, q q\napp.help = q\n")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        let result = try ChildProcess.run(
            [try BuiltProducts.executable(named: "procs"), "--keys"], environment: environment)
        #expect(result.status == 0)
        #expect(result.output.contains("app.quit = Q, q q  # quit"), "\(result.output)")
        #expect(
            result.output.contains("keys.conf:1: q runs app.help, so q q (app.quit) is never typed (one scope)"),
            "\(result.output)")
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aClickOnAColumnTitleSortsByItAndAnotherReverses() throws {
        let sleepers = try SleepingChildren(count: 2)
        defer { sleepers.stop() }
        let directory = Self.newDirectory()
        let session = try Self.start(
            "--pid " + sleepers.pids.map(String.init).joined(separator: " "), directory: directory)
        defer { session.close() }
        let screen = try session.waitFor("the sleepers") { screen in
            sleepers.pids.allSatisfy { Self.line(of: $0, in: screen) != nil }
        }
        let titles = String(screen.split(separator: "\n", omittingEmptySubsequences: false)[1])
        let rss = try #require(titles.range(of: "RSS"), "\(titles)")
        let x = titles.distance(from: titles.startIndex, to: rss.lowerBound)
        // What the terminal sends for a left press and release (SGR reports: 1-based column, line 2 is the header row).
        func click(atX x: Int) throws { try session.type("\u{1B}[<0;\(x + 1);2M\u{1B}[<0;\(x + 1);2m") }
        try click(atX: x)
        let sorted = try session.waitFor(text: "sort memory ▼")
        #expect(sorted.contains("▼ RSS"))
        // Another cell of the same title (the same cell twice in quick succession would be a double click).
        try click(atX: x + 2)
        let reversed = try session.waitFor(text: "sort memory ▲")
        #expect(reversed.contains("▲ RSS"))
        try session.send("q")
        #expect(try session.waitForFile("status").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func withoutATerminalProcsSaysSoAndFails() throws {
        let result = try ChildProcess.run(
            [try BuiltProducts.executable(named: "procs")],
            environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 1)
        #expect(result.output.contains("procs needs a terminal"))
    }
}
