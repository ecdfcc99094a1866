import Foundation
import Glibc
import TermTableTesting
import Testing

/// `news --print FIFO` (issues 21 and 32): a named pipe on the command line is read with the download's limits;
/// one that nothing writes to is reported within a second.
@Suite("news --print: a named pipe")
struct PrintModeFIFOTests {
    /// A named pipe on the command line is read like a download: to its end when its writer closes.
    @Test func aNamedPipeIsReadUntilItsWriterCloses() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("feed.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let feed = try PrintModeTests.fixture("tricky.xml")
        let result = try await PrintModeTests.run([
            "sh", "-c", "cat \"$1\" > \"$2\" & exec timeout 30 \"$0\" --print \"$2\"",
            try EndToEndTests.newsExecutable(), feed, fifo,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("Tricky"))
    }

    /// A named pipe nothing writes to is said at once on standard error, not after the 15 s download limit among
    /// the feeds' text.
    @Test func aNamedPipeWithNoWriterIsReportedOnStandardErrorWithinASecond() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("silent.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let errors = directory.appendingPathComponent("errors").path
        let took = directory.appendingPathComponent("took").path
        // The child's own time, taken by the shell around it: the test's wait for a thread to start it is not
        // the program's (a loaded parallel run once took 94 s to get there).
        let result = try await PrintModeTests.run([
            "/bin/sh", "-c",
            "s=$(date +%s%N); timeout 30 \"$0\" --print \"$1\" \"$2\" 2> \"$3\"; r=$?; "
                + "echo $(( ($(date +%s%N) - s) / 1000000 )) > \"$4\"; exit $r",
            try EndToEndTests.newsExecutable(),
            try PrintModeTests.fixture("tricky.xml"), fifo, errors, took,
        ])
        let milliseconds = Int(
            try String(contentsOfFile: took, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        let elapsed = Duration.milliseconds(milliseconds ?? Int.max)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("Tricky"))
        #expect(!result.output.contains("named pipe"), "standard output holds only the parsed feed")
        let said = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(said == "news: \(fifo): nothing writes to the named pipe \(fifo) (no writer came within 1 s)\n")
        // The second of waiting for a writer, and a start-up on a loaded machine: far below 15 s.
        #expect(elapsed < .seconds(8), "\(elapsed)")
    }
}
