import CSQLite
import Foundation

/// SQLite files for `tv`'s tests, made through the C API.
enum SQLiteTestDatabases {
    /// Runs `sql` on a new database at `path`.
    static func make(_ path: String, _ sql: String) {
        var connection: OpaquePointer?
        precondition(sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
        defer { sqlite3_close(connection) }
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(connection, sql, nil, nil, &error)
        precondition(status == SQLITE_OK, error.map { String(cString: $0) } ?? "sqlite3_exec \(status)")
    }

    /// `rows` rows of `t (id INTEGER PRIMARY KEY, name TEXT, score REAL, photo BLOB, k INT)` with an index on `k`:
    /// `name` is `name N` (an escape sequence after it in every 10th), `score` N/2 (NULL in every 5th), `photo` a
    /// 10-byte BLOB in every 3rd, `k` (N × 7919) mod 1000; and a view `small` of the first 9 names.
    static func people(_ path: String, rows: Int) {
        make(
            path,
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, photo BLOB, k INT);
            CREATE INDEX tk ON t (k);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO t SELECT i, 'name ' || i || CASE WHEN i % 10 = 0 THEN char(27) || '[31m' ELSE '' END,
                CASE WHEN i % 5 = 0 THEN NULL ELSE i * 0.5 END, CASE WHEN i % 3 = 0 THEN zeroblob(10) END,
                (i * 7919) % 1000 FROM n;
            CREATE VIEW small AS SELECT name FROM t WHERE id < 10;
            """)
    }
}
