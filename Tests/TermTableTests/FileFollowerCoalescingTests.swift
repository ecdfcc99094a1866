import Foundation
import Glibc
import Testing

@testable import TermTable

/// A follower that starts at a given offset, and one that reads a busy writer at most once per interval
/// (issue 25: `logs` follows through it).
@Suite("FileFollower, offset and coalescing") @MainActor
struct FileFollowerCoalescingTests {
    @Test func aStartOffsetHandsOverWhatFollowsIt() throws {
        let directory = try FileFollowerTests.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/offset.log"
        FileFollowerTests.append(path, "read already\nnot yet\n")
        let recorder = FileFollowerTests.Recorder()
        let follower = try FileFollower(path: path, from: .offset(13)) { recorder.record($0) }
        defer { follower.cancel() }
        follower.check()
        #expect(FileFollowerTests.text(recorder.generations[0]) == "not yet\n")
        #expect(follower.offset == 21)

        // Past the end: the file is taken as truncated and read from its start.
        let past = FileFollowerTests.Recorder()
        let beyond = try FileFollower(path: path, from: .offset(100)) { past.record($0) }
        defer { beyond.cancel() }
        beyond.check()
        #expect(past.changes == ["truncated"])
        #expect(FileFollowerTests.text(past.generations[1]) == "read already\nnot yet\n")
    }

    @Test func aBusyWriterIsReadAtMostOncePerIntervalAndEveryByteArrives() async throws {
        let directory = try FileFollowerTests.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/busy.log"
        FileFollowerTests.append(path, "")
        var calls = 0
        var received: [UInt8] = []
        let follower = try FileFollower(path: path, coalescing: .milliseconds(100)) { change in
            if case .appended(let bytes) = change {
                calls += 1
                received += bytes
            }
        }
        defer { follower.cancel() }
        #expect(follower.coalescing == .milliseconds(100))
        // 200 lines, one `write` each, a millisecond apart (about 0.3 s with the sleeps' overshoot), from a
        // thread of their own: one inotify event per write.
        let lines = (0..<200).map { "line \($0)\n" }
        let writer = Thread {
            let fd = open(path, O_WRONLY | O_APPEND)
            for line in lines {
                _ = line.withCString { Glibc.write(fd, $0, strlen($0)) }
                usleep(1000)
            }
            close(fd)
        }
        let began = ContinuousClock.now
        writer.start()
        let expected = lines.joined()
        await FileFollowerTests.waitUntil("every line") { FileFollowerTests.text(received) == expected }
        let elapsed = ContinuousClock.now - began
        // One read when the first event comes, then at most one per 100 ms while the writes go on.
        let allowed = 2 + Int(elapsed / .milliseconds(100))
        #expect(calls <= allowed, "\(calls) reads in \(elapsed)")
        #expect(calls < 100)
    }
}
