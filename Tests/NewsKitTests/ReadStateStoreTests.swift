import Foundation
import Testing

@testable import NewsKit

@Suite("Read state")
struct ReadStateStoreTests {
    @Test func defaultDirectoryFollowsXDG() {
        #expect(
            ReadStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path
                == "/x/state/termtable-news")
        #expect(
            ReadStateStore.defaultDirectory(environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/state/termtable-news")
        // A relative XDG_STATE_HOME is invalid per the spec and ignored.
        #expect(
            ReadStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"]).path
                == "/home/u/.local/state/termtable-news")
        #expect(
            ReadStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.local/state/termtable-news")
    }

    @Test func roundTripAcrossInstances() throws {
        let directory = try temporaryDirectory().appendingPathComponent("nested/state")  // created on save
        let store = ReadStateStore(directory: directory)
        #expect(!store.isRead("a"))
        store.setRead("a", true)
        store.setRead("b", true)
        #expect(store.toggle("c") == true)
        #expect(store.toggle("b") == false)
        #expect(store.isRead("a") && !store.isRead("b") && store.isRead("c"))
        #expect(store.warnings.isEmpty)

        let reloaded = ReadStateStore(directory: directory)
        #expect(reloaded.readIDs == ["a", "c"])
        #expect(reloaded.warnings.isEmpty)
        reloaded.setRead("a", false)
        #expect(ReadStateStore(directory: directory).readIDs == ["c"])
    }

    @Test func fileFormatIsStableJSON() throws {
        let directory = try temporaryDirectory()
        let store = ReadStateStore(directory: directory, now: { Date(timeIntervalSince1970: 86_400 * 20_000 + 5) })
        store.setRead("z-id", true)
        store.setRead("a-id", true)
        // A mark is a journal line...
        let journal = try String(
            contentsOf: directory.appendingPathComponent("read-state.json.journal"), encoding: .utf8)
        #expect(journal == "{\"day\":20000,\"read\":\"z-id\"}\n{\"day\":20000,\"read\":\"a-id\"}\n")
        // ...folded into the snapshot when it grows (or when asked).
        store.saveSnapshot()
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(store.fileURL.lastPathComponent == "read-state.json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 2)
        #expect(object?["read"] as? [String] == ["a-id", "z-id"])
        #expect(object?["lastSeen"] as? [Int] == [20_000, 20_000])
        #expect(try Data(contentsOf: directory.appendingPathComponent("read-state.json.journal")).isEmpty)
    }

    @Test func versionOneFilesAreReadAndUpgradedAtTheFirstChange() throws {
        let directory = try temporaryDirectory()
        try Data(#"{"version": 1, "read": ["old-1", "old-2"]}"#.utf8).write(
            to: directory.appendingPathComponent("read-state.json"))
        let store = ReadStateStore(directory: directory)
        #expect(store.readIDs == ["old-1", "old-2"] && store.warnings.isEmpty)
        store.setRead("new", true)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.fileURL)) as? [String: Any]
        #expect(object?["version"] as? Int == 2)
        #expect(object?["read"] as? [String] == ["new", "old-1", "old-2"])
    }

    @Test func atomicWritesLeaveNoTemporaryFiles() throws {
        let directory = try temporaryDirectory()
        let store = ReadStateStore(directory: directory)
        store.journalLimit = 200  // fold the journal into the snapshot every few marks
        for index in 0..<50 { store.toggle("id-\(index % 7)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["read-state.json", "read-state.json.journal"])
        for name in names {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
        #expect(ReadStateStore(directory: directory).readIDs == store.readIDs)
    }

    @Test func corruptFileIsSetAsideWithAWarning() throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("read-state.json")
        try Data("{ this is not json".utf8).write(to: file)
        let store = ReadStateStore(directory: directory)
        #expect(store.readIDs.isEmpty)
        #expect(store.warnings.count == 1)
        let warning = try #require(store.warnings.first)
        #expect(warning.contains("not valid read-state JSON"))
        #expect(warning.contains("read-state.json.corrupt-"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            !$0.hasSuffix(".journal")
        }
        #expect(names.count == 1)
        let aside = try #require(names.first)
        #expect(aside.hasPrefix("read-state.json.corrupt-"))
        #expect(try Data(contentsOf: directory.appendingPathComponent(aside)) == Data("{ this is not json".utf8))

        // The store works normally afterwards.
        store.setRead("x", true)
        #expect(ReadStateStore(directory: directory).readIDs == ["x"])
        #expect(ReadStateStore(directory: directory).warnings.isEmpty)
    }

    @Test func wrongJSONShapeIsAlsoCorrupt() throws {
        let directory = try temporaryDirectory()
        try Data(#"{"read": "not-a-list"}"#.utf8).write(to: directory.appendingPathComponent("read-state.json"))
        let store = ReadStateStore(directory: directory)
        #expect(store.readIDs.isEmpty)
        #expect(store.warnings.count == 1)
    }

    @Test func unwritableDirectoryGivesAWarningNotACrash() throws {
        let blocker = try temporaryDirectory().appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let store = ReadStateStore(directory: blocker.appendingPathComponent("state"))  // parent is a file
        store.setRead("a", true)
        store.setRead("b", true)
        #expect(store.isRead("a"))  // kept in memory
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.hasPrefix("Could not save read marks") == true)
    }
}

/// Read marks with several readers at once, newer files, links, old marks and big states.
@Suite("Read state: sharing and keeping")
struct ReadStateSharingTests {
    @Test func twoReadersAtOnceMergeTheirMarks() throws {
        let directory = try temporaryDirectory()
        let first = ReadStateStore(directory: directory)
        let second = ReadStateStore(directory: directory)
        first.setRead("from-first", true)
        second.setRead("from-second", true)
        second.setRead("from-first", false)  // the second reader sees the first one's mark and undoes it
        first.setRead("again-first", true)
        #expect(ReadStateStore(directory: directory).readIDs == ["from-second", "again-first"])
        first.refresh()
        #expect(first.readIDs == ["from-second", "again-first"])
    }

    @Test func theRevisionSaysWhenAnotherReadersMarksCameIn() throws {
        let directory = try temporaryDirectory()
        let clock = Clock()
        let first = ReadStateStore(directory: directory, now: { clock.now })
        let second = ReadStateStore(directory: directory, now: { clock.now })
        first.setRead("mine", true)
        let revision = first.revision
        first.setRead("mine-too", true)
        #expect(first.revision == revision, "its own marks do not count")
        second.setRead("theirs", true)
        clock.advance(days: 1)
        first.noteShown(["mine"])  // saving this takes in the other reader's mark
        #expect(first.revision > revision)
        #expect(first.isRead("theirs"))
        #expect(first.refresh() == false)
    }

    @Test func concurrentWritersWithFrequentSnapshotsLoseNothing() async throws {
        let directory = try temporaryDirectory()
        let writers = 4
        let marks = 150
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    // On threads of their own: waiting for the lock must not hold Swift concurrency's threads.
                    await CancellationFlag.runOnThread { _ in
                        let store = ReadStateStore(directory: directory)
                        store.journalLimit = 1_000  // snapshots are rewritten often, by every writer
                        for index in 0..<marks { store.setRead("w\(writer)-\(index)", true) }
                        for index in stride(from: 0, to: marks, by: 3) { store.setRead("w\(writer)-\(index)", false) }
                    }
                }
            }
        }
        let expected = Set(
            (0..<writers).flatMap { writer in
                (0..<marks).filter { $0 % 3 != 0 }.map { "w\(writer)-\($0)" }
            })
        let store = ReadStateStore(directory: directory)
        #expect(store.readIDs == expected)
        #expect(store.warnings.isEmpty)
    }

    @Test func aFileFromANewerVersionIsNeverRewritten() throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("read-state.json")
        let original = Data(#"{"version": 3, "read": ["x"], "fancy": {"new": true}}"#.utf8)
        try original.write(to: file)
        let store = ReadStateStore(directory: directory)
        #expect(store.isRead("x"))
        #expect(store.isReadOnly)
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.contains("written by a newer version of news (format 3)") == true)
        #expect(store.setRead("y", true) == false)
        #expect(store.isRead("y"))  // kept in memory
        store.saveSnapshot()
        #expect(try Data(contentsOf: file) == original)
        let journal = directory.appendingPathComponent("read-state.json.journal")
        #expect(((try? Data(contentsOf: journal)) ?? Data()).isEmpty)
    }

    @Test func aNewerFileOfAnotherShapeIsNeitherSetAsideNorRewritten() throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("read-state.json")
        let original = Data(#"{"version": 7, "read": {"x": {"when": 1}}}"#.utf8)
        try original.write(to: file)
        let store = ReadStateStore(directory: directory)
        #expect(store.isReadOnly && store.readIDs.isEmpty)
        store.setRead("y", true)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("corrupt") }
                .isEmpty)
        #expect(try Data(contentsOf: file) == original)
    }

    @Test func aSymlinkedStateFileIsWrittenThrough() throws {
        let root = try temporaryDirectory()
        let real = root.appendingPathComponent("dotfiles")
        let state = root.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data(#"{"version": 1, "read": ["kept"]}"#.utf8).write(to: real.appendingPathComponent("marks.json"))
        try FileManager.default.createSymbolicLink(
            atPath: state.appendingPathComponent("read-state.json").path,
            withDestinationPath: "../dotfiles/marks.json")
        let store = ReadStateStore(directory: state)
        #expect(store.readIDs == ["kept"])
        store.setRead("new", true)
        store.saveSnapshot()
        let link = state.appendingPathComponent("read-state.json").path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../dotfiles/marks.json")
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: real.appendingPathComponent("marks.json")))
            as? [String: Any]
        #expect(object?["read"] as? [String] == ["kept", "new"])
        #expect(ReadStateStore(directory: state).readIDs == ["kept", "new"])
    }

    @Test func marksOfArticlesNoFeedShowsForLongArePruned() throws {
        let directory = try temporaryDirectory()
        let clock = Clock()
        let store = ReadStateStore(directory: directory, retentionDays: 180, now: { clock.now })
        store.setRead("gone", true)
        store.setRead("still-shown", true)
        clock.advance(days: 100)
        store.noteShown(["still-shown", "never-read"])
        clock.advance(days: 100)  // "gone" was last seen 200 days ago, "still-shown" 100
        store.saveSnapshot()
        #expect(store.readIDs == ["still-shown"])
        #expect(ReadStateStore(directory: directory, now: { clock.now }).readIDs == ["still-shown"])
    }

    @Test func aTornJournalLineIsSkippedAndTheNextMarkStillSaves() throws {
        let directory = try temporaryDirectory()
        ReadStateStore(directory: directory).setRead("a", true)
        let journal = try FileHandle(forWritingTo: directory.appendingPathComponent("read-state.json.journal"))
        try journal.seekToEnd()
        try journal.write(contentsOf: Data(#"{"read":"half"#.utf8))  // a crash mid-write
        try journal.close()
        let store = ReadStateStore(directory: directory)
        #expect(store.readIDs == ["a"])
        store.setRead("b", true)
        #expect(ReadStateStore(directory: directory).readIDs == ["a", "b"])
    }
}

/// A clock tests move by hand.
/// (`NSLock`, not `Mutex`: see `Locked` in TermTableCore, ThreadSanitizer cannot see a `Mutex` on Linux.)
final class Clock: @unchecked Sendable {
    // @unchecked: `date` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var date = Date(timeIntervalSince1970: 86_400 * 20_000)
    var now: Date { lock.withLock { date } }
    func advance(days: Int) { lock.withLock { date += TimeInterval(days) * 86_400 } }
}
