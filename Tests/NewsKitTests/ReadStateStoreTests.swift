import Foundation
import Testing
@testable import NewsKit

@Suite("Read state")
struct ReadStateStoreTests {
    @Test func defaultDirectoryFollowsXDG() {
        #expect(ReadStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path
            == "/x/state/termtable-news")
        #expect(ReadStateStore.defaultDirectory(environment: ["HOME": "/home/u"]).path
            == "/home/u/.local/state/termtable-news")
        // A relative XDG_STATE_HOME is invalid per the spec and ignored.
        #expect(ReadStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"]).path
            == "/home/u/.local/state/termtable-news")
        #expect(ReadStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "", "HOME": "/home/u"]).path
            == "/home/u/.local/state/termtable-news")
    }

    @Test func roundTripAcrossInstances() throws {
        let directory = try temporaryDirectory().appendingPathComponent("nested/state") // created on save
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
        let store = ReadStateStore(directory: directory)
        store.setRead("z-id", true)
        store.setRead("a-id", true)
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(store.fileURL.lastPathComponent == "read-state.json")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        #expect(object?["read"] as? [String] == ["a-id", "z-id"])
    }

    @Test func atomicWritesLeaveNoTemporaryFiles() throws {
        let directory = try temporaryDirectory()
        let store = ReadStateStore(directory: directory)
        for index in 0..<50 { store.toggle("id-\(index % 7)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names == ["read-state.json"])
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
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
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
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
        let store = ReadStateStore(directory: blocker.appendingPathComponent("state")) // parent is a file
        store.setRead("a", true)
        store.setRead("b", true)
        #expect(store.isRead("a")) // kept in memory
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.hasPrefix("Could not save read marks") == true)
    }
}
