import Foundation
import Glibc
import LogKit
import TermTableTestSupport
import Testing

/// Opening a log reads at most ``LogFile/openScanBytes`` from each end, however long its lines: a last line longer
/// than that is one entry cut at its start until the rest is indexed, which joins it to its start.
@Suite struct LogFileScanBoundTests {
    /// The bytes this thread has read so far (`rchar` of /proc/thread-self/io: every `read` and `pread`, holes of a
    /// sparse file included).
    static func bytesReadByThisThread() -> Int64 {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else { return -1 }
        let line = text.split(separator: "\n").first { $0.hasPrefix("rchar:") }
        return line.flatMap { Int64($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? -1
    }

    /// A sparse file of 1 GiB (all NULs, no newline: one line) opens reading at most 2 × 4 MiB (and a few KiB), not the
    /// whole file twice (F5: a sparse 100 GB file showed no screen for minutes); its tail is one entry cut at
    /// its start, after the row for the bytes not indexed yet.
    @Test func aHugeFileOfOneLineOpensReadingAtMostTheScanBoundFromEachEnd() throws {
        let path = LogTestFiles.file([])
        let size: Int64 = 1 << 30
        #expect(truncate(path, off_t(size)) == 0)
        let file = try LogFile(path: path)
        let before = Self.bytesReadByThisThread()
        file.openAtEnd(top: 4096)
        let read = Self.bytesReadByThisThread() - before
        #expect(before >= 0)
        #expect(read <= 2 * LogFile.openScanBytes + 64 * 1024, "read \(read) bytes to open")
        #expect(file.rowCount == 2)
        #expect(file.gapRow == 0)
        #expect(file.range(ofRow: 1).offset == size - LogFile.openScanBytes)
        #expect(file.range(ofRow: 1).length == Int(LogFile.openScanBytes))
        let entry = file.entry(atRow: 1)
        #expect(entry.isCutAtStart && entry.isCut && entry.message.hasPrefix("…"))
        #expect(!file.entry(atRow: 0).isCutAtStart)
    }

    /// A last line longer than the bound, with or without its newline: one entry cut at its start while the rest
    /// is not indexed, then, once it is, the line's own entry (from its start, with its level), in place.
    @Test(arguments: [false, true])
    func aLastLineLongerThanTheBoundIsJoinedToItsStartOnceIndexed(newline: Bool) throws {
        let first = Array("2026-11-27T10:00:00Z INFO a: one\n".utf8)
        let long = Array("2026-11-27T10:00:01Z ERROR b: ".utf8) + Array(repeating: UInt8(ascii: "x"), count: 300_000)
        let bytes = first + long + (newline ? [0x0A] : [])
        let file = try LogFile(path: LogTestFiles.file(bytes))
        file.openAtEnd(top: 10, scanBytes: 64 * 1024)
        #expect(file.rowCount == 3)
        #expect(file.gapRow == 1 && file.rowsBeforeTail == 2)
        #expect(file.entry(atRow: 2).isCutAtStart)
        #expect(file.range(ofRow: 2).offset == Int64(bytes.count - 64 * 1024))
        #expect((0..<3).reduce(0) { $0 + file.range(ofRow: $1).length } == bytes.count)
        file.indexAll()
        #expect(file.rowCount == 2)
        // The row the cut entry was on is the line's own now.
        #expect(file.rowsBeforeTail == 1)
        let entry = file.entry(atRow: 1)
        #expect(!entry.isCutAtStart && entry.level == .error && entry.component == "b")
        #expect(file.range(ofRow: 1) == (Int64(first.count), bytes.count - first.count))
        // Following goes on: the open line grows, or a new entry comes after it.
        let writer = LogTestFiles.openWriter(file.path)
        defer { close(writer) }
        LogTestFiles.write(Array("\n2026-11-27T10:00:02Z INFO c: next\n".utf8), to: writer)
        #expect(file.update() == .appended(1))
        #expect(file.rowCount == 3 && file.entry(atRow: 2).component == "c")
    }

    /// Whatever the bound and the lines, the rows cover the file (without a top scan, `top: 0` as a merge opens
    /// its files, the end of it: the bytes before the tail have no row until indexed), every row but a cut one
    /// starts an entry, and indexing the rest gives every entry: the bound changes what shows first, never what
    /// the log is.
    @Test func anyBoundGivesRowsThatCoverTheFileAndEveryEntryOnceIndexed() throws {
        var random = SeededRandom(seed: 32)
        for _ in 0..<max(10, LogTestFiles.cases / 5) {
            let (bytes, offsets) = LogTestFiles.randomLog(&random, entries: 1 + Int(random.next() % 120))
            let file = try LogFile(path: LogTestFiles.file(bytes))
            let bound = Int64(1 + random.next() % 3000)
            let top = Int(random.next() % 40)
            file.openAtEnd(limit: 1 + Int(random.next() % 40), top: top, scanBytes: bound)
            let ranges = (0..<file.rowCount).map { file.range(ofRow: $0) }
            let covered = top > 0 ? 0 : Int(ranges.first?.offset ?? Int64(bytes.count))
            #expect(ranges.reduce(0) { $0 + $1.length } == bytes.count - covered, "bound \(bound), top \(top)")
            #expect(top > 0 || file.gapRow == nil, "without a top scan there is no gap row")
            for row in 0..<file.rowCount where !file.entry(atRow: row).isCutAtStart {
                #expect(offsets.contains(ranges[row].offset) || row == file.gapRow)
            }
            file.indexAll()
            #expect(file.isComplete)
            #expect((0..<file.rowCount).map { file.range(ofRow: $0).offset } == offsets)
        }
    }

    /// A cut entry counts the lines of its first 64 KiB; ``LogFile/lineCount(ofRow:byteLimit:)`` counts all of them
    /// (F10: an entry of 100,001 lines said 1,801), or says it stopped at its limit.
    @Test func lineCountCountsEveryLineOfAnEntryLongerThanItsDisplayCut() throws {
        var text = "2026-11-27T10:00:00Z ERROR app: failed\n"
        for index in 0..<100_000 { text += "    at frame\(index) (File.swift:\(index))\n" }
        let file = try LogFile(path: LogTestFiles.file(Array(text.utf8)))
        file.openAtEnd()
        #expect(file.rowCount == 1)
        let entry = file.entry(atRow: 0)
        #expect(entry.isCut && entry.lineCount < 100_001)
        #expect(file.lineCount(ofRow: 0) == (100_001, true))
        let partial = file.lineCount(ofRow: 0, byteLimit: 1 << 20)
        #expect(!partial.isExact && partial.count < 100_001)
    }
}

/// The filter's scan (``LogFile/forEachEntry(in:_:)``) while the rows change under it.
@Suite struct LogFileForEachEntryTests {
    /// The rest indexed in the middle of a scan (rows found from the end move down): the scan stops there, its
    /// result moot, instead of slicing its buffer below its start (a crash when `/` was typed while a big file
    /// was indexed).
    @Test func aScanStopsWhenTheRowsChangeUnderIt() throws {
        var bytes: [UInt8] = []
        for index in 0..<100 {
            bytes += Array("2026-11-27T10:00:00.\(index)Z INFO c: ".utf8)
            bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 40 * 1024)
            bytes.append(0x0A)
        }
        let file = try LogFile(path: LogTestFiles.file(bytes))
        file.openAtEnd(limit: 10, top: 10)
        #expect(file.rowCount == 21 && file.gapRow == 10)
        var handed: [Int] = []
        // Rows 0 to 10 fit in one read (the gap row cut at 64 KiB); rows 11 to 20, found from the end, in the next.
        file.forEachEntry(in: 0..<file.rowCount) { row, entry in
            handed.append(row)
            #expect(entry.count == min(file.range(ofRow: row).length, LogFile.displayLimit) || row == 11)
            if row == 11 { file.indexAll() }
            return true
        }
        #expect(file.rowCount == 100)
        #expect(handed == Array(0...11))
    }
}
