import Foundation
import TableViewerKit
import Testing

@Suite struct TableSortTests {
    /// The reference: Swift's sort of the parsed values (Double from `Double(_:)`, text as UTF-8 byte arrays),
    /// empty and unreadable cells last in both directions, ties in row order.
    static func reference(_ rows: [[String]], keys: [SortKey], types: [ColumnType]) -> [UInt32] {
        enum Value: Equatable {
            case number(Double)
            case text([UInt8])
            case missing
        }
        func value(_ text: String, _ type: ColumnType) -> Value {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return .missing }
            switch type {
            case .text: return text.isEmpty ? .missing : .text(Array(text.utf8))
            case .integer, .decimal: return Double(trimmed).map(Value.number) ?? .missing
            default:
                var copy = text
                return copy.withUTF8 { type.sortNumber(UnsafeRawBufferPointer($0)) }.map(Value.number) ?? .missing
            }
        }
        let values = rows.map { row in keys.map { key in value(row[key.column], types[key.column]) } }
        return (0..<rows.count).sorted { a, b in
            for (level, key) in keys.enumerated() {
                let left = values[a][level]
                let right = values[b][level]
                if left == right { continue }
                if left == .missing { return false }
                if right == .missing { return true }
                switch (left, right) {
                case (.number(let x), .number(let y)): return key.ascending ? x < y : x > y
                case (.text(let x), .text(let y)):
                    return key.ascending ? x.lexicographicallyPrecedes(y) : y.lexicographicallyPrecedes(x)
                default: return false
                }
            }
            return a < b
        }.map { UInt32($0) }
    }

    @Test func sortingEqualsAReferenceSortOnRandomData() throws {
        let prefixes = ["", "N1", "same-long-prefix-", "é", "Z"]
        for seed in 0..<UInt64(TableTestFiles.cases) {
            var random = TableRandom(seed: seed)
            let count = Int(random.next() % 200) + 2
            var rows: [[String]] = []
            for _ in 0..<count {
                let number = random.next() % 6 == 0 ? "" : String(Double(Int(random.next() % 40) - 20) / 4)
                let integer = random.next() % 6 == 0 ? "" : String(Int(random.next() % 10) - 5)
                let text =
                    random.next() % 6 == 0
                    ? "" : prefixes[Int(random.next() % 5)] + String(random.next() % 30, radix: 36)
                let day = random.next() % 5 == 0 ? "" : "2013-0\(random.next() % 9 + 1)-1\(random.next() % 10)"
                rows.append([number, integer, text, day])
            }
            var bytes = TableGenerator.record(["n", "i", "t", "d"])
            for row in rows { bytes += TableGenerator.record(row) }
            let table = try TableTestFiles.table(bytes)
            #expect(TableTestFiles.rows(table) == rows)
            let types: [ColumnType] = [.decimal, .integer, .text, .date]
            var keys: [SortKey] = []
            for _ in 0..<Int(random.next() % 3) + 1 {
                keys.append(SortKey(column: Int(random.next() % 4), ascending: random.next() % 2 == 0))
            }
            let sorted = table.sortedRows(by: keys, types: types)
            #expect(sorted == Self.reference(rows, keys: keys, types: types), "seed \(seed) keys \(keys)")
        }
    }

    @Test func emptyCellsSortLastInBothDirectionsAndTiesKeepFileOrder() throws {
        let table = try TableTestFiles.table("k,v\n2,a\n,b\n1,c\n2,d\nx,e\n")
        let types: [ColumnType] = [.integer, .text]
        #expect(table.sortedRows(by: [SortKey(column: 0)], types: types) == [2, 0, 3, 1, 4])
        #expect(table.sortedRows(by: [SortKey(column: 0, ascending: false)], types: types) == [0, 3, 2, 1, 4])
    }

    @Test func aCancelledSortReturnsNil() throws {
        let table = try TableTestFiles.table("k\n3\n2\n1\n")
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(table.sortedRows(by: [SortKey(column: 0)], types: [.integer], cancellation: cancellation) == nil)
    }

    @Test func columnTypesComeFromASample() throws {
        let path = TableTestFiles.directory() + "/gen.csv"
        try TableGenerator.writeCSV(path: path, rows: 2_000, seed: 9)
        let table = try TableFile(path: path)
        #expect(table.columns == TableGenerator.columns)
        let profiles = table.profileColumns()
        #expect(profiles.map(\.type) == TableGenerator.types)
        #expect(profiles[0].emptyRatio == 0)
        #expect(profiles[8].emptyRatio > 0 && profiles[8].emptyRatio < 0.1)
        #expect(profiles[0].sampled == 1000)
    }

    /// Cells are read by the toolkit's parser (`TableSortKey(parsingUTF8:as:)`, tv's own is gone): a day the month
    /// does not have is not a date (tv's took 2026-02-30 for March 2nd), tabs around a number are blanks, a `Z`
    /// ends a date-time, a whole number past `Int64` is a decimal.
    @Test func cellsAreReadByTheToolkitsParser() throws {
        func number(_ type: ColumnType, _ text: String) -> Double? {
            var copy = text
            return copy.withUTF8 { type.sortNumber(UnsafeRawBufferPointer($0)) }
        }
        #expect(number(.date, "2026-02-30") == nil)
        #expect(number(.date, "2026-02-28") == 1_772_236_800)
        #expect(number(.dateTime, "2026-02-28T00:00Z+01:00") == nil)
        #expect(number(.integer, "\t2 ") == 2)
        #expect(number(.boolean, "No") == 0)
        let table = try TableTestFiles.table(
            "d,n,t,w\n2026-02-28,1,2026-02-28 10:00,9223372036854775807\n2026-02-30,\t2,2026-03-01,1\n")
        #expect(table.profileColumns().map(\.type) == [.text, .integer, .dateTime, .integer])
        let wide = try TableTestFiles.table("w,x\n1,a\n9223372036854775808,b\n")
        #expect(wide.profileColumns().map(\.type) == [.decimal, .text])
        #expect(table.sortedRows(by: [SortKey(column: 1, ascending: false)], types: [.text, .integer]) == [1, 0])
    }

    @Test func theGeneratorIsDeterministic() throws {
        var first = TableGenerator(seed: 4)
        var second = TableGenerator(seed: 4)
        let a = (0..<50).map { first.row($0) }
        #expect(a == (0..<50).map { second.row($0) })
        #expect(a.allSatisfy { $0.count == 19 })
        #expect(a.contains { $0[15].contains("\n") } && a.contains { $0[14].contains(",") })
    }
}
