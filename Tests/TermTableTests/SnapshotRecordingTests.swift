import Foundation
import TermTableTesting
import Testing

/// Bug: `RECORD_SNAPSHOTS=1` wrote the snapshots and failed every test that has one, so a re-recording run never passed.
@Suite("Snapshot recording")
struct SnapshotRecordingTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("snapshots-\(UUID().uuidString)").appendingPathComponent("Snapshots")
        return directory
    }

    @Test func reRecordingWritesPassesAndSaysWhatItWrote() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let snapshot = SnapshotFile(directory: directory, name: "list")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try SnapshotFormat.encode(["old line"]).write(to: snapshot.url, atomically: true, encoding: .utf8)

        let outcome = snapshot.check(["new line", "second "], record: true)
        #expect(outcome == .rerecorded(path: snapshot.url.path))
        #expect(!outcome.failsTest)
        #expect(outcome.report?.contains("wrote snapshot \(snapshot.url.path)") == true)
        #expect(try String(contentsOf: snapshot.url, encoding: .utf8) == "|new line|\n|second |\n")

        // Recording the same lines again leaves the file alone and says so.
        let again = snapshot.check(["new line", "second "], record: true)
        #expect(again == .unchanged(path: snapshot.url.path) && !again.failsTest)
        #expect(again.report?.contains("unchanged") == true)
        // Then a normal run passes.
        #expect(snapshot.check(["new line", "second "], record: false) == .matches)
    }

    @Test func aMissingSnapshotIsWrittenAndFailsOutsideRecording() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let snapshot = SnapshotFile(directory: directory, name: "first")
        let outcome = snapshot.check(["a"], record: false)
        #expect(outcome == .created(path: snapshot.url.path) && outcome.failsTest)
        #expect(FileManager.default.fileExists(atPath: snapshot.url.path))
        // While re-recording, a missing snapshot is written and passes too.
        let other = SnapshotFile(directory: directory, name: "second")
        #expect(other.check(["b"], record: true) == .rerecorded(path: other.url.path))
    }

    @Test func aDifferenceFailsWithALineByLineReport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let snapshot = SnapshotFile(directory: directory, name: "screen")
        _ = snapshot.check(["same", "before"], record: true)
        let outcome = snapshot.check(["same", "after"], record: false)
        guard case .differs(_, let diff) = outcome else {
            Issue.record("expected a difference, got \(outcome)")
            return
        }
        #expect(outcome.failsTest)
        #expect(diff == "  1 - |before|\n  1 + |after|")
        #expect(
            try String(contentsOf: snapshot.url, encoding: .utf8) == "|same|\n|before|\n",
            "a failing check never rewrites")
    }

    @Test func aSnapshotThatCannotBeWrittenFails() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        // A file where the folder should be.
        try FileManager.default.createDirectory(
            at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: directory)
        let outcome = SnapshotFile(directory: directory, name: "x").check(["a"], record: true)
        guard case .unwritable = outcome else {
            Issue.record("expected an error, got \(outcome)")
            return
        }
        #expect(outcome.failsTest)
    }
}
