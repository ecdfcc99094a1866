import CSQLite
import Foundation
import TermTableTestSupport
import Testing

@testable import TableViewerSQLite

/// `n`/`N` (the next match in the order, round the end) and `F` (a column counted, an equality filter) in SQL, on
/// generated tables against an in-memory reference, and `--print`'s rows.
@Suite struct SQLiteTableReaderFindTests {
    typealias Reference = SQLiteTableReaderPropertyTests

    static func table(_ random: inout SeededRandom) -> (path: String, kept: [(Int64, [SQLiteValue])]) {
        Reference.table(&random, rows: 0...200)
    }

    /// The order's rows as the reader pages them (checked against the reference by the property test of paging).
    static func all(_ reader: SQLiteTableReader) throws -> [SQLiteRow] { try reader.rows(0..<1000, total: nil) }

    @Test func nextAndPreviousMatchEqualTheReferenceInAnyOrderRoundTheEnd() throws {
        var random = SeededRandom(seed: 38)
        for _ in 0..<max(10, SQLiteTestFiles.cases / 5) {
            let (path, _) = Self.table(&random)
            let reader = try SQLiteTableReader(database: SQLiteDatabase(path: path), source: .table("t"))
            for _ in 0..<4 {
                let sortColumn = Bool.random(using: &random) ? nil : Int.random(in: 0..<3, using: &random)
                let filter: (column: Int, text: String)? =
                    Int.random(in: 0..<3, using: &random) == 0
                    ? (1, ["a", "p e", "AN"].randomElement(using: &random)!)
                    : nil
                reader.setOrder(
                    SQLiteOrder(sortColumn: sortColumn, ascending: Bool.random(using: &random), filter: filter))
                let rows = try Self.all(reader)
                guard !rows.isEmpty else { continue }
                let query = (
                    column: Int.random(in: 0..<2, using: &random),
                    text: ["e", "ap", "A B", "r1", "zz"].randomElement(using: &random)!
                )
                let matching = rows.indices.filter { Reference.matches(rows[$0].values[query.column], query.text) }
                for _ in 0..<6 {
                    let start = Int.random(in: 0..<rows.count, using: &random)
                    let forward = Bool.random(using: &random)
                    var expected: SQLiteMatch?
                    if let next = forward ? matching.first(where: { $0 > start }) : matching.last(where: { $0 < start })
                    {
                        expected = SQLiteMatch(row: next, wrapped: false)
                    } else if let round = forward ? matching.first : matching.last {
                        expected = SQLiteMatch(row: round, wrapped: true)
                    }
                    let found = try reader.nextMatch(
                        of: query, after: start, rowid: rows[start].rowid, forward: forward)
                    #expect(
                        found == expected, "\(query) from \(start) \(forward ? "forward" : "back"), \(reader.order)")
                }
            }
        }
    }

    @Test func aQueryIsSearchedByRowNumbersRoundTheEnd() throws {
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('ann'), ('bo'), ('cy'), ('bob'), ('di')")
        let reader = try SQLiteTableReader(
            database: SQLiteDatabase(path: path), source: .query("SELECT name FROM t WHERE name <> 'cy'"))
        let query = (column: 0, text: "b")
        #expect(
            try reader.nextMatch(of: query, after: 0, rowid: nil, forward: true) == SQLiteMatch(row: 1, wrapped: false))
        #expect(
            try reader.nextMatch(of: query, after: 1, rowid: nil, forward: true) == SQLiteMatch(row: 2, wrapped: false))
        #expect(
            try reader.nextMatch(of: query, after: 2, rowid: nil, forward: true) == SQLiteMatch(row: 1, wrapped: true))
        #expect(
            try reader.nextMatch(of: query, after: 1, rowid: nil, forward: false) == SQLiteMatch(row: 2, wrapped: true))
        #expect(try reader.nextMatch(of: (0, "x"), after: 1, rowid: nil, forward: false) == nil)
    }

    /// A number's key for grouping: SQLite groups 1 and 1.0 together.
    static func groupKey(_ value: SQLiteValue) -> SQLiteValue {
        if case .integer(let number) = value { return .real(Double(number)) }
        return value
    }

    @Test func aColumnCountedEqualsTheReferenceAndItsValuesFilterToTheirRows() throws {
        var random = SeededRandom(seed: 39)
        for _ in 0..<max(10, SQLiteTestFiles.cases / 5) {
            let (path, kept) = Self.table(&random)
            let database = try SQLiteDatabase(path: path)
            let reader = try SQLiteTableReader(database: database, source: .table("t"))
            let column = Int.random(in: 0..<3, using: &random)
            var counts: [SQLiteValue: Int] = [:]
            for row in kept { counts[Self.groupKey(row.1[column]), default: 0] += 1 }
            let limit = Int.random(in: 1...12, using: &random)
            let counted = try reader.frequency(ofColumn: column, limit: limit)
            #expect(counted.total == kept.count && counted.distinct == counts.count)
            #expect(counted.entries.count == min(limit, counts.count) && counted.isCut == (counts.count > limit))
            // Most frequent first, each count the reference's.
            #expect(counted.entries.map(\.count) == counts.values.sorted(by: >).prefix(limit).map { $0 })
            for entry in counted.entries { #expect(counts[Self.groupKey(entry.value)] == entry.count, "\(entry)") }
            // Each value filters to its rows, by the row that holds it or (no rowid) by the value itself.
            for entry in counted.entries.prefix(3) {
                for rowid in [entry.rowid, nil] {
                    reader.setOrder(
                        SQLiteOrder(equality: SQLiteEquality(column: column, value: entry.value, rowid: rowid)))
                    #expect(
                        try reader.count(on: database) == entry.count, "\(entry), rowid \(String(describing: rowid))")
                    let rows = try Self.all(reader)
                    #expect(rows.allSatisfy { Self.groupKey($0.values[column]) == Self.groupKey(entry.value) })
                }
                reader.setOrder(SQLiteOrder())
            }
        }
    }

    @Test func aLongTextValueFiltersWholeThroughItsRow() throws {
        let long = String(repeating: "x", count: 5000)
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('\(long)'), ('\(long)'), ('\(long)y'), ('short')")
        let database = try SQLiteDatabase(path: path)
        let reader = try SQLiteTableReader(database: database, source: .table("t"))
        let counted = try reader.frequency(ofColumn: 0, limit: 10)
        let top = try #require(counted.entries.first)
        #expect(
            top.count == 2 && top.value == .text(String(repeating: "x", count: SQLiteTableReader.frequencyTextLimit)))
        reader.setOrder(SQLiteOrder(equality: SQLiteEquality(column: 0, value: top.value, rowid: top.rowid)))
        #expect(try reader.count(on: database) == 2, "the whole value compared, not the 256 bytes read")
    }

    @Test func printRowsAreStreamedSortedWhole() throws {
        let long = String(repeating: "é", count: 3000)
        let path = SQLiteTestFiles.database(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, k INT);
            INSERT INTO t VALUES (1, '\(long)', 2), (2, NULL, 1), (3, 'c', 2), (4, 'd', NULL);
            """)
        let reader = try SQLiteTableReader(database: SQLiteDatabase(path: path), source: .table("t"))
        var rows: [[SQLiteValue]] = []
        try reader.forEachRow(sortedBy: [(2, false)], columns: [0, 1], limit: 3) {
            rows.append($0)
            return true
        }
        // k descending, ties in rowid order, NULL last; text whole (not cut at the grid's 1 KiB).
        #expect(rows == [[.integer(1), .text(long)], [.integer(3), .text("c")], [.integer(2), .null]])
        var first: [[SQLiteValue]] = []
        try reader.forEachRow(sortedBy: [], columns: nil, limit: nil) {
            first.append($0)
            return false
        }
        #expect(first.count == 1 && first[0].count == 3)
    }
}
