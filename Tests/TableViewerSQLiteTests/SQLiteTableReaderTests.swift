import CSQLite
import Foundation
import Testing

@testable import TableViewerSQLite

/// Reading tables, views and queries a page at a time: the table list, columns, values, bad names and queries.
@Suite struct SQLiteTableReaderTests {
    static let people = SQLiteTestFiles.database(
        """
        CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, score REAL, photo BLOB, note);
        INSERT INTO people VALUES (1, 'Ada', 9.5, x'00ff10', NULL);
        INSERT INTO people VALUES (2, NULL, NULL, NULL, 'NULL');
        INSERT INTO people VALUES (3, 'Bob' || char(27) || '[31m', 2, zeroblob(1048576), 7);
        CREATE VIEW good AS SELECT name FROM people WHERE score > 5;
        CREATE TABLE pairs (k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        INSERT INTO pairs VALUES ('b', 2), ('a', 1);
        """)

    @Test func theTablesAndViewsAreListedByName() throws {
        let database = try SQLiteDatabase(path: Self.people)
        #expect(
            try database.objects() == [
                SQLiteObject(name: "good", kind: .view), SQLiteObject(name: "pairs", kind: .table),
                SQLiteObject(name: "people", kind: .table),
            ])
    }

    @Test func columnsHaveTheirDeclaredTypesAndAffinities() throws {
        let reader = try SQLiteTableReader(database: SQLiteDatabase(path: Self.people), source: .table("people"))
        #expect(reader.columns.map(\.name) == ["id", "name", "score", "photo", "note"])
        #expect(reader.columns.map(\.affinity) == [.integer, .text, .real, .blob, .blob])
        #expect(reader.pagesByKeyset)
    }

    @Test func nullsAndBlobsAreToldApartFromText() throws {
        let reader = try SQLiteTableReader(database: SQLiteDatabase(path: Self.people), source: .table("people"))
        let rows = try reader.rows(0..<10, total: nil)
        #expect(rows.count == 3)
        #expect(rows[0].values[3].displayText == "<blob 3 bytes>")
        #expect(rows[1].values[1] == .null && rows[1].values[4] == .text("NULL"))
        #expect(rows[2].values[3].displayText == "<blob 1048576 bytes>")
        #expect(rows[0].values[2].displayText == "9.5" && rows[2].values[2].displayText == "2.0")
    }

    @Test func aViewAndAWithoutRowidTableArePagedByOffset() throws {
        let database = try SQLiteDatabase(path: Self.people)
        let view = try SQLiteTableReader(database: database, source: .table("good"))
        #expect(!view.pagesByKeyset)
        #expect(try view.rows(0..<5, total: nil).map(\.values) == [[.text("Ada")]])
        let pairs = try SQLiteTableReader(database: database, source: .table("pairs"))
        pairs.setOrder(SQLiteOrder(sortColumn: 0, ascending: false))
        #expect(
            try pairs.rows(0..<5, total: nil).map(\.values) == [[.text("b"), .integer(2)], [.text("a"), .integer(1)]])
        #expect(try pairs.lastRows(1).map(\.values) == [[.text("a"), .integer(1)]])
    }

    @Test func anUnknownTableIsToldWithTheTablesThereAre() throws {
        var error: SQLiteError?
        do {
            _ = try SQLiteTableReader(database: SQLiteDatabase(path: Self.people), source: .table("peple"))
        } catch let thrown {
            error = thrown
        }
        #expect(error?.kind == .noSuchTable)
        #expect(error?.message == "no table or view “peple”; the file has: good, pairs, people")
    }

    @Test func aQueryThatWritesIsRefused() throws {
        let database = try SQLiteDatabase(path: Self.people)
        for sql in [
            "DELETE FROM people", "INSERT INTO people (id) VALUES (9)", "PRAGMA user_version = 3",
            "SELECT 1; DELETE FROM people",
        ] {
            var kind: SQLiteError.Kind?
            do { _ = try SQLiteTableReader(database: database, source: .query(sql)) } catch { kind = error.kind }
            #expect(kind == .notReadOnly, "\(sql)")
        }
        #expect(try database.scalarInteger("SELECT count(*) FROM people") == 3)
    }

    @Test func aQueryIsReadAPageAtATimeWithItsColumnsNamed() throws {
        let database = try SQLiteDatabase(path: Self.people)
        let reader = try SQLiteTableReader(
            database: database, source: .query("SELECT id, id * 2 AS twice, name AS id FROM people;"))
        #expect(reader.columns.map(\.name).count == 3)
        reader.setOrder(SQLiteOrder(sortColumn: 1, ascending: false))
        #expect(try reader.rows(1..<3, total: nil).map { $0.values[1] } == [.integer(4), .integer(2)])
        #expect(try reader.count(on: database) == 3)
    }

    @Test func aTableOf2000ColumnsShowsItsFirst1000() throws {
        let names = (1...2000).map { "c\($0)" }
        let path = SQLiteTestFiles.database(
            "CREATE TABLE wide (\(names.joined(separator: ", "))); INSERT INTO wide (c1, c1000, c2000) VALUES (1, 2, 3)"
        )
        let reader = try SQLiteTableReader(database: SQLiteDatabase(path: path), source: .table("wide"))
        #expect(reader.totalColumnCount == 2000 && reader.columns.count == SQLiteTableReader.columnLimit)
        reader.setOrder(SQLiteOrder(sortColumn: 999, ascending: false))
        let rows = try reader.rows(0..<1, total: 1)
        #expect(rows.first?.values.first == .integer(1) && rows.first?.values.last == .integer(2))
    }

    @Test func theCountIsQuickWhereTheRowidsSayIt() throws {
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (a); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
                + "INSERT INTO t SELECT i FROM n")
        let database = try SQLiteDatabase(path: path)
        let reader = try SQLiteTableReader(database: database, source: .table("t"))
        #expect(reader.quickEstimate() == 1000)
        // Two lookups at the ends of the rowid b-tree, never a scan of the table (the bound: O(log n) pages).
        var plan: [String] = []
        try database.query("EXPLAIN QUERY PLAN " + reader.quickEstimateSQL!) { statement in
            plan.append(SQLiteDatabase.text(statement, 3))
            return true
        }
        #expect(!plan.isEmpty && !plan.contains { $0.hasPrefix("SCAN") && $0 != "SCAN CONSTANT ROW" }, "\(plan)")
        reader.setOrder(SQLiteOrder(filter: (0, "7")))
        #expect(reader.quickEstimate() == nil)
        #expect(try reader.count(on: database) == 1000 - 729)  // the numbers without a 7: 9 * 9 * 9
    }
}
