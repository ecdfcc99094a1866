import Foundation
import Glibc
import TermTableTesting
import Testing

extension ProcessStateTests {
    /// `termtable keys` on a real pseudo-terminal: whatever ends it, the terminal gets its modes back
    /// and leaves full-screen mode, and the exit status stays conventional.
    @Suite(.serialized)
    struct TerminalGuardTests {
        @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
        func signalRestoresTheTerminalAndKillsWithTheSignal(signal: Int32) async throws {
            let run = try KeysRun()
            defer { run.finish() }
            try await run.waitForFirstScreen()
            let mark = run.output.count

            #expect(kill(run.pid, signal) == 0)
            let status = try #require(
                await run.waitForExit(), "termtable keys did not exit within 60 s of signal \(signal)")

            #expect(ExitStatus(status) == .signaled(signal), "raw wait status \(status)")
            run.expectModesRestored()
            let after = String(decoding: run.output[mark...], as: UTF8.self)
            #expect(after.contains("\u{1B}[?1049l"), "no rmcup after the signal: \(after.debugDescription)")
            #expect(
                after.contains("\u{1B}[?12l\u{1B}[?25h") || after.contains("\u{1B}[?25h"),
                "no cursor-visible sequence after the signal: \(after.debugDescription)")
            let before = String(decoding: run.output[..<mark], as: UTF8.self)
            #expect(before.contains("\u{1B}[?2004h"), "bracketed paste was not turned on")
            #expect(after.contains("\u{1B}[?2004l"), "bracketed paste left on after the signal")
        }

        /// Every other signal whose default action ends the process, crashes included (sent with kill).
        @Test(arguments: [
            SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS,
            SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
        ])
        func everyTerminatingSignalRestoresTheTerminal(signal: Int32) async throws {
            try await signalRestoresTheTerminalAndKillsWithTheSignal(signal: signal)
        }

        @Test func aStackOverflowRestoresTheTerminal() async throws {
            let run = try KeysRun(arguments: ["diagnose", "stack-overflow"])
            defer { run.finish() }
            let status = try #require(
                await run.waitForExit(), "termtable diagnose stack-overflow did not stop within 60 s")
            #expect(ExitStatus(status) == .signaled(SIGSEGV), "raw wait status \(status)")
            run.expectModesRestored()
            let text = String(decoding: run.output, as: UTF8.self)
            let entered = try #require(text.range(of: "\u{1B}[?1049h"), "the program entered full-screen mode")
            #expect(text.contains("diagnose stack-overflow"), "it drew its screen first: \(text.debugDescription)")
            let left = try #require(
                text.range(of: "\u{1B}[?1049l", range: entered.upperBound..<text.endIndex),
                "no rmcup after the stack overflow: \(text.debugDescription)")
            #expect(
                text[entered.upperBound..<left.lowerBound].contains("\u{1B}[?25h"),
                "no cursor-visible sequence after the stack overflow: \(text.debugDescription)")
            #expect(text.contains("\u{1B}[?1000l"), "mouse reporting is switched off")
        }

        @Test func anUnregisteredIdentifierStopsWithItsMessageAfterTheTerminalIsRestored() async throws {
            let run = try KeysRun(arguments: ["diagnose", "unregistered-identifier"])
            defer { run.finish() }
            let status = try #require(await run.waitForExit(), "termtable diagnose did not stop within 60 s")
            #expect(
                ExitStatus(status) == .signaled(SIGILL) || ExitStatus(status) == .signaled(SIGTRAP),
                "a programmer error traps: \(ExitStatus(status))")
            run.expectModesRestored()
            let text = String(decoding: run.output, as: UTF8.self)
            let restored = try #require(text.range(of: "\u{1B}[?1049l"), "the terminal left full-screen mode")
            let message = try #require(
                text.range(
                    of: "no cell is registered for reuse identifier 'rwo'; did you mean 'row'? (registered: 'row')"),
                "the message names the identifier and the registered ones: \(text.debugDescription)")
            #expect(restored.upperBound <= message.lowerBound, "the message comes after the terminal is restored")
            #expect(text.components(separatedBy: "atal error: ").count == 2, "the message is printed once: \(text)")
        }

        @Test func aViewOfAnotherClassForATagStopsWithItsMessageAfterTheTerminalIsRestored() async throws {
            let run = try KeysRun(arguments: ["diagnose", "wrong-tag-class"])
            defer { run.finish() }
            let status = try #require(await run.waitForExit(), "termtable diagnose did not stop within 10 s")
            #expect(
                ExitStatus(status) == .signaled(SIGILL) || ExitStatus(status) == .signaled(SIGTRAP),
                "a programmer error traps: \(ExitStatus(status))")
            run.expectModesRestored()
            let text = String(decoding: run.output, as: UTF8.self)
            let restored = try #require(text.range(of: "\u{1B}[?1049l"), "the terminal left full-screen mode")
            let message = try #require(
                text.range(of: "viewWithTag(2, as: Label.self): the view with tag 2 is a ProgressBar, not a Label"),
                "the message names the tag and both classes: \(text.debugDescription)")
            #expect(restored.upperBound <= message.lowerBound, "the message comes after the terminal is restored")
            #expect(text.components(separatedBy: "atal error: ").count == 2, "the message is printed once: \(text)")
        }

        /// As less and vim do: a terminal that cannot move the cursor is refused with a message, and nothing
        /// (no full-screen mode, no escape sequence) is sent to it.
        @Test(arguments: ["dumb"])
        func aTerminalWithoutCursorAddressingIsRefused(terminalType: String) async throws {
            let run = try KeysRun(terminalType: terminalType)
            defer { run.finish() }
            let status = try #require(
                await run.waitForExit(), "termtable keys did not stop within 60 s on TERM=\(terminalType)")
            #expect(ExitStatus(status) == .exited(1), "raw wait status \(status)")
            run.expectModesRestored()
            let text = String(decoding: run.output, as: UTF8.self)
            #expect(text.contains("terminal type '\(terminalType)' cannot move the cursor"), "\(text.debugDescription)")
            #expect(!text.contains("\u{1B}"), "escape sequences were sent: \(text.debugDescription)")
        }

        /// A resize is shown when it happens, not after the next key (issue 21), even one that comes right after
        /// the first frame, before the run loop's watch chained SIGWINCH (likely under ThreadSanitizer's slowdown,
        /// whose waits scale: ``Sanitizer/scaled(_:)``).
        @Test func keysShowsAResizeAtOnce() async throws {
            let run = try KeysRun()
            defer { run.finish() }
            try await run.waitForFirstScreen()
            let mark = run.output.count
            var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
            #expect(ioctl(run.master, UInt(TIOCSWINSZ), &size) == 0)
            let shown = await run.waitForOutput(
                containing: "resize 100x30", after: mark, wait: Sanitizer.scaled(.seconds(20)))
            #expect(
                shown,
                "no resize shown without a key: \(String(decoding: run.output[mark...], as: UTF8.self).debugDescription)"
            )
            #expect(write(run.master, "q", 1) == 1)
            _ = await run.waitForExit()
        }

        @Test func pressingQExitsWithStatusZeroAndRestoresTheTerminal() async throws {
            let run = try KeysRun()
            defer { run.finish() }
            try await run.waitForFirstScreen()
            let mark = run.output.count

            #expect(write(run.master, "q", 1) == 1)
            let status = try #require(await run.waitForExit(), "termtable keys did not exit within 60 s of 'q'")

            #expect(ExitStatus(status) == .exited(0), "raw wait status \(status)")
            run.expectModesRestored()
            let after = String(decoding: run.output[mark...], as: UTF8.self)
            #expect(after.contains("\u{1B}[?1049l"), "no rmcup after 'q': \(after.debugDescription)")
            #expect(after.contains("\u{1B}[?25h"), "no cursor-visible sequence after 'q': \(after.debugDescription)")
            #expect(after.contains("\u{1B}[?2004l"), "bracketed paste left on after 'q'")
        }
    }
}

/// How a child process ended, decoded from a `waitpid` status (the W* macros are not imported).
enum ExitStatus: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)
    case other(Int32)

    init(_ status: Int32) {
        let signal = status & 0x7F
        if signal == 0 {
            self = .exited((status >> 8) & 0xFF)
        } else if signal != 0x7F {
            self = .signaled(signal)
        } else {
            self = .other(status)
        }
    }

    var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signaled(let signal): return "killed by signal \(signal)"
        case .other(let status): return "stopped or continued (\(status))"
        }
    }
}

struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
    static func system(_ call: String, _ code: Int32 = errno) -> ChildProcessError {
        ChildProcessError("\(call) failed: \(String(cString: strerror(code)))")
    }
}

/// glibc's pseudo-terminal calls: Swift's Glibc module leaves them out (they need _XOPEN_SOURCE),
/// so they are looked up by name in the C library the process already uses.
enum PTY {
    private static func function<T>(_ name: String, as type: T.Type) -> T {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("glibc has no \(name)")
        }
        return unsafeBitCast(symbol, to: type)
    }

    static let openpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsnameR = function(
        "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
}

/// `termtable keys` started with a new pseudo-terminal (120x40) as its controlling terminal.
final class KeysRun {
    let master: Int32
    let slave: Int32
    let pid: pid_t
    /// The modes of the terminal before the child started.
    let modesBefore: termios
    /// Everything the child wrote so far.
    private(set) var output: [UInt8] = []
    private var exited = false

    static let timeout: Duration = .seconds(60)

    init(arguments extra: [String] = ["keys"], terminalType: String = "xterm-256color") throws {
        let executable = try KeysRun.termtableExecutable()

        // The pseudo-terminal. Both ends close on exec: the child opens the slave by name.
        let master = PTY.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw ChildProcessError.system("posix_openpt") }
        guard PTY.grantpt(master) == 0, PTY.unlockpt(master) == 0 else {
            let error = ChildProcessError.system("grantpt/unlockpt")
            close(master)
            throw error
        }
        var name = [CChar](repeating: 0, count: 256)
        let nameResult = PTY.ptsnameR(master, &name, name.count)
        guard nameResult == 0 else {
            close(master)
            throw ChildProcessError.system("ptsname_r", nameResult)
        }
        let slavePath = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let error = ChildProcessError.system("open \(slavePath)")
            close(master)
            throw error
        }
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(slave, UInt(TIOCSWINSZ), &size) == 0 else {
            let error = ChildProcessError.system("ioctl(TIOCSWINSZ)")
            close(slave)
            close(master)
            throw error
        }
        var modes = termios()
        guard tcgetattr(slave, &modes) == 0 else {
            let error = ChildProcessError.system("tcgetattr")
            close(slave)
            close(master)
            throw error
        }

        // The child: a new session whose controlling terminal is the slave (opened after
        // setsid, without O_NOCTTY), as stdin, stdout and stderr; default signal handling.
        var environment = ProcessInfo.processInfo.environment
        for name in ["LINES", "COLUMNS", "TERM", "NO_COLOR"] { environment[name] = nil }
        environment["TERM"] = terminalType
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn([executable] + extra, environment: environment, newSession: true) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
                posix_spawn_file_actions_adddup2(&actions, 0, 1)
                posix_spawn_file_actions_adddup2(&actions, 0, 2)
            }
        } catch {
            close(slave)
            close(master)
            throw ChildProcessError("posix_spawn \(executable): \(error)")
        }
        self.master = master
        self.slave = slave
        self.pid = pid
        self.modesBefore = modes
    }

    /// The `termtable` tool, built by `swift build` next to the test bundle.
    static func termtableExecutable() throws -> String {
        try BuiltProducts.executable(named: "termtable")
    }

    /// Reads what the child wrote, waiting up to `wait` for it without holding a thread: the pty is
    /// polled without blocking and the task sleeps in between, so the cooperative pool stays free for
    /// the suites running beside this one.
    private func readAvailable(wait: Duration) async {
        let deadline = ContinuousClock.now + wait
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) > 0 { break }
            if ContinuousClock.now >= deadline { return }
            try? await Task.sleep(for: .milliseconds(5))
        }
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            output.append(contentsOf: buffer[0..<count])
            // More may be waiting right now.
            var again = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&again, 1, 0) > 0, again.revents & Int16(POLLIN) != 0 else { return }
        }
    }

    /// Reads until the output (from `start` on) contains `text`; false after `wait` without it.
    func waitForOutput(containing text: String, after start: Int, wait: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now + wait
        while ContinuousClock.now < deadline {
            await readAvailable(wait: .milliseconds(50))
            if String(decoding: output[start...], as: UTF8.self).contains(text) { return true }
        }
        return false
    }

    /// Reads until the child has drawn its first screen; throws (and the child is killed later) on timeout.
    func waitForFirstScreen() async throws {
        let deadline = ContinuousClock.now + KeysRun.timeout
        while ContinuousClock.now < deadline {
            await readAvailable(wait: .milliseconds(50))
            let text = String(decoding: output, as: UTF8.self)
            if text.contains("termtable keys") && text.contains("size 120x40") {
                // The child's terminal is in full-screen mode now: the restore test is not vacuous.
                var modes = termios()
                #expect(tcgetattr(slave, &modes) == 0)
                #expect(modes.c_lflag & tcflag_t(ICANON | ECHO) == 0, "curses did not take the terminal")
                #expect(text.contains("\u{1B}[?1049h"), "no smcup in the first screen")
                return
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                throw ChildProcessError(
                    "termtable keys ended before drawing (\(ExitStatus(status))): "
                        + String(decoding: output, as: UTF8.self).debugDescription)
            }
        }
        throw ChildProcessError(
            "termtable keys drew no first screen within 60 s; it wrote: "
                + String(decoding: output, as: UTF8.self).debugDescription
                + "; the child: " + KeysRun.describeProcess(pid))
    }

    /// Where a process is stuck, from /proc: its state, wait channel, signal masks and the threads' states.
    static func describeProcess(_ pid: pid_t) -> String {
        func read(_ path: String) -> String {
            (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        }
        let status = read("/proc/\(pid)/status").split(separator: "\n")
            .filter {
                ["State", "SigBlk", "SigIgn", "SigCgt", "Threads"].contains(
                    $0.split(separator: ":").first.map(String.init) ?? "")
            }
            .joined(separator: ", ")
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).sorted().map {
            task in
            "\(task): \(read("/proc/\(pid)/task/\(task)/comm")) \(read("/proc/\(pid)/task/\(task)/wchan"))"
        }
        return "\(status); wchan \(read("/proc/\(pid)/wchan")); threads [\(threads.joined(separator: "; "))]; stack "
            + read("/proc/\(pid)/stack").replacingOccurrences(of: "\n", with: " | ")
    }

    /// Drains the output until the child ends; its wait status, or nil after 60 s (then it is killed).
    func waitForExit() async -> Int32? {
        let deadline = ContinuousClock.now + KeysRun.timeout
        while ContinuousClock.now < deadline {
            await readAvailable(wait: .milliseconds(20))
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exited = true
                // The pty hands the last bytes over asynchronously: read until it stays quiet.
                var quiet = 0
                while quiet < 3 {
                    let before = output.count
                    await readAvailable(wait: .milliseconds(50))
                    quiet = output.count == before ? quiet + 1 : 0
                }
                return status
            }
        }
        return nil
    }

    /// Expects the terminal's modes to be what they were before the child started.
    func expectModesRestored(sourceLocation: SourceLocation = #_sourceLocation) {
        var after = termios()
        #expect(tcgetattr(slave, &after) == 0, sourceLocation: sourceLocation)
        #expect(after.c_lflag == modesBefore.c_lflag, "c_lflag", sourceLocation: sourceLocation)
        #expect(after.c_iflag == modesBefore.c_iflag, "c_iflag", sourceLocation: sourceLocation)
        #expect(after.c_oflag == modesBefore.c_oflag, "c_oflag", sourceLocation: sourceLocation)
        #expect(after.c_cflag == modesBefore.c_cflag, "c_cflag", sourceLocation: sourceLocation)
        var before = modesBefore
        let ccBefore = withUnsafeBytes(of: &before.c_cc) { Array($0) }
        let ccAfter = withUnsafeBytes(of: &after.c_cc) { Array($0) }
        #expect(ccAfter == ccBefore, "c_cc", sourceLocation: sourceLocation)
    }

    /// Kills the child if it still runs, reaps it and closes the terminal.
    func finish() {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            exited = true
        }
        close(slave)
        close(master)
    }
}
