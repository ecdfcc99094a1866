import CSQLite
import Foundation
import Testing

@testable import TableViewerSQLite

/// Opening SQLite files read-only, and the bad ones: not a database, locked, corrupt, deleted while open.
@Suite struct SQLiteDatabaseTests {
    @Test func aFileIsADatabaseByItsHeaderNotItsName() throws {
        let database = SQLiteTestFiles.database("CREATE TABLE t (a)", name: "data.csv")
        #expect(SQLiteDatabase.isDatabaseFile(path: database))
        let directory = SQLiteTestFiles.directory()
        let text = directory + "/table.sqlite"
        _ = FileManager.default.createFile(atPath: text, contents: Data("SQLite format 2\0 and more bytes".utf8))
        #expect(!SQLiteDatabase.isDatabaseFile(path: text))
        _ = FileManager.default.createFile(atPath: directory + "/empty.db", contents: Data())
        #expect(!SQLiteDatabase.isDatabaseFile(path: directory + "/empty.db"))
        #expect(!SQLiteDatabase.isDatabaseFile(path: directory))
        #expect(!SQLiteDatabase.isDatabaseFile(path: directory + "/missing"))
    }

    @Test func aFileThatIsNotADatabaseIsToldAtOpen() throws {
        let path = SQLiteTestFiles.directory() + "/notes.sqlite"
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(String(repeating: "not a database at all\n", count: 100).utf8))
        #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path) }
        do {
            _ = try SQLiteDatabase(path: path)
        } catch {
            #expect(error.kind == .notADatabase)
        }
    }

    @Test func theDatabaseIsOpenedReadOnly() throws {
        let path = SQLiteTestFiles.database("CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        let database = try SQLiteDatabase(path: path)
        #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (2)") }
        #expect(try database.scalarInteger("SELECT count(*) FROM t") == 1)
    }

    @Test func aLockedFileIsToldAfterTheBusyTimeout() throws {
        let path = SQLiteTestFiles.database("CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        let writer = SQLiteTestFiles.open(path)
        defer { sqlite3_close(writer) }
        SQLiteTestFiles.execute(writer, "BEGIN EXCLUSIVE; INSERT INTO t VALUES (2)")
        var kind: SQLiteError.Kind?
        do {
            let database = try SQLiteDatabase(path: path, busyTimeoutMilliseconds: 50)
            _ = try SQLiteTableReader(database: database, source: .table("t")).rows(0..<10, total: nil)
        } catch {
            kind = error.kind
        }
        #expect(kind == .locked)
        SQLiteTestFiles.execute(writer, "COMMIT")
    }

    @Test func aCorruptFileIsToldWhenItsPagesAreRead() throws {
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (a, b); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                + "INSERT INTO t SELECT i, printf('row %d', i) FROM n")
        // Page 2 on (the table's b-tree) overwritten with bytes that are no b-tree page.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
        try handle.close()
        var kind: SQLiteError.Kind?
        do {
            let database = try SQLiteDatabase(path: path)
            let reader = try SQLiteTableReader(database: database, source: .table("t"))
            _ = try reader.rows(0..<100, total: nil)
            _ = try reader.count(on: database)
        } catch {
            kind = error.kind
        }
        #expect(kind == .corrupt)
    }

    @Test func aFileDeletedWhileOpenIsStillRead() throws {
        let path = SQLiteTestFiles.database(
            "CREATE TABLE t (a); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) "
                + "INSERT INTO t SELECT i FROM n")
        let database = try SQLiteDatabase(path: path)
        let reader = try SQLiteTableReader(database: database, source: .table("t"))
        let before = try reader.rows(0..<10, total: 500)
        try FileManager.default.removeItem(atPath: path)
        #expect(try reader.rows(0..<10, total: 500) == before)
        #expect(try reader.lastRows(2).map(\.values) == [[.integer(499)], [.integer(500)]])
        #expect(try reader.count(on: database) == 500)
    }

    @Test func aLongQueryStopsWhenInterrupted() throws {
        let path = SQLiteTestFiles.database("CREATE TABLE t (a)")
        let database = try SQLiteDatabase(path: path)
        let started = ContinuousClock.now
        // A thread of its own (the tests' cooperative pool may be busy with the others).
        Thread.detachNewThread {
            usleep(100_000)
            database.interrupt()
        }
        var kind: SQLiteError.Kind?
        do {
            // About a minute of counting, uninterrupted.
            _ = try database.scalarInteger(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM "
                    + "(SELECT i FROM n LIMIT 10000000000)")
        } catch {
            kind = error.kind
        }
        #expect(kind == .interrupted)
        // Generous for a loaded 2-core machine: the interrupt, not the query's end, stopped it.
        #expect(ContinuousClock.now - started < .seconds(20))
    }
}
