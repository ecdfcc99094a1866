import Glibc
import LogKit
import TermTableTestSupport
import Testing

/// Several logs merged by time: sorted and complete, appends merged at the end.
@Suite struct LogCollectionTests {
    @Test func mergingByTimeIsSortedAndComplete() throws {
        var random = SeededRandom(seed: 99)
        for _ in 0..<max(10, LogTestFiles.cases / 5) {
            let fileCount = 2 + Int(random.next() % 3)
            var files: [LogFile] = []
            var total = 0
            for _ in 0..<fileCount {
                var millis: Int64 = 0
                var text = ""
                for _ in 0..<Int(random.next() % 40) {
                    millis += Int64(random.next() % 2000)
                    text += "\(LogGenerator.timestamp(millis)) INFO c: \(millis)\n"
                    if random.next() % 5 == 0 { text += "\tat frame\n" }
                    total += 1
                }
                let file = try LogFile(path: LogTestFiles.file(Array(text.utf8)))
                file.openAtEnd(limit: 5)
                file.indexAll()
                files.append(file)
            }
            let collection = LogCollection(files: files)
            #expect(collection.mergeNewRows() == total)
            #expect(collection.count == total)
            let keys = (0..<total).map { row in
                let (file, fileRow) = collection.locate(row)
                return file.timeKey(ofRow: fileRow)
            }
            #expect(keys == keys.sorted())
            // Every row of every file once.
            var seen = Set<String>()
            for row in 0..<total {
                let (file, fileRow) = collection.locate(row)
                seen.insert("\(ObjectIdentifier(file).hashValue)-\(fileRow)")
            }
            #expect(seen.count == total)
        }
    }

    /// On the main actor, as `mergeInBackground` asks: its result comes back on the main queue, so off the main
    /// actor the merge of these small files could finish before `isMerging` is checked.
    @Test @MainActor func mergingInTheBackgroundGivesTheRowsOfAMergeHere() async throws {
        var random = SeededRandom(seed: 100)
        var texts: [String] = []
        for _ in 0..<3 {
            var millis: Int64 = 0
            var text = ""
            for _ in 0..<Int(random.next() % 300) {
                millis += Int64(random.next() % 2000)
                text += "\(LogGenerator.timestamp(millis)) INFO c: \(millis)\n"
            }
            texts.append(text)
        }
        let paths = texts.map { LogTestFiles.file(Array($0.utf8)) }
        func opened() throws -> [LogFile] {
            let files = try paths.map { try LogFile(path: $0) }
            for file in files { file.openAtEnd(limit: 7) }
            return files
        }
        let here = LogCollection(files: try opened())
        for file in here.files { file.indexAll() }
        here.mergeNewRows()
        let background = LogCollection(files: try opened())
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            background.mergeInBackground { done.resume() }
            #expect(background.isMerging)
            #expect(background.mergeNewRows() == 0)  // nothing while the merge works
        }
        #expect(!background.isMerging)
        func rows(_ collection: LogCollection) -> [String] {
            (0..<collection.count).map { collection.entry(atRow: $0).text }
        }
        #expect(rows(background) == rows(here))
        #expect(background.count == texts.map { $0.split(separator: "\n").count }.reduce(0, +))
    }

    @Test func appendedEntriesAreMergedAtTheEnd() throws {
        let a = LogTestFiles.file(Array("2026-11-25T00:00:01Z INFO a: 1\n".utf8))
        let b = LogTestFiles.file(Array("2026-11-25T00:00:02Z INFO b: 2\n".utf8))
        let files = try [LogFile(path: a), LogFile(path: b)]
        for file in files { file.openAtEnd() }
        let collection = LogCollection(files: files)
        #expect(collection.mergeNewRows() == 2)
        LogTestFiles.write(Array("2026-11-25T00:00:04Z ERROR a: 4\n".utf8), to: LogTestFiles.openWriter(a))
        LogTestFiles.write(Array("2026-11-25T00:00:03Z INFO b: 3\n".utf8), to: LogTestFiles.openWriter(b))
        for file in files { _ = file.update() }
        #expect(collection.mergeNewRows() == 2)
        #expect((0..<4).map { collection.entry(atRow: $0).message } == ["1", "2", "3", "4"])
        #expect(collection.nextError(from: 0, forward: true) == 3)
        #expect(collection.nextError(from: 3, forward: false) == nil)
    }
}
