import Foundation
import Glibc
import TermTableTesting
import Testing

/// `news --print FIFO` (issue 21): a named pipe on the command line is read with the download's limits.
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
}
