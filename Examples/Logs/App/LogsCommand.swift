import ArgumentParser
import FoundationEssentials
import Glibc
import LogKit
import LogsCore
import TermTable

/// `logs`: log files (or standard input), one row per entry, opened at the end and followed (run by ``LogsEntry``).
struct LogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs",
        abstract: "A log viewer: opens at the end and follows; / filters, n/N errors, Enter shows an entry."
    )

    @Argument(help: "Log files, merged by time when several; - reads standard input.")
    var files: [String] = []

    @Option(
        help: "Write this many generated log lines to --output instead of viewing (seeded, about 150 bytes a line).")
    var generate: Int?

    @Option(help: "Where --generate writes (default: standard output).")
    var output: String?

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 25

    @Option(help: "The most MiB of a pipe or standard input kept (in a deleted temporary file).")
    var spoolLimit: Int = Self.defaultSpoolLimit

    @Flag(help: "Print the effective key map (the defaults with $XDG_CONFIG_HOME/logs/keys.conf over them) and exit.")
    var keys = false

    /// `--spool-limit`'s default, MiB.
    static let defaultSpoolLimit = 256

    /// The largest `--spool-limit`, MiB: the most whose bytes fit in an `Int64`.
    static let largestSpoolLimit = Int(Int64.max >> 20)

    func validate() throws {
        if let generate, generate < 0 { throw ValidationError("--generate takes a number of lines (0 or more)") }
        if generate == nil, !keys, files.isEmpty { throw ValidationError("give a log file, or - for standard input") }
        guard spoolLimit > 0 else { throw ValidationError("--spool-limit must be positive") }
        // In bytes it must fit in an Int64 (`<< 20` of a larger number wrapped: "input stopped at -1 MiB").
        guard spoolLimit <= Self.largestSpoolLimit else {
            throw ValidationError("--spool-limit takes at most \(Self.largestSpoolLimit) (MiB)")
        }
    }

    static func fail(_ text: String) -> ExitCode {
        let message = Array(("logs: " + LogText.printable(text) + "\n").utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        return ExitCode(1)
    }

    @MainActor
    func run() async throws {
        if let generate {
            let fd = output.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) } ?? STDOUT_FILENO
            guard fd >= 0 else {
                throw Self.fail("\(output ?? "-"): cannot write: \(String(cString: strerror(errno)))")
            }
            var generator = LogGenerator(seed: seed)
            guard generator.write(lines: generate, to: fd) else { throw Self.fail("writing failed") }
            if fd != STDOUT_FILENO { close(fd) }
            return
        }
        if keys {
            let keyMap = Self.loadKeyMap()
            let scopes = LogViewer.defaultActionScopes
            print(KeyMap.describe(scopes.flatMap(keyMap.applied(to:))))
            return
        }
        try await Self.view(files, spoolLimit: spoolLimit)
    }

    /// The user's key map (`$XDG_CONFIG_HOME/logs/keys.conf`) over the defaults; what is wrong with it (a line that
    /// names no action or no key, two actions of one scope on one key) said on standard error, with the file's line.
    @MainActor
    static func loadKeyMap() -> KeyMap {
        let (keyMap, problems) = KeyMap.load(contentsOf: KeyMap.defaultPath(forApp: "logs") ?? "")
        for problem in problems + keyMap.problems(against: LogViewer.defaultActionScopes) {
            let message = Array("logs: \(LogText.printable(problem.description))\n".utf8)
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        return keyMap
    }

    /// The arguments when they are only paths (or `-`): the common `logs FILE...`, run without the argument
    /// parser, whose reflection over the options takes about a millisecond and a half of the first screen's
    /// time; nil when any argument is an option (then the parser takes them all, help and errors included).
    static func pathsOnly(_ arguments: [String]) -> [String]? {
        guard !arguments.isEmpty, arguments.allSatisfy({ $0 == "-" || !$0.hasPrefix("-") }) else { return nil }
        return arguments
    }

    /// The descriptors one file (or pipe) may hold: its own, its follower's, and the follower's inotify instance (a
    /// pipe: the pipe and its spool).
    static let descriptorsPerFile = 3

    /// The descriptors `logs` opens after its files whatever they are: the terminal's (3), a signal pipe (2),
    /// libdispatch's main queue eventfd and epoll (2), short-lived ones (a thread naming itself, a scan's `dup`), with
    /// room to spare (measured: 10 at the first screen, and one short-lived).
    static let descriptorsAfterFiles = 12

    /// Why `count` files cannot be shown with the descriptors the process may open (`RLIMIT_NOFILE`), nil when
    /// they can: those open now (inherited ones too), the files' and those opened after them. The soft limit is
    /// raised first when the hard one allows. Checked before anything is opened, as libdispatch dies (SIGILL, no
    /// message) when it cannot make the main queue's eventfd.
    static func descriptorShortage(files count: Int) -> String? {
        let needed = rlim_t(openDescriptors() + descriptorsPerFile * count + descriptorsAfterFiles)
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        guard limit.rlim_cur < needed else { return nil }
        if limit.rlim_max >= needed {
            var raised = limit
            raised.rlim_cur = needed
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { return nil }
        }
        let files = count == 1 ? "1 file needs" : "\(count) files need"
        return "\(files) up to \(needed) file descriptors, but the limit is \(min(limit.rlim_cur, limit.rlim_max))"
            + " (RLIMIT_NOFILE, ulimit -n): raise it or give fewer files"
    }

    /// The number of descriptors open now (3 when /proc cannot tell).
    static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 3 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return max(3, count - 1)  // not the directory's own descriptor
    }

    /// Shows `files` (opened here, refused with a message) until the user quits.
    @MainActor
    static func view(_ files: [String], spoolLimit: Int) async throws {
        if let shortage = descriptorShortage(files: files.count) { throw fail(shortage) }
        var opened: [LogFile] = []
        for path in files {
            do {
                opened.append(try LogFile(path: path, spoolLimit: Int64(spoolLimit) << 20))
            } catch {
                throw fail(error.message)
            }
        }
        // Standard input may be the log: keys then come from the terminal.
        let keyboard = files.contains("-") ? open("/dev/tty", O_RDWR | O_CLOEXEC) : STDIN_FILENO
        guard keyboard >= 0, isatty(keyboard) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw fail("logs needs a terminal (for keys and the screen)")
        }
        if keyboard != STDIN_FILENO {
            guard dup2(keyboard, STDIN_FILENO) >= 0 else { throw fail("cannot read keys from /dev/tty") }
            close(keyboard)
        }
        // A bad key map is said on standard error before the screen starts; its good lines and the defaults hold.
        let keyMap = loadKeyMap()
        let (theme, themeProblems) = Theme.load(forApp: "logs")
        for problem in themeProblems {
            let message = Array("logs: \(problem)\n".utf8)
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        let viewer = try LogViewer(files: opened)
        let screen = try CursesScreen()
        defer { screen.close() }
        let app = Application(screen: screen, rootView: viewer.root)
        app.keyMap = keyMap
        app.theme = theme
        viewer.install(in: app)
        await app.run()
        viewer.stopFollowing()
    }
}
