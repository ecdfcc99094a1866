import CSQLite
import Foundation
import TableViewerSQLite

/// SQLite files the tests make, through the C API, in temporary folders.
enum SQLiteTestFiles {
    /// A new empty folder.
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "tableviewersqlite-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A new database at a temporary path made by running `sql` (statements separated by `;`); its path.
    static func database(_ sql: String, name: String = "test.sqlite") -> String {
        let path = directory() + "/" + name
        let connection = open(path)
        defer { sqlite3_close(connection) }
        execute(connection, sql)
        return path
    }

    /// A writable connection to `path` (created when missing).
    static func open(_ path: String) -> OpaquePointer {
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        precondition(status == SQLITE_OK, "cannot make \(path)")
        return connection!
    }

    /// Runs `sql` on `connection`; a failure stops the test run with SQLite's message.
    static func execute(_ connection: OpaquePointer, _ sql: String) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(connection, sql, nil, nil, &error)
        precondition(status == SQLITE_OK, error.map { String(cString: $0) } ?? "sqlite3_exec \(status)")
    }

    /// Inserts `rows` into `table` (one bound parameter a value) in one transaction.
    static func insert(_ connection: OpaquePointer, into table: String, rows: [[SQLiteValue]]) {
        guard let width = rows.first?.count else { return }
        execute(connection, "BEGIN")
        var statement: OpaquePointer?
        let marks = Array(repeating: "?", count: width).joined(separator: ", ")
        sqlite3_prepare_v2(connection, "INSERT INTO \(table) VALUES (\(marks))", -1, &statement, nil)
        for row in rows {
            sqlite3_reset(statement)
            for (offset, value) in row.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .null: sqlite3_bind_null(statement, index)
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let text): sqlite3_bind_text(statement, index, text, -1, csqlite_transient())
                case .blob(let bytes, _):
                    _ = bytes.withUnsafeBytes {
                        sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), csqlite_transient())
                    }
                }
            }
            precondition(sqlite3_step(statement) == SQLITE_DONE, String(cString: sqlite3_errmsg(connection)))
        }
        sqlite3_finalize(statement)
        execute(connection, "COMMIT")
    }

    /// The number of generated cases (`TERMTABLE_PROPERTY_CASES`, default 150).
    static var cases: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 150 }
}
