import CSQLite
import Glibc
import TermTableCore

/// Why a SQLite file or query cannot be read: a one-line message for the user, and the kind of trouble.
public struct SQLiteError: Error, Equatable, Sendable {
    /// What went wrong, in general.
    public enum Kind: Sendable, Equatable {
        /// The file is not a SQLite database (its header says otherwise, or SQLite says so).
        case notADatabase
        /// Another program holds a lock that keeps readers out (past the busy timeout).
        case locked
        /// The file is damaged (a bad page, a wrong size) or was removed or truncated while open.
        case corrupt
        /// The query was interrupted (Esc, or a newer query).
        case interrupted
        /// A table or view of that name does not exist (the message lists them).
        case noSuchTable
        /// `--query` was given a statement that writes.
        case notReadOnly
        /// Any other error (a missing file, bad SQL): the message says which.
        case other
    }

    /// The kind.
    public var kind: Kind
    /// The message, as SQLite or `tv` says it (untrusted: sanitise before it reaches a terminal).
    public var message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The kind of a SQLite result code (its primary code).
    static func kind(ofCode code: Int32) -> Kind {
        switch code & 0xFF {
        case SQLITE_NOTADB: .notADatabase
        case SQLITE_BUSY, SQLITE_LOCKED: .locked
        case SQLITE_CORRUPT, SQLITE_IOERR: .corrupt
        case SQLITE_INTERRUPT: .interrupted
        default: .other
        }
    }
}

/// One connection to a SQLite file, opened read-only (`SQLITE_OPEN_READONLY`, `PRAGMA query_only`, a busy
/// timeout of ``busyTimeoutMilliseconds``).
///
/// SQLite serialises the calls on one connection; `tv` keeps one connection a job (the pages, the count) so a count
/// never holds up a page, and calls them off the main actor. ``interrupt()`` may be called from any thread: the
/// statement running on the connection stops with ``SQLiteError/Kind/interrupted``.
public final class SQLiteDatabase: @unchecked Sendable {
    /// The connection.
    let handle: OpaquePointer
    /// The file's path.
    public let path: String

    /// How long a read waits for another program's write lock before it says the file is locked.
    public static let busyTimeoutMilliseconds: Int32 = 2000

    /// The 16 bytes every SQLite 3 database starts with.
    public static let header: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// True when the file at `path` starts with the SQLite 3 header (its first 16 bytes; the extension does not
    /// count). Opens non-blocking (a FIFO is not waited on).
    public static func isDatabaseFile(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) }
        return count == 16 && bytes == header
    }

    /// Opens `path` read-only, a read waiting at most `busyTimeoutMilliseconds` for another program's lock. Throws
    /// when it cannot be opened or is not a database (SQLite reads the header lazily: the schema is read here, so a
    /// file that is not a database, or a locked one, is told at once).
    public init(path: String, busyTimeoutMilliseconds: Int32 = SQLiteDatabase.busyTimeoutMilliseconds)
        throws(SQLiteError)
    {
        self.path = path
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let connection { sqlite3_close_v2(connection) }
            throw SQLiteError(SQLiteError.kind(ofCode: status), message)
        }
        handle = connection
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
        do {
            try execute("PRAGMA query_only = 1")
            _ = try scalarInteger("SELECT count(*) FROM sqlite_schema")
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// Stops the statement running on this connection (from any thread); it throws
    /// ``SQLiteError/Kind/interrupted``. A statement that starts after this returns is not affected: use
    /// ``withCancellation(_:_:)`` for work that may not have started yet.
    public func interrupt() { sqlite3_interrupt(handle) }

    /// Runs `body` (statements on this connection) so that `cancellation` stops them, whenever it is cancelled:
    /// before they start or while they run (SQLite's progress handler looks at it every 1,000 virtual machine
    /// instructions, a few microseconds). A stopped statement throws ``SQLiteError/Kind/interrupted``.
    public func withCancellation<Result>(
        _ cancellation: SQLiteCancellation, _ body: () throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        let context = Unmanaged.passUnretained(cancellation).toOpaque()
        sqlite3_progress_handler(
            handle, 1000,
            { context in
                Unmanaged<SQLiteCancellation>.fromOpaque(context!).takeUnretainedValue().isCancelled ? 1 : 0
            }, context)
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        if cancellation.isCancelled { throw SQLiteError(.interrupted, "interrupted") }
        return try withExtendedLifetime(cancellation) { () throws(SQLiteError) -> Result in try body() }
    }

    /// The connection's last error as an ``SQLiteError``.
    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(SQLiteError.kind(ofCode: code), String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs `sql` (no rows).
    func execute(_ sql: String) throws(SQLiteError) {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        let status = sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw error(status) }
    }

    /// A prepared statement (finalise it).
    func prepare(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            if let statement { sqlite3_finalize(statement) }
            throw error(status == SQLITE_OK ? SQLITE_ERROR : status)
        }
        return statement
    }

    /// True when `sql` holds more than one statement (anything but spaces and semicolons after the first).
    func hasMoreThanOneStatement(_ sql: String) -> Bool {
        sql.withCString { start in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            guard sqlite3_prepare_v2(handle, start, -1, &statement, &tail) == SQLITE_OK else { return false }
            sqlite3_finalize(statement)
            guard let tail else { return false }
            return String(cString: tail).contains { !$0.isWhitespace && $0 != ";" }
        }
    }

    /// Binds `values` to `statement`'s parameters, from 1.
    func bind(_ values: [SQLiteValue], to statement: OpaquePointer) {
        for (offset, value) in values.enumerated() {
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
    }

    /// Runs `sql` with `bindings`, calling `row` with the statement for each row until it returns false.
    func query(
        _ sql: String, _ bindings: [SQLiteValue] = [], row: (OpaquePointer) throws(SQLiteError) -> Bool
    ) throws(SQLiteError) {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        bind(bindings, to: statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            if try !row(statement) { return }
        }
    }

    /// The first column of the first row of `sql` as an integer (0 when there is no row).
    public func scalarInteger(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> Int64 {
        var result: Int64 = 0
        try query(sql, bindings) { statement in
            result = sqlite3_column_int64(statement, 0)
            return false
        }
        return result
    }

    /// The tables and views of the main schema (`sqlite_` internal tables left out), by name.
    public func objects() throws(SQLiteError) -> [SQLiteObject] {
        var objects: [SQLiteObject] = []
        try query(
            "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' "
                + "ESCAPE '\\' ORDER BY name"
        ) { statement in
            let name = Self.text(statement, 0)
            let kind: SQLiteObject.Kind = Self.text(statement, 1) == "view" ? .view : .table
            objects.append(SQLiteObject(name: name, kind: kind))
            return true
        }
        return objects
    }

    /// The declared columns of table or view `name` (`PRAGMA table_xinfo`: hidden columns left out), their types
    /// and affinities.
    public func columns(of name: String) throws(SQLiteError) -> [SQLiteColumn] {
        var columns: [SQLiteColumn] = []
        try query("SELECT name, type, hidden FROM pragma_table_xinfo(?)", [.text(name)]) { statement in
            if sqlite3_column_int(statement, 2) == 0 {
                let declared = Self.text(statement, 1)
                columns.append(SQLiteColumn(name: Self.text(statement, 0), declaredType: declared))
            }
            return true
        }
        return columns
    }

    /// True when `name` is a table with a rowid (not a view, not `WITHOUT ROWID`).
    public func hasRowid(_ name: String) -> Bool {
        // `WITHOUT ROWID` tables and views have no rowid to select.
        (try? prepare("SELECT rowid FROM \(SQLiteSQL.quote(name)) LIMIT 0")).map { sqlite3_finalize($0) } != nil
    }

    /// Column `index` of the current row as text ("" for NULL).
    static func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` of the current row as a value: text cut at `textLimit` bytes (on a character boundary,
    /// invalid UTF-8 repaired), a BLOB as its size and first 16 bytes (all of them with `wholeBlob`: a sort key).
    static func value(
        _ statement: OpaquePointer, _ index: Int32, textLimit: Int, wholeBlob: Bool = false
    ) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let start = sqlite3_column_blob(statement, index) else { return .blob([], size: count) }
            let prefix = Array(UnsafeRawBufferPointer(start: start, count: wholeBlob ? count : min(count, 16)))
            return .blob(prefix, size: count)
        default:
            guard let bytes = sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, index))
            var cut = min(count, textLimit)
            // Back to a character's first byte (never split a UTF-8 sequence).
            while cut < count, cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: cut), as: UTF8.self))
        }
    }
}

/// A flag that stops the statements run under it (``SQLiteDatabase/withCancellation(_:_:)``); set from any thread.
public final class SQLiteCancellation: Sendable {
    private let flag = Locked(false)

    /// A flag not yet set.
    public init() {}

    /// Stops the statements run under it, now and later.
    public func cancel() { flag.withLock { $0 = true } }

    /// True once cancelled.
    public var isCancelled: Bool { flag.withLock { $0 } }
}

/// A table or view of a database.
public struct SQLiteObject: Sendable, Equatable {
    /// A table or a view.
    public enum Kind: String, Sendable {
        /// A table.
        case table
        /// A view.
        case view
    }

    /// Its name.
    public var name: String
    /// What it is.
    public var kind: Kind

    /// An object named `name`.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// A declared column: its name, its declared type and the affinity SQLite gives that type.
public struct SQLiteColumn: Sendable, Equatable {
    /// The column's affinity (SQLite's rules on the declared type, section 3.1 of "Datatypes In SQLite").
    public enum Affinity: String, Sendable {
        /// `INT` in the type.
        case integer
        /// `CHAR`, `CLOB` or `TEXT`.
        case text
        /// `BLOB`, or no type.
        case blob
        /// `REAL`, `FLOA` or `DOUB`.
        case real
        /// Anything else (`NUMERIC`, `DECIMAL`, `BOOLEAN`, `DATE`).
        case numeric
    }

    /// The name.
    public var name: String
    /// The declared type as written (`VARCHAR(20)`), empty when none.
    public var declaredType: String

    /// A column `name` declared `declaredType`.
    public init(name: String, declaredType: String) {
        self.name = name
        self.declaredType = declaredType
    }

    /// The affinity of ``declaredType``, by SQLite's rules in their order.
    public var affinity: Affinity {
        let type = declaredType.uppercased()
        if type.contains("INT") { return .integer }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .text }
        if type.isEmpty || type.contains("BLOB") { return .blob }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return .real }
        return .numeric
    }

    /// True when the column's values are numbers (integer, real or numeric affinity): right-aligned.
    public var isNumeric: Bool { affinity == .integer || affinity == .real || affinity == .numeric }
}

/// SQL text made safe: identifiers quoted.
public enum SQLiteSQL {
    /// `name` as a quoted identifier (`"a""b"`).
    public static func quote(_ name: String) -> String {
        "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// A `LIKE` pattern (escape `\`) matching text that holds `term`'s characters in order: `%a%b%c%`.
    public static func subsequencePattern(_ term: String) -> String {
        var pattern = "%"
        for character in term {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
            pattern.append("%")
        }
        return pattern
    }
}

extension String {
    /// Every `target` replaced by `replacement` (no Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
