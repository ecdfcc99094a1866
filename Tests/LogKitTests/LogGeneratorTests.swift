import Foundation
import Glibc
import LogKit
import Testing

/// The seeded generator: the same bytes for a seed, the lines asked for, times in order, some stack traces.
@Suite struct LogGeneratorTests {
    func generate(lines: Int, seed: UInt64) throws -> [UInt8] {
        let path = LogTestFiles.directory() + "/gen.log"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var generator = LogGenerator(seed: seed)
        let wrote = generator.write(lines: lines, to: fd)
        #expect(wrote)
        close(fd)
        return try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func theSameSeedGivesTheSameLinesAndEntriesAreInTimeOrder() throws {
        let first = try generate(lines: 5000, seed: 42)
        #expect(first == (try generate(lines: 5000, seed: 42)))
        #expect(first != (try generate(lines: 5000, seed: 43)))
        #expect(first.filter { $0 == 0x0A }.count == 5000)
        let path = LogTestFiles.file(first)
        let file = try LogFile(path: path)
        file.openAtEnd(limit: .max)
        let entries = (0..<file.rowCount).map(file.entry(atRow:))
        #expect(entries.count < 5000)  // stack traces join their error
        #expect(entries.contains { $0.lineCount > 1 && $0.level == .error })
        #expect(entries.map(\.time) == entries.map(\.time).sorted())
        #expect(entries.allSatisfy { $0.level != .unknown && !$0.component.isEmpty })
        let averageLine = Double(first.count) / 5000
        #expect(averageLine > 100 && averageLine < 200)
    }
}
