import Foundation
import Glibc
import TermTableLayouts
import TermTableTesting
import Testing

@testable import TermTable
@testable import TermTableLayout

/// Layout files that are not regular files, or too large, are refused with their name (issue 21).
@Suite("Layout files that are not what they seem", .serialized)
struct LayoutFileKindTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutkind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `termtable ARGUMENTS` through `sh -c` (output redirected by `redirect`) at most 30 s, in at most 4 GB.
    static func termtable(_ arguments: [String], redirect: String = "") async throws -> ChildProcess.Result {
        let termtable = try BuiltProducts.executable(named: "termtable")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // The memory cap stops a read of /dev/zero early; a sanitizer's runtime needs far more address space
        // than it allows (ThreadSanitizer refuses to start), so under one only the time limit applies.
        let cap = Sanitizer.isActive ? "" : "ulimit -v 4000000; "
        let command =
            ["sh", "-c", "\(cap)exec timeout 30 \"$@\" \(redirect)", "sh", termtable] + arguments
        let childEnvironment = environment
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ChildProcess.run(command, environment: childEnvironment) })
            }
        }
    }

    /// Before: lint waited for ever on a FIFO, and read `/dev/zero` until it could not allocate more.
    @Test func lintRefusesAFIFOADeviceAndAFIFOInADirectory() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.layout").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a named pipe (FIFO)"), ("/dev/zero", "a character device")] {
            let result = try await Self.termtable(["lint", path])
            #expect(result.status == 1, "\(path): \(result.output)")
            #expect(
                result.output.contains(
                    "\(path): error: cannot read the layout file: it is \(kind), not a regular file"),
                "\(result.output)")
        }
        let listed = try await Self.termtable(["lint", directory.path])
        #expect(listed.status == 1, "\(listed.output)")
        #expect(listed.output.contains("pipe.layout: error: cannot read the layout file: it is a named pipe"))
    }

    /// `news --layouts DIR` and `preview --watch` load through the same reader: a FIFO named like a layout.
    @MainActor
    @Test func aLibraryRefusesAFIFONamedLikeALayoutWithoutWaiting() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("News.layout").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A writer holds the FIFO open: before, the read waited for its end for ever.
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        defer { close(writer) }
        #expect(writer >= 0)
        #expect(
            throws: LayoutLibraryError.unreadable(path: fifo, reason: "it is a named pipe (FIFO), not a regular file")
        ) {
            try LayoutLibrary(contentsOf: fifo)
        }
        #expect(throws: LayoutLibraryError.self) { try LayoutLibrary(directory: directory.path) }
    }

    @Test func aLayoutOverFourMegabytesIsRefusedWithItsNameAndTheLimit() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Big.layout").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, off_t(LayoutFileSystem.maximumFileSize + 1)) == 0)  // sparse: NUL bytes
        close(descriptor)
        do {
            _ = try LayoutFileSystem.readText(path: path)
            Issue.record("a file over the limit was read")
        } catch {
            #expect(
                error.description
                    == "\(path): error: cannot read the layout file: it is larger than 4 MB (4194304 bytes), the most a layout file may be"
            )
        }
        // At the limit it is read (and then parsed as usual).
        #expect(truncate(path, off_t(LayoutFileSystem.maximumFileSize)) == 0)
        #expect(try LayoutFileSystem.readText(path: path).utf8.count == LayoutFileSystem.maximumFileSize)
    }
}
