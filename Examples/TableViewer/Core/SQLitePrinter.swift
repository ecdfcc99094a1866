import Glibc
import TableViewerKit
import TableViewerSQLite

/// `tv --print FILE.sqlite TABLE` (or `--query`): a SQLite table's, view's or query's rows as TSV on standard output,
/// as ``TablePrinter`` prints a text file: the column names first, `--sort` (`ORDER BY`, the rowid last where there is
/// one, so equal keys keep the table's order), `--columns`, `--limit` (`LIMIT`), every field escaped by ``TSVText``
/// (no C0, C1 or bidi control reaches standard output). Rows are streamed from one statement, never held; text is
/// written whole. NULL is written `\N` (a backslash in text is `\\`, so it cannot be mistaken for text), a BLOB as
/// the grid shows it, `<blob N bytes>`.
public struct SQLitePrinter: Sendable {
    /// The database's path.
    public var path: String
    /// The table or query (nil: a failure that lists the tables).
    public var source: SQLiteSource?
    /// The sort levels as given: `COL` or `COL:desc`, several separated by commas.
    public var sort: [String]
    /// The columns to print, in order (nil: all the reader shows, at most ``/TableViewerSQLite/SQLiteTableReader/columnLimit``).
    public var columns: [String]?
    /// The most rows printed (nil: all).
    public var limit: Int?

    /// A printer of `source` in the database at `path`.
    public init(
        path: String, source: SQLiteSource?, sort: [String] = [], columns: [String]? = nil, limit: Int? = nil
    ) {
        self.path = path
        self.source = source
        self.sort = sort
        self.columns = columns
        self.limit = limit
    }

    /// NULL in the output.
    static let null: [UInt8] = [0x5C, UInt8(ascii: "N")]

    /// Prints the rows to `output`, a failure to `errors` (`tv: PATH: …`); returns the exit status: 1 when the file
    /// cannot be read (or a read fails part way: the rows before it are printed), 2 for a bad argument.
    public func run(output: Int32 = STDOUT_FILENO, errors: Int32 = STDERR_FILENO) -> TablePrinter.Status {
        do throws(TablePrinter.Failure) {
            return try print(output: output)
        } catch {
            TablePrinter.write("tv: \(TSVText.escaped(path)): \(error.message)\n", to: errors)
            return error.status
        }
    }

    func print(output: Int32) throws(TablePrinter.Failure) -> TablePrinter.Status {
        if let limit, limit < 0 {
            throw TablePrinter.Failure(message: "--limit takes 0 or more rows", status: .badArgument)
        }
        let reader: SQLiteTableReader
        do throws(SQLiteError) {
            let database = try SQLiteDatabase(path: path)
            guard let source else {
                let names = try database.objects().map { TSVText.escaped($0.name) }.joined(separator: ", ")
                throw SQLiteError(.noSuchTable, "give a table or --query; the file has: " + names)
            }
            reader = try SQLiteTableReader(database: database, source: source)
        } catch {
            throw Self.failure(error)
        }
        let names = reader.columns.map(\.name)
        let keys = try TablePrinter.sortKeys(sort, columns: names).map { (column: $0.column, ascending: $0.ascending) }
        let selected = try columns.map { given throws(TablePrinter.Failure) in
            try given.map { name throws(TablePrinter.Failure) in try TablePrinter.column(named: name, in: names) }
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        TablePrinter.appendLine(selected.map { $0.map { names[$0] } } ?? names, to: &buffer)
        var closed = false
        do throws(SQLiteError) {
            try reader.forEachRow(sortedBy: keys, columns: selected, limit: limit) { values in
                Self.appendLine(values, to: &buffer)
                guard buffer.count >= 1 << 16 else { return true }
                closed = !TablePrinter.write(buffer, to: output)
                buffer.removeAll(keepingCapacity: true)
                return !closed
            }
        } catch {
            if !closed { TablePrinter.write(buffer, to: output) }
            throw Self.failure(error)
        }
        if !closed { TablePrinter.write(buffer, to: output) }
        return .success
    }

    /// A SQLite error as `--print`'s failure: a bad name or query is a bad argument (2), the rest an unreadable
    /// file (1).
    static func failure(_ error: SQLiteError) -> TablePrinter.Failure {
        let status: TablePrinter.Status
        switch error.kind {
        case .noSuchTable, .notReadOnly, .other: status = .badArgument
        default: status = .unreadableFile
        }
        return TablePrinter.Failure(message: TSVText.escaped(error.message), status: status)
    }

    /// One row as a TSV line: NULL `\N`, a BLOB `<blob N bytes>`, numbers as the grid writes them, text escaped.
    static func appendLine(_ values: [SQLiteValue], to buffer: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(0x09) }
            if value == .null {
                buffer.append(contentsOf: null)
            } else {
                TSVText.append(value.displayText, to: &buffer)
            }
        }
        buffer.append(0x0A)
    }
}
