import Foundation
import Glibc
import LogKit
import TermTableTestSupport
import Testing

/// A log file opened at its end, indexed in full, followed through appends, truncation, replacement and deletion;
/// bad input refused or shown.
@Suite struct LogFileTests {
    @Test func openingAtTheEndThenIndexingTheRestGivesEveryEntry() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<max(10, LogTestFiles.cases / 5) {
            let (bytes, offsets) = LogTestFiles.randomLog(&random, entries: 1 + Int(random.next() % 200))
            let file = try LogFile(path: LogTestFiles.file(bytes))
            let limit = 1 + Int(random.next() % 50)
            file.openAtEnd(limit: limit)
            let shown = min(limit, offsets.count)
            #expect(file.rowCount == shown)
            #expect(file.isComplete == (shown == offsets.count))
            #expect((0..<shown).map { file.range(ofRow: $0).offset } == Array(offsets.suffix(shown)))
            file.indexAll()
            #expect(file.isComplete)
            #expect(file.headCount == offsets.count - shown)
            #expect((0..<file.rowCount).map { file.range(ofRow: $0).offset } == offsets)
            let lengths = (0..<file.rowCount).reduce(0) { $0 + file.range(ofRow: $1).length }
            #expect(lengths == bytes.count)
        }
    }

    @Test func openingWithATopGivesTheFirstEntriesAGapRowAndTheLast() throws {
        var random = SeededRandom(seed: 8)
        for _ in 0..<max(10, LogTestFiles.cases / 5) {
            let (bytes, offsets) = LogTestFiles.randomLog(&random, entries: 1 + Int(random.next() % 200))
            let file = try LogFile(path: LogTestFiles.file(bytes))
            let limit = 1 + Int(random.next() % 50)
            let top = 1 + Int(random.next() % 50)
            file.openAtEnd(limit: limit, top: top)
            let rows = (0..<file.rowCount).map { file.range(ofRow: $0).offset }
            if offsets.count <= limit + top {
                // The start and the end meet: all indexed.
                #expect(file.isComplete && file.gapRow == nil)
                #expect(rows == offsets)
            } else {
                #expect(!file.isComplete)
                #expect(file.gapRow == top && file.rowsBeforeTail == top + 1)
                #expect(rows == Array(offsets.prefix(top + 1)) + Array(offsets.suffix(limit)))
                #expect(file.level(ofRow: top) == .unknown)
                // Row lengths cover the file: the gap row runs to the first entry found from the end.
                #expect((0..<file.rowCount).reduce(0) { $0 + file.range(ofRow: $1).length } == bytes.count)
            }
            // Errors are found across the gap as they would be in the whole index, less the gap's.
            let levels = (0..<file.rowCount).map { file.level(ofRow: $0) }
            for row in 0..<file.rowCount {
                #expect(
                    file.nextError(from: row, forward: true) == levels.indices.first { $0 > row && levels[$0].isError })
                #expect(
                    file.nextError(from: row, forward: false) == levels.indices.last { $0 < row && levels[$0].isError })
            }
            file.indexAll()
            #expect(
                file.isComplete && file.gapRow == nil
                    && file.rowsBeforeTail == offsets.count - min(limit, offsets.count))
            #expect((0..<file.rowCount).map { file.range(ofRow: $0).offset } == offsets)
        }
    }

    @Test func theRestIsIndexedOnAThreadOfItsOwn() async throws {
        var random = SeededRandom(seed: 11)
        let (bytes, offsets) = LogTestFiles.randomLog(&random, entries: 3000)
        let file = try LogFile(path: LogTestFiles.file(bytes))
        file.openAtEnd(limit: 100)
        #expect(file.rowCount == 100)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            file.indexRest { done.resume() }
        }
        #expect(file.isComplete && file.headCount == 2900)
        #expect((0..<file.rowCount).map { file.range(ofRow: $0).offset } == offsets)
    }

    @Test func entriesAreReadBackWithTheirParts() throws {
        let text =
            "2026-11-25T10:00:00.001Z INFO http.server: served 3 requests\n"
            + "2026-11-25T10:00:00.002Z ERROR db.pool: timeout\n\tat Pool.checkout()\n\tat Server.handle()\n"
        let file = try LogFile(path: LogTestFiles.file(Array(text.utf8)))
        file.openAtEnd()
        #expect(file.rowCount == 2)
        let error = file.entry(atRow: 1)
        #expect(error.time == "2026-11-25T10:00:00.002Z")
        #expect(error.level == .error && error.component == "db.pool" && error.message == "timeout")
        #expect(error.lineCount == 3 && !error.isCut)
        #expect(
            error.text == "2026-11-25T10:00:00.002Z ERROR db.pool: timeout\n\tat Pool.checkout()\n\tat Server.handle()")
        #expect(file.entry(atRow: 0).message == "served 3 requests")
        #expect(file.nextError(from: 0, forward: true) == 1)
        #expect(file.nextError(from: 1, forward: true) == nil)
        #expect(file.nextError(from: 1, forward: false) == nil)
    }

    @Test func aTenMegabyteLineIsCutForDisplay() throws {
        var bytes = Array("2026-11-25T10:00:00Z INFO big: ".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
        bytes += Array("\n2026-11-25T10:00:01Z INFO small: after\n".utf8)
        let file = try LogFile(path: LogTestFiles.file(bytes))
        file.openAtEnd()
        // Opening reads 4 MiB from the end: the big line is found once the rest is indexed.
        #expect(file.rowCount == 1)
        file.indexAll()
        #expect(file.rowCount == 2)
        let big = file.entry(atRow: 0)
        #expect(big.isCut && big.length > 10 << 20)
        #expect(big.text.utf8.count == LogFile.displayLimit)
        #expect(file.entry(atRow: 1).message == "after")
    }

    @Test func nulBytesAndInvalidUTF8AreShownWithReplacementAndTheFileIsSaidToBeBinary() throws {
        let bytes: [UInt8] = Array("2026 INFO a: x".utf8) + [0, 0xFF, 0xFE] + Array(" y\n".utf8)
        let file = try LogFile(path: LogTestFiles.file(bytes))
        file.openAtEnd()
        let entry = file.entry(atRow: 0)
        #expect(entry.message == "x\u{0}\u{FFFD}\u{FFFD} y")
        #expect(file.notice?.contains("binary") == true)
        #expect(LogText.printable(entry.message) == "x␀\u{FFFD}\u{FFFD} y")
    }

    @Test func appendsFromAHeldOpenWriterAreFollowed() throws {
        let path = LogTestFiles.file(Array("2026 INFO a: one\n".utf8))
        let file = try LogFile(path: path)
        file.openAtEnd()
        let writer = LogTestFiles.openWriter(path)
        defer { close(writer) }
        LogTestFiles.write(Array("2026 INFO a: two\n2026 ERROR a: thr".utf8), to: writer)
        #expect(file.update() == .appended(2))  // the last line, without its newline yet, is shown
        #expect(file.rowCount == 3)
        #expect(file.entry(atRow: 2).message == "thr")
        LogTestFiles.write(Array("ee\n\tat frame\n".utf8), to: writer)
        #expect(file.update() == .appended(0))  // completed, not a new entry
        #expect(file.entry(atRow: 2).lineCount == 2)
        LogTestFiles.write(Array("  more trace\n".utf8), to: writer)
        #expect(file.update() == .appended(0))  // the last entry grew
        #expect(file.entry(atRow: 2).text == "2026 ERROR a: three\n\tat frame\n  more trace")
        #expect(file.update() == .none)
    }

    @Test func truncationReplacementAndDeletionAreReported() throws {
        let path = LogTestFiles.file(Array("2026 INFO a: one\n2026 INFO a: two\n".utf8))
        let file = try LogFile(path: path)
        file.openAtEnd()
        #expect(truncate(path, 0) == 0)
        LogTestFiles.write(Array("2026 INFO a: new\n".utf8), to: LogTestFiles.openWriter(path))
        #expect(file.update() == .truncated)
        #expect(file.rowCount == 1 && file.entry(atRow: 0).message == "new")

        // Rotation: the file renamed away, a new one created at the path.
        #expect(rename(path, path + ".1") == 0)
        _ = FileManager.default.createFile(atPath: path, contents: Data("2026 WARN b: rotated\n".utf8))
        #expect(file.update() == .replaced)
        #expect(file.rowCount == 1 && file.entry(atRow: 0).component == "b")

        #expect(unlink(path) == 0)
        #expect(file.update() == .deleted)
        #expect(file.notice?.contains("deleted") == true)
        #expect(file.rowCount == 1)
    }

    @Test func devicesDirectoriesAndMissingFilesAreRefusedWithAReason() {
        #expect(throws: LogFileError.notAFile("/dev/zero")) { try LogFile(path: "/dev/zero") }
        #expect(throws: LogFileError.isDirectory("/tmp")) { try LogFile(path: "/tmp") }
        #expect(throws: LogFileError.notFound("/nonexistent/x.log")) { try LogFile(path: "/nonexistent/x.log") }
        #expect(LogFileError.notAFile("/dev/zero").message.contains("/dev/zero is refused"))
        #expect(LogFileError.notFound("a\u{1B}[2Jb").message == "a␛[2Jb: no such file")
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file"))
    func aFileWithoutReadPermissionIsRefused() throws {
        let path = LogTestFiles.file(Array("x\n".utf8))
        #expect(chmod(path, 0) == 0)
        #expect(throws: LogFileError.permissionDenied(path)) { try LogFile(path: path) }
    }

    @Test func aFIFOIsSpooledAsItArrivesAndStopsAtTheLimit() async throws {
        let path = LogTestFiles.directory() + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let file = try LogFile(path: path, spoolLimit: 64)
        let writer = open(path, O_WRONLY)
        #expect(writer >= 0)
        LogTestFiles.write(Array("2026 INFO a: one\n2026 INFO a: two\n".utf8), to: writer)
        let spool = try #require(file.spool)
        for _ in 0..<500 where spool.size < 34 { usleep(2000) }
        file.openAtEnd()
        #expect(file.rowCount == 2)
        // Past 64 bytes nothing more is read.
        LogTestFiles.write(Array(repeating: "2026 INFO a: more\n", count: 10).joined().utf8.map { $0 }, to: writer)
        close(writer)
        for _ in 0..<500 where !spool.isFinished { usleep(2000) }
        #expect(spool.size == 64)
        #expect(file.notice?.contains("spool") == true)
        _ = file.update()
        #expect(file.rowCount == 4)  // the line cut at the limit is the last entry
    }
}
