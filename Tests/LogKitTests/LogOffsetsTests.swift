import LogKit
import TermTableTestSupport
import Testing

/// The index's packed storage: offsets past 4 GiB, levels two to a byte, a level set again, errors found.
@Suite struct LogOffsetsTests {
    @Test func offsetsAndLevelsReadBackAsAppendedAndSet() {
        var random = SeededRandom(seed: 45)
        for _ in 0..<max(10, LogTestFiles.cases / 5) {
            var offsets = LogOffsets()
            var expected: [(Int64, LogLevel)] = []
            var offset: Int64 = 0
            for _ in 0..<Int(random.next() % 300) {
                // Now and then a jump past a 4 GiB boundary.
                offset += random.next() % 20 == 0 ? 3 << 31 : 1 + Int64(random.next() % 200)
                let level = LogLevel.allCases[Int(random.next() % UInt64(LogLevel.allCases.count))]
                offsets.append(offset, level: level)
                expected.append((offset, level))
            }
            for _ in 0..<Int(random.next() % 10) where !expected.isEmpty {
                let index = Int(random.next() % UInt64(expected.count))
                let level = LogLevel.allCases[Int(random.next() % UInt64(LogLevel.allCases.count))]
                offsets.setLevel(level, at: index)
                expected[index].1 = level
            }
            #expect(offsets.allOffsets == expected.map(\.0))
            #expect((0..<offsets.count).map(offsets.level(at:)) == expected.map(\.1))
            for index in -1...expected.count {
                let below = expected.indices.first { $0 > index && expected[$0].1.isError }
                let above = expected.indices.last { $0 < index && expected[$0].1.isError }
                #expect(offsets.nextError(from: index, forward: true) == below)
                #expect(offsets.nextError(from: index, forward: false) == above)
            }
        }
    }
}

/// Entries taken off either end read back as the rest appended alone (the gap's first entry, a cut tail entry).
@Suite struct LogOffsetsRemovalTests {
    @Test func removingTheFirstOrLastEntryLeavesTheRestAsAppended() {
        var random = SeededRandom(seed: 46)
        for _ in 0..<max(10, LogTestFiles.cases / 5) {
            var offsets = LogOffsets()
            var expected: [(Int64, LogLevel)] = []
            var offset: Int64 = 0
            for _ in 0..<1 + Int(random.next() % 40) {
                offset += random.next() % 4 == 0 ? 3 << 31 : 1 + Int64(random.next() % 200)
                let level = LogLevel.allCases[Int(random.next() % UInt64(LogLevel.allCases.count))]
                offsets.append(offset, level: level)
                expected.append((offset, level))
            }
            while !expected.isEmpty {
                if random.next() % 2 == 0 {
                    offsets.removeLast()
                    expected.removeLast()
                } else {
                    offsets.removeFirst()
                    expected.removeFirst()
                }
                #expect(offsets.allOffsets == expected.map(\.0))
                #expect((0..<offsets.count).map(offsets.level(at:)) == expected.map(\.1))
                // Appending after a removal is as appending to those left.
                offset += 3 << 31
                offsets.append(offset, level: .error)
                expected.append((offset, .error))
                #expect(offsets.allOffsets == expected.map(\.0))
                offsets.removeLast()
                expected.removeLast()
            }
        }
    }
}
