import Foundation
import Glibc
import Testing

@testable import NewsKit

/// Feeds given as paths that are not regular files: read with the download's limits (issue 21).
@Suite("Feed files that are not regular files")
struct FeedFileKindTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedkind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Before, the open waited for a writer for ever (`news --print FIFO` hung, q could not help).
    @Test func aNamedPipeNothingWritesToTimesOut() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("silent.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = FeedLoader.readFile(fifo, maxBytes: 1 << 20, timeout: 0.3)
        guard case .failure(let failure) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(failure.message.contains("timed out after 0 s reading \(fifo)"), "\(failure.message)")
    }

    @Test func aDeviceIsReadOnlyUpToTheSizeLimit() {
        let result = FeedLoader.readFile("/dev/zero", maxBytes: 100_000, timeout: 5)
        guard case .failure(let failure) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(failure.message == "/dev/zero is larger than \(FeedLoader.sizeText(100_000)); not loaded")
    }

    @Test func aDirectoryAndAMissingFileSayWhat() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            FeedLoader.readFile(directory.path, maxBytes: 10, timeout: 1)
                == .failure(.init(message: "\(directory.path) is a directory, not a feed file")))
        let missing = directory.appendingPathComponent("none.xml").path
        #expect(
            FeedLoader.readFile(missing, maxBytes: 10, timeout: 1)
                == .failure(.init(message: "no such file: \(missing)")))
    }

    /// `/proc/self/mem` cannot be read from its start: the C library's reason, not "NSCocoaErrorDomain error 256".
    @Test func aReadErrorGivesTheReason() {
        let result = FeedLoader.readFile("/proc/self/mem", maxBytes: 1 << 20, timeout: 1)
        guard case .failure(let failure) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(failure.message == "cannot read /proc/self/mem: Input/output error", "\(failure.message)")
    }
}
