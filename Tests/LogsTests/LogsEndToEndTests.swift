import Foundation
import TermTableTesting
import Testing

/// The real `logs` binary in tmux (each test on its own socket): a generated file opened at its end, lines
/// appended by a writer that keeps the file open, a filter, quitting with the terminal restored.
@Suite("logs in tmux", .serialized)
struct LogsEndToEndTests {
    static func newDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logs-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func followsAHeldOpenWriterFiltersAndRestoresTheTerminal() throws {
        let logs = try BuiltProducts.executable(named: "logs")
        let directory = Self.newDirectory()
        let log = directory.appendingPathComponent("app.log").path
        let generated = try ChildProcess.run(
            [logs, "--generate", "20000", "--output", log, "--seed", "7"],
            environment: ProcessInfo.processInfo.environment)
        #expect(generated.status == 0)
        let lastLine = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").last.map(String.init)
        let lastMessage = try #require(lastLine?.split(separator: ":").last).trimmingCharacters(in: .whitespaces)
        let session = try TmuxSession(
            running: logs, arguments: ["app.log"], width: 120, directory: directory)
        defer { session.close() }
        try session.waitFor(text: String(lastMessage.prefix(40)))

        // A writer that keeps the file open, as a daemon does.
        let writer = try #require(FileHandle(forWritingAtPath: log))
        writer.seekToEndOfFile()
        writer.write(Data("2026-11-25T23:00:00.000Z ERROR e2e.writer: held-open line one\n".utf8))
        try session.waitFor(text: "held-open line one")
        writer.write(Data("2026-11-25T23:00:01.000Z INFO e2e.writer: held-open line two\n".utf8))
        let screen = try session.waitFor(text: "held-open line two")
        let rows = screen.split(separator: "\n")
        #expect(rows[rows.count - 2].contains("held-open line two"), "the last row stays on screen")
        try writer.close()

        try session.send("/")
        try session.type("held-open")
        try session.waitFor(text: "filter “held-open”")
        try session.waitFor("the matches") { screen in
            screen.contains(" entries · filter “held-open”") && screen.contains("held-open line one")
                && screen.contains("held-open line two")
        }
        try session.send("Enter")
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        #expect(try session.terminalWasRestored(), "terminal modes differ after logs ended")
    }

    @Test func aDeviceIsRefusedWithAClearMessage() throws {
        let result = try ChildProcess.run(
            [try BuiltProducts.executable(named: "logs"), "/dev/zero"], environment: ProcessInfo.processInfo.environment
        )
        #expect(result.status == 1)
        #expect(result.output.contains("/dev/zero: not a regular file or pipe"))
    }

    /// The toolkit holds a closed standard input with /dev/null before `main` (CTermGuard's constructor), so `-` is
    /// the device /dev/null, refused as any device is, not a descriptor some thread opened first.
    @Test func aClosedStandardInputIsDevNullToTheProgram() throws {
        let result = try ChildProcess.run(
            ["/bin/sh", "-c", "exec \"$0\" - <&-", try BuiltProducts.executable(named: "logs")],
            environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 1)
        #expect(result.output.contains("standard input: not a regular file or pipe"), "\(result.output)")
    }

    /// F1: with too few descriptors for the files (8 files at `ulimit -n 20`) libdispatch could not make the main
    /// queue's eventfd and `logs` died of SIGILL with no message; it refuses first, naming the limit. With room
    /// for them (the descriptors the test process leaks to its children count too) it goes on, here to say it
    /// needs a terminal.
    @Test func tooFewDescriptorsForTheFilesAreRefusedNamingTheLimit() throws {
        let directory = Self.newDirectory()
        var paths: [String] = []
        for index in 1...8 {
            let path = directory.appendingPathComponent("f\(index).log").path
            try "2026 INFO a: line \(index)\n".write(toFile: path, atomically: true, encoding: .utf8)
            paths.append("'\(path)'")
        }
        let logs = try BuiltProducts.executable(named: "logs")
        let environment = ProcessInfo.processInfo.environment
        // `ulimit -n` in sh lowers both the soft and the hard limit: raising the soft one cannot help.
        let eight = try ChildProcess.run(
            ["/bin/sh", "-c", "ulimit -n 20; exec '\(logs)' \(paths.joined(separator: " "))"], environment: environment)
        #expect(eight.status == 1)
        #expect(eight.output.contains("8 files need up to"), "\(eight.output)")
        #expect(eight.output.contains("the limit is 20 (RLIMIT_NOFILE, ulimit -n)"), "\(eight.output)")
        let roomy = try ChildProcess.run(
            ["/bin/sh", "-c", "ulimit -n 200; exec '\(logs)' \(paths.joined(separator: " "))"], environment: environment
        )
        #expect(roomy.status == 1)
        #expect(roomy.output.contains("logs needs a terminal"), "\(roomy.output)")
    }

    /// F9: `--spool-limit 9223372036854775807` wrapped to "input stopped at -1 MiB"; a limit whose bytes do not fit
    /// in 64 bits is refused before anything is read.
    @Test func aSpoolLimitThatDoesNotFitIsRefused() throws {
        let logs = try BuiltProducts.executable(named: "logs")
        for value in ["9223372036854775807", "17592186044416"] {
            let result = try ChildProcess.run(
                [logs, "--spool-limit", value, "-"], environment: ProcessInfo.processInfo.environment)
            #expect(result.status != 0)
            #expect(result.output.contains("--spool-limit takes at most 8796093022207 (MiB)"), "\(result.output)")
        }
    }

    @Test func withoutATerminalLogsSaysSoAndFails() throws {
        let directory = Self.newDirectory()
        let log = directory.appendingPathComponent("a.log").path
        try "2026 INFO a: b\n".write(toFile: log, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(
            [try BuiltProducts.executable(named: "logs"), log], environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 1)
        #expect(result.output.contains("logs needs a terminal"))
    }
}
