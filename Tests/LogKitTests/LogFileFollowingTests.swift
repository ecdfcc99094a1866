import Foundation
import Glibc
import LogKit
import TermTableTestSupport
import Testing

/// A log file fed with the bytes a follower read (``LogFile/ingest(_:at:)``) and its last line shown before its
/// newline comes (issue 25).
@Suite struct LogFileFollowingTests {
    /// Every row's offset and level (the whole file indexed).
    static func rows(_ file: LogFile) -> [(Int64, LogLevel)] {
        (0..<file.rowCount).map { (file.range(ofRow: $0).offset, file.level(ofRow: $0)) }
    }

    @Test func aLastLineWithoutItsNewlineIsShownThenCompletedNotDuplicated() throws {
        let path = LogTestFiles.file(Array("2026 INFO a: one\n2026 ERR".utf8))
        let file = try LogFile(path: path)
        file.openAtEnd()
        #expect(file.rowCount == 2)
        #expect(file.entry(atRow: 1).text == "2026 ERR")
        let writer = LogTestFiles.openWriter(path)
        defer { close(writer) }
        // The level word is finished only now: the row's level is read again.
        LogTestFiles.write(Array("OR a: half".utf8), to: writer)
        #expect(file.update() == .appended(0))
        #expect(file.rowCount == 2)
        #expect(file.level(ofRow: 1) == .error)
        #expect(file.entry(atRow: 1).message == "half")
        LogTestFiles.write(Array(" done\n\tat frame\n2026 WARN b: next\n".utf8), to: writer)
        #expect(file.update() == .appended(1))
        #expect(file.rowCount == 3)
        #expect(file.entry(atRow: 1).text == "2026 ERROR a: half done\n\tat frame")
        #expect(file.entry(atRow: 2).level == .warn)
        #expect(file.update() == .none)
    }

    @Test func ingestedRowsShowOnlyAtTheNextUpdate() throws {
        let path = LogTestFiles.file(Array("2026 INFO a: one\n".utf8))
        let file = try LogFile(path: path)
        file.openAtEnd()
        let more = Array("2026 INFO a: two\n2026 INFO a: three\n".utf8)
        let writer = LogTestFiles.openWriter(path)
        defer { close(writer) }
        LogTestFiles.write(more, to: writer)
        more.withUnsafeBytes { file.ingest($0, at: 17) }
        #expect(file.rowCount == 1)
        #expect(file.update() == .appended(2))
        #expect(file.rowCount == 3)
        #expect(file.entry(atRow: 2).message == "three")
    }

    /// Random logs written in random pieces, each handed over as a follower would (sometimes not at all, so the
    /// next update reads the gap; sometimes with bytes already indexed), with updates now and then: in the end
    /// the rows are the entries a forward scan of the whole file finds, with the same levels.
    @Test func bytesHandedOverInAnyPiecesGiveTheEntriesOfAScan() throws {
        var random = SeededRandom(seed: 31)
        for _ in 0..<max(10, LogTestFiles.cases / 5) {
            let (bytes, offsets) = LogTestFiles.randomLog(&random, entries: 1 + Int(random.next() % 60))
            let start = Int(random.next() % UInt64(bytes.count))
            let path = LogTestFiles.file(Array(bytes[..<start]))
            let file = try LogFile(path: path)
            file.openAtEnd(limit: 1 + Int(random.next() % 20))
            file.indexAll()
            let writer = LogTestFiles.openWriter(path)
            var written = start
            while written < bytes.count {
                let count = min(bytes.count - written, 1 + Int(random.next() % 90))
                let piece = Array(bytes[written..<written + count])
                LogTestFiles.write(piece, to: writer)
                switch random.next() % 5 {
                case 0: break  // not handed over: the update reads it
                case 1:
                    // With bytes before it that were handed over already.
                    let back = min(written, Int(random.next() % 30))
                    bytes[(written - back)..<(written + count)].withUnsafeBytes {
                        file.ingest($0, at: Int64(written - back))
                    }
                default: piece.withUnsafeBytes { file.ingest($0, at: Int64(written)) }
                }
                written += count
                if random.next() % 3 == 0 { _ = file.update() }
            }
            close(writer)
            _ = file.update()
            let scanner = LogScanner(descriptor: open(path, O_RDONLY))
            defer { close(scanner.descriptor) }
            var expected: [(Int64, LogLevel)] = []
            scanner.forward(from: 0, to: Int64(bytes.count)) { expected.append(($0, $1)) }
            #expect(expected.map(\.0) == offsets)
            let rows = Self.rows(file)
            #expect(rows.map(\.0) == offsets)
            #expect(rows.map(\.1) == expected.map(\.1))
        }
    }
}
