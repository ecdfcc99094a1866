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

    /// Before, the open waited for a writer for ever (`news --print FIFO` hung, q could not help); then it waited
    /// the whole download limit (15 s). Now a pipe with no writer is reported after `pipeWriterWait` (1 s).
    @Test func aNamedPipeNothingWritesToIsReportedWithinASecond() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("silent.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = ContinuousClock.now
        let result = FeedLoader.readFile(fifo, maxBytes: 1 << 20, timeout: 15)
        let elapsed = ContinuousClock.now - start
        guard case .failure(let failure) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(failure.message == "nothing writes to the named pipe \(fifo) (no writer came within 1 s)")
        // 1 s of waiting for a writer; the rest is slack for a loaded machine, far below the 15 s limit.
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(12), "\(elapsed)")
    }

    /// A writer that opened the pipe may take its time: the short wait is for a writer, not for its first byte.
    @Test func aNamedPipeWhoseWriterIsSlowIsReadToItsEnd() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("slow.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY | O_CLOEXEC)  // waits for the reader
            guard descriptor >= 0 else { return }
            usleep(1_500_000)  // three times the wait for a writer below
            _ = "<rss/>".withCString { write(descriptor, $0, 6) }
            close(descriptor)
        }
        writer.start()
        let result = FeedLoader.readFile(fifo, maxBytes: 1 << 20, timeout: 15, pipeWriterWait: 0.5)
        guard case .success(let data) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == "<rss/>")
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
