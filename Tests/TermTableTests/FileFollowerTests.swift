import Foundation
import Glibc
import TermTableTesting
import Testing

@testable import TermTable

/// Following a growing file under every kind of writer (issue 25): held open, `>>` from a shell, truncated in
/// place, renamed and created again, deleted; and a generated sequence of all of them.
@Suite("FileFollower") @MainActor
struct FileFollowerTests {
    /// What a follower handed over: the bytes of each file generation (a new one after each truncation or
    /// replacement) and the changes other than bytes, in order.
    @MainActor final class Recorder {
        var generations: [[UInt8]] = [[]]
        var changes: [String] = []

        func record(_ change: FileFollower.Change) {
            switch change {
            case .appended(let bytes):
                #expect(!bytes.isEmpty && bytes.count <= FileFollower.bufferSize)
                generations[generations.count - 1].append(contentsOf: bytes)
            case .truncated:
                changes.append("truncated")
                generations.append([])
            case .replaced:
                changes.append("replaced")
                generations.append([])
            case .deleted:
                changes.append("deleted")
            }
        }
    }

    /// A new empty directory, removed by the caller.
    static func newDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        #expect(Glibc.write(fd, bytes, bytes.count) == bytes.count)
    }

    /// Appends `text` by opening the file for it alone (what `>>` does).
    static func append(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        #expect(fd >= 0)
        write(fd, text)
        close(fd)
    }

    /// Lets the main queue run (the follower's events) until `condition` holds; records an issue after 10 s.
    static func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
    ) async {
        // A deadline for a failure only (a pass returns as soon as the condition holds): the follower reports on
        // the main queue, which other suites' long main-actor tests can hold for many seconds on a loaded machine.
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
                return
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aHeldOpenWriterIsFollowedAsItWrites() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/app.log"
        let writer = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(writer) }
        Self.write(writer, "before the follower\n")
        let recorder = Recorder()
        let follower = try FileFollower(path: path, from: .end) { recorder.record($0) }
        defer { follower.cancel() }
        #expect(follower.isNotified)
        #expect(follower.offset == 20)
        var expected = ""
        for line in 1...20 {
            let text = "line \(line) of a daemon that keeps its log open\n"
            Self.write(writer, text)
            expected += text
            await Self.waitUntil("line \(line)") { Self.text(recorder.generations[0]) == expected }
        }
        #expect(recorder.changes.isEmpty)
        #expect(recorder.generations.count == 1)
    }

    @Test func appendsFromAShellAreFollowed() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/shell.log"
        Self.append(path, "old\n")
        let recorder = Recorder()
        let follower = try FileFollower(path: path, from: .beginning) { recorder.record($0) }
        defer { follower.cancel() }
        follower.check()  // hands over what is there
        #expect(Self.text(recorder.generations[0]) == "old\n")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "for i in 1 2 3 4 5; do echo \"appended $i\" >> '\(path)'; done"]
        try shell.run()
        shell.waitUntilExit()
        let expected = "old\n" + (1...5).map { "appended \($0)\n" }.joined()
        await Self.waitUntil("the shell's lines") { Self.text(recorder.generations[0]) == expected }
        #expect(recorder.changes.isEmpty)
    }

    @Test func truncationInPlaceIsReportedAndTheNewTextFollows() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/rotated.log"
        let writer = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(writer) }
        let recorder = Recorder()
        let follower = try FileFollower(path: path) { recorder.record($0) }
        defer { follower.cancel() }
        Self.write(writer, "a long first generation of the log\n")
        await Self.waitUntil("the first text") { recorder.generations[0].count == 35 }
        // copytruncate: the rotator copies the file away, then truncates it while the writer keeps it open.
        #expect(truncate(path, 0) == 0)
        await Self.waitUntil("the truncation") { recorder.changes == ["truncated"] }
        Self.write(writer, "second\n")
        await Self.waitUntil("the second text") {
            recorder.generations.count == 2 && Self.text(recorder.generations[1]) == "second\n"
        }
        #expect(follower.offset == 7)
    }

    @Test func renameRotationReadsTheOldFilesLastBytesThenTheNewFile() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/server.log"
        let old = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(old) }
        let recorder = Recorder()
        let follower = try FileFollower(path: path) { recorder.record($0) }
        defer { follower.cancel() }
        Self.write(old, "one\n")
        await Self.waitUntil("one") { Self.text(recorder.generations[0]) == "one\n" }
        #expect(rename(path, path + ".1") == 0)
        Self.write(old, "two, after the rename\n")  // the writer has not reopened yet
        await Self.waitUntil("the old file's last line") {
            Self.text(recorder.generations[0]) == "one\ntwo, after the rename\n"
        }
        Self.append(path, "three, in the new file\n")
        await Self.waitUntil("the new file") {
            recorder.generations.count == 2 && Self.text(recorder.generations[1]) == "three, in the new file\n"
        }
        #expect(recorder.changes.last == "replaced")
        #expect(recorder.changes.allSatisfy { $0 == "replaced" || $0 == "deleted" })
    }

    @Test func aDeletedFileIsReportedOnceAndFollowedAgainWhenItComesBack() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/gone.log"
        Self.append(path, "here\n")
        let recorder = Recorder()
        let follower = try FileFollower(path: path, from: .beginning) { recorder.record($0) }
        defer { follower.cancel() }
        follower.check()
        #expect(unlink(path) == 0)
        await Self.waitUntil("the deletion") { recorder.changes == ["deleted"] }
        follower.check()
        #expect(recorder.changes == ["deleted"], "a deletion is reported once")
        Self.append(path, "back\n")
        await Self.waitUntil("the file back") { recorder.changes == ["deleted", "replaced"] }
        await Self.waitUntil("its text") {
            recorder.generations.count == 2 && Self.text(recorder.generations[1]) == "back\n"
        }
        #expect(Self.text(recorder.generations[0]) == "here\n")
    }

    @Test func aMissingFileOrAFIFOCannotBeFollowed() throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: FileFollower.Failure.self) { try FileFollower(path: directory + "/none") { _ in } }
        #expect(mkfifo(directory + "/fifo", 0o644) == 0)
        let failure = #expect(throws: FileFollower.Failure.self) {
            try FileFollower(path: directory + "/fifo") { _ in }
        }
        #expect(failure?.description.hasSuffix("fifo: not a regular file") == true)
    }

    @Test func cancelledFollowerHearsNothing() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/quiet.log"
        Self.append(path, "")
        let recorder = Recorder()
        let follower = try FileFollower(path: path) { recorder.record($0) }
        follower.cancel()
        Self.append(path, "unheard\n")
        follower.check()
        try await Task.sleep(for: .milliseconds(50))
        #expect(recorder.generations == [[]])
    }

    /// The article's `LogTail` (BuildAnAppExamples.swift): lines as written, starting over on a new file.
    @Test func theLogTailKeepsTheLinesWrittenAndStartsOverOnANewFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tail-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "before\n".write(toFile: path, atomically: false, encoding: .utf8)
        let app = Application(screen: BufferScreen(width: 10, height: 2), rootView: Label(text: ""))
        let tail = LogTail()
        try tail.follow(path, in: app)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try log.seekToEnd()
        try log.write(contentsOf: Data("one\ntw".utf8))
        await FileFollowerTests.waitUntil("one line") { tail.lines == ["one"] }
        try log.write(contentsOf: Data("o\n".utf8))
        await FileFollowerTests.waitUntil("two lines") { tail.lines == ["one", "two"] }
        try log.close()
        try FileManager.default.removeItem(atPath: path)
        try "new\n".write(toFile: path, atomically: false, encoding: .utf8)
        await FileFollowerTests.waitUntil("the new file's line") { tail.lines.last == "new" }
        #expect(tail.lines == ["new"])
    }
}

/// A writer faster than the follower's handler (`logs` filtering a file growing at 50 MB/s): one wake-up reads what
/// the file held when it began, and no more, so the main queue gets back to keys and frames.
@Suite("FileFollower: a writer faster than the handler") @MainActor
struct FileFollowerFastWriterTests {
    /// Bound: one ``FileFollower/check()`` hands over at most the bytes past ``FileFollower/offset`` at its start,
    /// however much is written meanwhile (before, it read until the writer paused).
    @Test func oneCheckReadsWhatTheFileHeldWhenItBegan() throws {
        let directory = try FileFollowerTests.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/fast.log"
        FileFollowerTests.append(path, "")
        let writer = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        #expect(writer >= 0)
        defer { close(writer) }
        var handed = 0
        var calls = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: FileFollower.bufferSize)
        let follower = try FileFollower(path: path, from: .beginning) { change in
            guard case .appended(let bytes) = change else { return }
            handed += bytes.count
            calls += 1
            // Each run handed over, the writer adds as much again (at most 200 times: the old loop's end).
            if calls < 200 { #expect(Glibc.write(writer, chunk, chunk.count) == chunk.count) }
        }
        defer { follower.cancel() }
        #expect(Glibc.write(writer, chunk, chunk.count) == chunk.count)
        #expect(Glibc.write(writer, chunk, 100) == 100)
        follower.check()
        #expect(handed == FileFollower.bufferSize + 100)
        #expect(calls == 2)
        // The rest comes at the next look.
        follower.check()
        #expect(handed == 3 * FileFollower.bufferSize + 100)
    }
}
