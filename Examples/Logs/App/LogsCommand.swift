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

    /// `--spool-limit`'s default, MiB.
    static let defaultSpoolLimit = 256

    func validate() throws {
        if let generate, generate < 0 { throw ValidationError("--generate takes a number of lines (0 or more)") }
        if generate == nil, files.isEmpty { throw ValidationError("give a log file, or - for standard input") }
        guard spoolLimit > 0 else { throw ValidationError("--spool-limit must be positive") }
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
        try await Self.view(files, spoolLimit: spoolLimit)
    }

    /// The arguments when they are only paths (or `-`): the common `logs FILE...`, run without the argument
    /// parser, whose reflection over the options takes about a millisecond and a half of the first screen's
    /// time; nil when any argument is an option (then the parser takes them all, help and errors included).
    static func pathsOnly(_ arguments: [String]) -> [String]? {
        guard !arguments.isEmpty, arguments.allSatisfy({ $0 == "-" || !$0.hasPrefix("-") }) else { return nil }
        return arguments
    }

    /// Shows `files` (opened here, refused with a message) until the user quits.
    @MainActor
    static func view(_ files: [String], spoolLimit: Int) async throws {
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
        let viewer = try LogViewer(files: opened)
        let screen = try CursesScreen()
        defer { screen.close() }
        let app = Application(screen: screen, rootView: viewer.root)
        viewer.install(in: app)
        await app.run()
        viewer.stopFollowing()
    }
}
