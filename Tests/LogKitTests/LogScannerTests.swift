import Glibc
import LogKit
import TermTableTestSupport
import Testing

/// The scanner on generated logs: forwards and backwards, at random chunk sizes, it finds exactly the entries
/// written, with the same levels.
@Suite struct LogScannerTests {
    @Test func forwardFindsExactlyTheGeneratedEntriesAtAnyChunkSize() {
        var random = SeededRandom(seed: 25)
        for _ in 0..<LogTestFiles.cases {
            let (bytes, offsets) = LogTestFiles.randomLog(&random, entries: 1 + Int(random.next() % 60))
            let path = LogTestFiles.file(bytes)
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            let chunk = 1 + Int(random.next() % 300)
            var found: [Int64] = []
            let end = LogScanner(descriptor: fd, chunkSize: chunk).forward(from: 0, to: Int64(bytes.count)) {
                offset, _ in
                found.append(offset)
            }
            #expect(found == offsets, "chunk \(chunk)")
            #expect(end == Int64(bytes.count))
        }
    }

    @Test func backwardAndForwardAgreeOnEntriesAndLevels() {
        var random = SeededRandom(seed: 2025)
        for _ in 0..<LogTestFiles.cases {
            let (bytes, offsets) = LogTestFiles.randomLog(&random, entries: 1 + Int(random.next() % 60))
            let path = LogTestFiles.file(bytes)
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            let forwardScanner = LogScanner(descriptor: fd, chunkSize: 1 + Int(random.next() % 200))
            var forward = LogOffsets()
            forwardScanner.forward(from: 0, to: Int64(bytes.count)) { forward.append($0, level: $1) }
            let backwardScanner = LogScanner(descriptor: fd, chunkSize: 1 + Int(random.next() % 200))
            let all = backwardScanner.backward(before: Int64(bytes.count), limit: .max)
            #expect(all == forward)
            #expect(all.allOffsets == offsets)
            // The last k entries alone are the end of the list.
            let k = 1 + Int(random.next() % UInt64(offsets.count))
            let last = backwardScanner.backward(before: Int64(bytes.count), limit: k)
            #expect(last.allOffsets == Array(offsets.suffix(k)))
            #expect((0..<k).allSatisfy { last.level(at: $0) == forward.level(at: offsets.count - k + $0) })
        }
    }

    @Test func anIncompleteLastLineIsNotAnEntryYet() {
        let bytes = Array("a 1\nb 2\nc partial".utf8)
        let fd = open(LogTestFiles.file(bytes), O_RDONLY)
        defer { close(fd) }
        let scanner = LogScanner(descriptor: fd, chunkSize: 3)
        #expect(scanner.completeEnd(before: Int64(bytes.count)) == 8)
        #expect(scanner.backward(before: 8, limit: 10).allOffsets == [0, 4])
        var found: [Int64] = []
        #expect(scanner.forward(from: 0, to: Int64(bytes.count)) { offset, _ in found.append(offset) } == 8)
        #expect(found == [0, 4, 8])  // the caller drops 8: at or past the returned end
    }

    @Test func levelsAreReadFromTheFirstLine() {
        let text = "2026-11-25T00:00:01Z ERROR db: x\n2026-11-25T00:00:02Z [warn] y\nINFO z\nno level here\n"
        let bytes = Array(text.utf8)
        let fd = open(LogTestFiles.file(bytes), O_RDONLY)
        defer { close(fd) }
        let all = LogScanner(descriptor: fd).backward(before: Int64(bytes.count), limit: 10)
        #expect((0..<all.count).map(all.level(at:)) == [.error, .warn, .info, .unknown])
    }
}
