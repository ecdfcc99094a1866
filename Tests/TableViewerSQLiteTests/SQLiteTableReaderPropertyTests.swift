import CSQLite
import Foundation
import TermTableTestSupport
import Testing

@testable import TableViewerSQLite

/// Generated tables read a page at a time in random orders, filters and jumps, against an in-memory reference.
@Suite struct SQLiteTableReaderPropertyTests {
    /// SQLite's order of two values of a column without affinity (BINARY collation): NULL, numbers, text, BLOBs.
    static func precedes(_ lhs: SQLiteValue, _ rhs: SQLiteValue) -> Bool {
        func rank(_ value: SQLiteValue) -> Int {
            switch value {
            case .null: 0
            case .integer, .real: 1
            case .text: 2
            case .blob: 3
            }
        }
        func number(_ value: SQLiteValue) -> Double {
            if case .integer(let number) = value { return Double(number) }
            if case .real(let number) = value { return number }
            return 0
        }
        if rank(lhs) != rank(rhs) { return rank(lhs) < rank(rhs) }
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        case (.blob(let a, _), .blob(let b, _)): return a.lexicographicallyPrecedes(b)
        case (.null, .null): return false
        default: return number(lhs) < number(rhs)
        }
    }

    /// `LIKE '%a%b%'` for each term, ASCII case ignored, on text (NULL never matches).
    static func matches(_ value: SQLiteValue, _ query: String) -> Bool {
        guard case .text(let text) = value else { return false }
        let bytes = Array(text.lowercased().utf8)
        return query.split(separator: " ").allSatisfy { term in
            var index = 0
            for byte in term.lowercased().utf8 {
                while index < bytes.count, bytes[index] != byte { index += 1 }
                if index == bytes.count { return false }
                index += 1
            }
            return true
        }
    }

    static func value(_ random: inout SeededRandom, kind: Int) -> SQLiteValue {
        let words = ["apple", "Apricot", "banana", "cherry", "date", "elder", "fig", "grape", "", "a b"]
        // Column b is declared TEXT: its values are text or NULL (a number would be stored as text).
        let pick = kind == 0 ? Int.random(in: 0..<6, using: &random) : [0, 2, 5].randomElement(using: &random)!
        switch pick {
        case 0: return .null
        case 1: return .integer(Int64.random(in: -5...5, using: &random))
        case 2: return .text(words.randomElement(using: &random)! + String(Int.random(in: 0..<3, using: &random)))
        case 3: return .real(Double(Int.random(in: -10...10, using: &random)) / 2)
        case 4: return .blob([UInt8.random(in: 0...3, using: &random)], size: 1)
        default: return .text(words.randomElement(using: &random)!)
        }
    }

    /// A generated table `t (a, b TEXT, c)` (a: any storage class, no affinity; b: text or NULL, many equal; c:
    /// indexed) of `rows` rows, with gaps in the rowids: its path and rows kept, by rowid.
    static func table(
        _ random: inout SeededRandom, rows range: ClosedRange<Int>
    ) -> (path: String, kept: [(Int64, [SQLiteValue])]) {
        let rowCount = Int.random(in: range, using: &random)
        var rows: [[SQLiteValue]] = []
        for _ in 0..<rowCount {
            rows.append([Self.value(&random, kind: 0), Self.value(&random, kind: 1), Self.value(&random, kind: 0)])
        }
        let path = SQLiteTestFiles.directory() + "/random.sqlite"
        let connection = SQLiteTestFiles.open(path)
        SQLiteTestFiles.execute(connection, "CREATE TABLE t (a, b TEXT, c); CREATE INDEX tc ON t (c)")
        SQLiteTestFiles.insert(connection, into: "t", rows: rows)
        // Gaps in the rowids.
        SQLiteTestFiles.execute(connection, "DELETE FROM t WHERE rowid % 7 = 3")
        sqlite3_close(connection)
        return (path, rows.enumerated().filter { ($0.offset + 1) % 7 != 3 }.map { (Int64($0.offset + 1), $0.element) })
    }

    @Test func pagesInAnyOrderEqualTheReference() throws {
        var random = SeededRandom(seed: 37)
        for _ in 0..<max(10, SQLiteTestFiles.cases / 5) {
            let (path, kept) = Self.table(&random, rows: 0...300)

            let database = try SQLiteDatabase(path: path)
            let reader = try SQLiteTableReader(database: database, source: .table("t"))
            for _ in 0..<4 {
                let sortColumn = Bool.random(using: &random) ? nil : Int.random(in: 0..<3, using: &random)
                let ascending = Bool.random(using: &random)
                let filter: (column: Int, text: String)? =
                    Int.random(in: 0..<3, using: &random) == 0
                    ? (1, ["a", "p e", "AN", "x", "a b"].randomElement(using: &random)!) : nil
                let order = SQLiteOrder(sortColumn: sortColumn, ascending: ascending, filter: filter)
                reader.setOrder(order)
                var expected = kept.filter { filter == nil || Self.matches($0.1[filter!.column], filter!.text) }
                if let sortColumn {
                    expected.sort { lhs, rhs in
                        let (l, r) = (lhs.1[sortColumn], rhs.1[sortColumn])
                        if Self.precedes(l, r) || Self.precedes(r, l) {
                            return ascending ? Self.precedes(l, r) : Self.precedes(r, l)
                        }
                        return ascending ? lhs.0 < rhs.0 : lhs.0 > rhs.0
                    }
                } else if !ascending {
                    expected.sort { $0.0 < $1.0 }
                }
                let reference = expected.map { SQLiteRow(rowid: $0.0, values: $0.1) }
                let total = try reader.count(on: database)
                #expect(total == reference.count, "count, \(order)")
                // The last rows first, then random pages (jumps, neighbours), each equal to the reference.
                let last = Int.random(in: 1...20, using: &random)
                #expect(try reader.lastRows(last) == Array(reference.suffix(last)), "last \(last), \(order)")
                for _ in 0..<8 {
                    let start = Int.random(in: 0...max(0, total), using: &random)
                    let length = Int.random(in: 1...40, using: &random)
                    let range = start..<(start + length)
                    let read = try reader.rows(range, total: Bool.random(using: &random) ? total : nil)
                    let want = Array(reference[min(start, total)..<min(start + length, total)])
                    #expect(read == want, "rows \(range) of \(total), \(order)")
                }
            }
        }
    }
}
