import Glibc
import TableViewerKit

/// `tv --print`: a table file's rows (sorted, some columns, the first N) as TSV on standard output, so results can
/// be checked and timed without a terminal.
///
/// The first line holds the column names. Each field is escaped by ``TSVText`` (a tab or a line feed inside a
/// field is `\t` or `\n`; controls and bidi controls are visible escapes). Without `--columns`, a ragged row's
/// extra fields follow its last column, so nothing is lost; its missing fields are empty. Problems in rows (ragged,
/// a quote never closed, a quoted field over 4 MiB, invalid UTF-8 shown as U+FFFD, a line that is not a JSON
/// object) are listed on standard error and make the exit status ``Status/rowsWithProblems``; the rows are printed
/// all the same.
public struct TablePrinter: Sendable {
    /// The exit statuses of `tv --print`.
    public enum Status: Int32, Sendable {
        /// Every row printed, none with a problem.
        case success = 0
        /// The file cannot be shown: missing, unreadable, a directory, a FIFO or device, empty.
        case unreadableFile = 1
        /// An argument names what is not there (a column), or is malformed.
        case badArgument = 2
        /// Every row printed, but some had problems (listed on standard error).
        case rowsWithProblems = 3
    }

    /// A failure before any row is printed: the message and the status.
    public struct Failure: Error, Sendable, Equatable {
        /// One line for standard error.
        public var message: String
        /// The exit status.
        public var status: Status
    }

    /// The file's path.
    public var path: String
    /// The sort levels as given: `COL` or `COL:desc` (or `COL:asc`), several separated by commas.
    public var sort: [String]
    /// The columns to print, in order (nil: all).
    public var columns: [String]?
    /// The most rows printed (nil: all).
    public var limit: Int?

    /// The most problems listed on standard error (the rest are counted).
    public static let problemsListed = 20

    /// A printer of `path`.
    public init(path: String, sort: [String] = [], columns: [String]? = nil, limit: Int? = nil) {
        self.path = path
        self.sort = sort
        self.columns = columns
        self.limit = limit
    }

    /// The sort levels of `specs` (`COL[:desc]`, several per spec separated by commas) in `table`'s columns.
    public static func sortKeys(_ specs: [String], columns: [String]) throws(Failure) -> [SortKey] {
        var keys: [SortKey] = []
        for spec in specs {
            for part in spec.split(separator: ",", omittingEmptySubsequences: true) {
                var name = String(part)
                var ascending = true
                if let colon = name.lastIndex(of: ":") {
                    let direction = name[name.index(after: colon)...].lowercased()
                    if direction == "desc" || direction == "asc" {
                        ascending = direction == "asc"
                        name = String(name[..<colon])
                    }
                }
                keys.append(SortKey(column: try column(named: name, in: columns), ascending: ascending))
            }
        }
        return keys
    }

    /// The position of column `name` (a name, or failing that a 1-based number); the failure names the columns.
    public static func column(named name: String, in columns: [String]) throws(Failure) -> Int {
        if let index = columns.firstIndex(of: name) { return index }
        if let number = Int(name), number >= 1, number <= columns.count { return number - 1 }
        let shown = columns.prefix(40).map { TSVText.escaped($0) }.joined(separator: ", ")
        let more = columns.count > 40 ? ", … (\(columns.count) in all)" : ""
        throw Failure(
            message: "no column “\(TSVText.escaped(name))”; the columns are: \(shown)\(more)", status: .badArgument)
    }

    /// Prints the table to `output`, problems to `errors`; returns the exit status. Indexes the whole file first
    /// (on this thread).
    public func run(output: Int32 = STDOUT_FILENO, errors: Int32 = STDERR_FILENO) -> Status {
        do {
            return try print(output: output, errors: errors)
        } catch {
            Self.write("tv: \(error.message)\n", to: errors)
            return error.status
        }
    }

    func print(output: Int32, errors: Int32) throws(Failure) -> Status {
        if let limit, limit < 0 { throw Failure(message: "--limit takes 0 or more rows", status: .badArgument) }
        var options = TableFile.Options()
        options.displayLimit = 1 << 40  // every byte of every field: nothing is lost
        let table: TableFile
        do {
            table = try TableFile(path: path, options: options)
        } catch {
            throw Failure(message: error.message, status: .unreadableFile)
        }
        let keys = try Self.sortKeys(sort, columns: table.columns)
        let selected = try columns.map { names throws(Failure) in
            try names.map { name throws(Failure) in try Self.column(named: name, in: table.columns) }
        }
        table.buildIndex()
        let offsets = table.offsets
        let count = min(offsets.count, limit ?? .max)
        var order: [UInt32]?
        if !keys.isEmpty {
            let types = table.profileColumns().map(\.type)
            order = table.sortedRows(by: keys, types: types, offsets: offsets)
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        let header = selected.map { $0.map { table.columns[$0] } } ?? table.columns
        Self.appendLine(header, to: &buffer)
        var problems: [String] = []
        var problemCount = 0
        for position in 0..<count {
            let rowNumber = order.map { Int($0[position]) } ?? position
            let row = table.row(rowNumber, offsets: offsets)
            let fields: [String]
            if let selected {
                fields = selected.map { $0 < row.fields.count ? row.fields[$0] : "" }
            } else if row.fields.count < table.columns.count {
                fields = row.fields + Array(repeating: "", count: table.columns.count - row.fields.count)
            } else {
                fields = row.fields
            }
            Self.appendLine(fields, to: &buffer)
            if let problem = Self.problem(of: row, columns: table.columns.count) {
                problemCount += 1
                if problems.count < Self.problemsListed { problems.append("row \(rowNumber + 1): \(problem)") }
            }
            if buffer.count >= 1 << 16 {
                guard Self.write(buffer, to: output) else { break }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        _ = Self.write(buffer, to: output)
        guard problemCount > 0 else { return .success }
        var report = ""
        for problem in problems { report += "tv: \(TSVText.escaped(path)): \(problem)\n" }
        if problemCount > problems.count { report += "tv: … and \(problemCount - problems.count) more rows\n" }
        let rows = problemCount == 1 ? "1 row" : "\(problemCount) rows"
        report += "tv: \(rows) with problems (printed, marked as above; rows are numbered from 1 below the header)\n"
        Self.write(report, to: errors)
        return .rowsWithProblems
    }

    /// What is wrong with `row`, in words, nil when nothing.
    public static func problem(of row: TableRow, columns: Int? = nil) -> String? {
        var parts: [String] = []
        switch row.problem {
        case .ragged(let fields)?:
            parts.append(
                "ragged: \(fields) \(fields == 1 ? "field" : "fields")"
                    + (columns.map { " (the header has \($0))" } ?? ""))
        case .unclosedQuote?: parts.append("a quote never closed (the row runs to the end of the file)")
        case .quotedFieldTooLong?:
            parts.append(
                "a quoted field over \(DelimitedScanner.defaultQuotedFieldLimit >> 20) MiB (the row ends at the next line)"
            )
        case .notAJSONObject?: parts.append("not a JSON object (shown whole in the first column)")
        case nil: break
        }
        if !row.isValidUTF8 { parts.append("invalid UTF-8 (shown as U+FFFD)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func appendLine(_ fields: [String], to buffer: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.append(0x09) }
            TSVText.append(field, to: &buffer)
        }
        buffer.append(0x0A)
    }

    /// Writes all of `bytes` to `fd`; false when it cannot (a closed pipe).
    @discardableResult
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            done += written
        }
        return true
    }

    @discardableResult
    static func write(_ text: String, to fd: Int32) -> Bool { write(Array(text.utf8), to: fd) }
}
