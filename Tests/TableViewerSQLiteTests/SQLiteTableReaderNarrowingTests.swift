import CSQLite
import Foundation
import TermTableTestSupport
import Testing

@testable import TableViewerSQLite

/// A longer `/` query looks only at the rows of the query before it when that one was read to its end.
@Suite struct SQLiteTableReaderNarrowingTests {
    /// A generated table `t (a, b TEXT, c)`: b holds mixed case, `%`, `_`, backslashes, accents (precomposed and
    /// not) and NULLs; a and c any storage class (BLOBs too); c indexed; gaps in the rowids.
    static func table(_ random: inout SeededRandom) -> String {
        let pieces = ["ab", "AB", "Ac", "b%c", "a_b", "x\\y", "É", "é", "e\u{301}", "ba", "cab", "%", "_", " "]
        func text() -> SQLiteValue {
            if Int.random(in: 0..<8, using: &random) == 0 { return .null }
            return .text(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined())
        }
        func any() -> SQLiteValue {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: .null
            case 1: .integer(Int64.random(in: -3...3, using: &random))
            case 2: .blob([UInt8.random(in: 0...2, using: &random)], size: 1)
            case 3: .text(["ab", "B", "%"].randomElement(using: &random)!)
            default: .real(Double(Int.random(in: -4...4, using: &random)) / 2)
            }
        }
        let rows = (0..<Int.random(in: 0...250, using: &random)).map { _ in [any(), text(), any()] }
        let path = SQLiteTestFiles.directory() + "/narrow.sqlite"
        let connection = SQLiteTestFiles.open(path)
        SQLiteTestFiles.execute(connection, "CREATE TABLE t (a, b TEXT, c); CREATE INDEX tc ON t (c)")
        SQLiteTestFiles.insert(connection, into: "t", rows: rows)
        SQLiteTestFiles.execute(connection, "DELETE FROM t WHERE rowid % 5 = 2")
        sqlite3_close(connection)
        return path
    }

    /// Every row of the order, with its count, read as `tv` reads it (the first page of 64, then the rest).
    static func everything(_ reader: SQLiteTableReader, _ order: SQLiteOrder) throws -> ([SQLiteRow], Int) {
        reader.setOrder(order)
        let first = try reader.rows(0..<64, total: nil)
        let count = try reader.count(on: reader.database)
        let rest = first.count < 64 ? [] : try reader.rows(64..<count, total: count)
        return (first + rest, count)
    }

    @Test func narrowedQueriesEqualTheFullQueryInRowsOrderAndCount() throws {
        var random = SeededRandom(seed: 38)
        let characters = Array("aAbBcC%_\\ éÉxy") + ["e\u{301}"]
        var narrowed = 0
        for _ in 0..<max(10, SQLiteTestFiles.cases / 5) {
            let path = Self.table(&random)
            let reader = try SQLiteTableReader(database: try SQLiteDatabase(path: path), source: .table("t"))
            let full = try SQLiteDatabase(path: path)
            var query = ""
            var order = SQLiteOrder()
            for _ in 0..<16 {
                // Mostly a character typed; else one taken back, one put in the middle, a new query, a sort, `F`.
                switch Int.random(in: 0..<12, using: &random) {
                case 0: query = String(query.dropLast())
                case 1:
                    let at = Int.random(in: 0...query.count, using: &random)
                    query.insert(
                        characters.randomElement(using: &random)!, at: query.index(query.startIndex, offsetBy: at))
                case 2: query = String((0..<2).map { _ in characters.randomElement(using: &random)! })
                case 3:
                    order.sortColumn = [nil, 0, 1, 2].randomElement(using: &random)!
                    order.ascending = Bool.random(using: &random)
                case 4:
                    let value = [SQLiteValue.null, .integer(1), .text("ab"), .blob([1], size: 1)]
                        .randomElement(using: &random)!
                    order.equality = Bool.random(using: &random) ? nil : SQLiteEquality(column: 2, value: value)
                default: query.append(characters.randomElement(using: &random)!)
                }
                order.filter = query.isEmpty ? nil : (1, query)
                let (rows, count) = try Self.everything(reader, order)
                if reader.candidates != nil { narrowed += 1 }
                // The full query: a reader of its own (nothing read before it).
                let (want, wantCount) = try Self.everything(
                    try SQLiteTableReader(database: full, source: .table("t")), order)
                #expect(rows == want, "\(order), narrowed: \(reader.candidates != nil)")
                #expect(count == wantCount && count == want.count, "count, \(order)")
                // The last rows (read backwards from the end) too.
                #expect(try reader.lastRows(5) == Array(want.suffix(5)), "last rows, \(order)")
            }
        }
        #expect(narrowed > 100, "narrowed \(narrowed) times")
    }

    @Test func aQueryWithMoreMatchesThanTheBoundIsNotNarrowedAfter() throws {
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('abc'), ('abd'), ('xbc'), ('ab'), ('zz')")
        let reader = try SQLiteTableReader(database: try SQLiteDatabase(path: path), source: .table("t"))
        reader.narrowingLimit = 2
        reader.setOrder(SQLiteOrder(filter: (0, "ab")))
        #expect(try reader.rows(0..<64, total: nil).count == 3)
        reader.setOrder(SQLiteOrder(filter: (0, "abc")))
        #expect(reader.candidates == nil)
        #expect(try reader.rows(0..<64, total: nil).map(\.values) == [[.text("abc")]])
        // Within the bound (1 row), the next refinement is narrowed to it.
        reader.setOrder(SQLiteOrder(filter: (0, "ABC")))
        #expect(reader.candidates == [1])
        #expect(try reader.rows(0..<64, total: nil).map(\.values) == [[.text("abc")]])
    }

    @Test func aStoppedReadIsNotUsedToNarrow() throws {
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('abc'), ('abd'), ('xbc')")
        let database = try SQLiteDatabase(path: path)
        let reader = try SQLiteTableReader(database: database, source: .table("t"))
        reader.setOrder(SQLiteOrder(filter: (0, "ab")))
        let stopped = SQLiteCancellation()
        stopped.cancel()
        #expect(throws: SQLiteError.self) {
            try database.withCancellation(stopped) { () throws(SQLiteError) in
                try reader.rows(0..<64, total: nil)
            }
        }
        reader.setOrder(SQLiteOrder(filter: (0, "abc")))
        #expect(reader.candidates == nil)
        // A read to the end is; a shorter query, another column or sort, and `R` are not narrowed.
        #expect(try reader.rows(0..<64, total: nil).count == 1)
        reader.setOrder(SQLiteOrder(filter: (0, "abcd")))
        #expect(reader.candidates == [1])
        reader.setOrder(SQLiteOrder(filter: (0, "a")))
        #expect(reader.candidates == nil)
        #expect(try reader.rows(0..<64, total: nil).count == 2)
        reader.setOrder(SQLiteOrder(sortColumn: 0, filter: (0, "ab")))
        #expect(reader.candidates == nil)
        _ = try reader.rows(0..<64, total: nil)
        reader.setOrder(SQLiteOrder(sortColumn: 0, filter: (0, "abd")))
        #expect(reader.candidates == [1, 2])
        reader.forgetMatchesRead()
        #expect(reader.candidates == nil)
    }

    @Test func aQueryRefinesAnotherWhenEachOfItsTermsHoldsOneOfTheOthersInOrder() {
        func refines(_ new: String, _ old: String, column: Int = 0) -> Bool {
            SQLiteOrder(filter: (column, new)).refines(SQLiteOrder(filter: (0, old)))
        }
        #expect(refines("abc", "ab"))
        #expect(refines("aXbc", "abc"))
        #expect(refines("ABC", "ab"))  // ASCII case ignored, as LIKE ignores it
        #expect(refines("y ab", "a b"))
        #expect(refines("a%_\\", "%\\"))
        #expect(!refines("ab", "abc"))
        #expect(!refines("ba", "ab"))
        #expect(!refines("É", "é"))  // LIKE folds ASCII only
        #expect(!refines("e\u{301}", "\u{e9}"))  // scalars compared, not canonical equivalence
        #expect(!refines("abc", "ab", column: 1))
        #expect(!SQLiteOrder(sortColumn: 0, filter: (0, "abc")).refines(SQLiteOrder(filter: (0, "ab"))))
        #expect(!SQLiteOrder(filter: (0, "abc")).refines(SQLiteOrder()))
    }
}

extension SQLiteTableReaderNarrowingTests {
    @Test func aCountRunToItsEndKeepsTheRowidsOfAFilterWithinTheBound() throws {
        // 100 matches of "a1": more than a page, so only the count reads them all.
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (name TEXT);"
                + "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
                + "INSERT INTO t SELECT CASE WHEN i % 3 = 0 THEN 'a1 ' || i ELSE 'b ' || i END FROM n")
        let database = try SQLiteDatabase(path: path)
        let reader = try SQLiteTableReader(database: database, source: .table("t"))
        let order = SQLiteOrder(filter: (0, "a1"))
        reader.setOrder(order)
        #expect(try reader.rows(0..<64, total: nil).count == 64)
        let (count, rowids) = try reader.counting.run(on: database)
        #expect(count == 100 && rowids == (1...100).map { Int64($0 * 3) })
        reader.keepMatches(rowids!, of: order)
        reader.setOrder(SQLiteOrder(filter: (0, "a12")))
        #expect(reader.candidates?.count == 100)
        let want = try Self.everything(try SQLiteTableReader(database: database, source: .table("t")), reader.order)
        #expect(try Self.everything(reader, reader.order) == want)
        // Past the bound the count keeps none; a count of another order (the one shown changed since) is not kept.
        reader.setOrder(order)
        for limit in [99, 10, 0] {
            reader.narrowingLimit = limit
            let past = try reader.counting.run(on: database)
            #expect(past.count == 100 && past.rowids == nil, "limit \(limit)")
        }
        reader.narrowingLimit = 65_536
        reader.keepMatches([3], of: SQLiteOrder(filter: (0, "b")))
        reader.setOrder(SQLiteOrder(filter: (0, "b1")))
        #expect(reader.candidates == nil)
    }
}
