import Glibc
import Synchronization
import TermTableCore

/// How a table file is written.
public enum TableFormat: Sendable, Equatable {
    /// CSV, TSV or `;`-separated, RFC 4180 quoting.
    case delimited(Dialect)
    /// One JSON object a line.
    case jsonLines
}

/// How far the record index has come.
public struct IndexProgress: Sendable, Equatable {
    /// The records indexed so far.
    public var records: Int
    /// The bytes scanned so far.
    public var bytes: Int
    /// The file's size.
    public var totalBytes: Int
    /// True once every byte is indexed.
    public var isComplete: Bool

    /// The part scanned, 0 to 1.
    public var fraction: Double { totalBytes == 0 ? 1 : Double(bytes) / Double(totalBytes) }
}

/// A problem found in one row (0 is the first data row, the header excluded).
public struct RecordIssue: Sendable, Equatable {
    /// The row.
    public var row: Int
    /// What is wrong.
    public var problem: RecordProblem

    /// A problem in row `row`.
    public init(row: Int, problem: RecordProblem) {
        self.row = row
        self.problem = problem
    }
}

/// A flag to stop background work: the index, a sort.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A flag not set.
    public init() {}

    /// Asks the work to stop at its next check (after the chunk or the pass under way).
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// True once ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// One row read for display: each field's text (cut at the display limit), and what is wrong with it.
public struct TableRow: Sendable, Equatable {
    /// The fields in order; a ragged row has fewer or more than there are columns.
    public var fields: [String]
    /// False when some field held invalid UTF-8 (shown with U+FFFD).
    public var isValidUTF8: Bool
    /// True when some field was longer than the display limit and was cut.
    public var isCut: Bool
    /// The record's problem found when it was indexed or read (ragged, a quote, not a JSON object).
    public var problem: RecordProblem?
}

/// A CSV, TSV or JSON-lines file as rows of fields, read from a memory-mapped file through an index of record
/// offsets: nothing is parsed until a row is asked for.
///
/// Opening maps the file and sniffs its format from the first ``Options/sampleBytes``
/// (JSON lines when the first byte that is not a space is `{`; else the separator
/// among `,`, tab and `;` that gives the most records the same number of fields,
/// and whether the first record is a header). ``buildIndex(chunkBytes:cancellation:progress:)``
/// indexes the records in chunks, publishing each chunk, so rows can be read
/// from other threads while it runs (``rowCount`` grows). Thread-safe: the index is
/// behind a mutex; rows are read from the immutable mapping.
public final class TableFile: Sendable {
    /// What opening may be told.
    public struct Options: Sendable {
        /// The bytes sniffed for the format and header: 64 KiB.
        public var sampleBytes = 64 << 10
        /// The longest quoted field followed before a record is cut (``RecordProblem/quotedFieldTooLong``).
        public var quotedFieldLimit = DelimitedScanner.defaultQuotedFieldLimit
        /// The most bytes of one field returned for display.
        public var displayLimit = 4096
        /// The format to use instead of sniffing it.
        public var format: TableFormat?
        /// The most rows whose problems are kept (the count goes on).
        public var issueLimit = 10_000

        /// The defaults.
        public init() {}
    }

    /// The mapped file.
    public let file: MappedFile
    /// The format read (sniffed or given).
    public let format: TableFormat
    /// The column names: the header row's, JSON keys, or `1`, `2`, … when there is no header.
    public let columns: [String]
    /// Where the first data record starts (past the header row).
    public let dataStart: Int
    /// The options opened with.
    public let options: Options
    let scanner: DelimitedScanner
    let columnIndex: [String: Int]

    private struct State: Sendable {
        var offsets = RecordOffsets()
        var scanned = 0
        /// Where the next record is looked for (nil: the first data record).
        var resume: Int?
        var running = false
        var done = false
        var issues: [RecordIssue] = []
        var issueCount = 0
    }

    /// `Locked`, not `Synchronization.Mutex`, which ThreadSanitizer cannot see (LockedTests).
    private let state = Locked(State())

    /// Maps and opens the file at `path`.
    public convenience init(path: String, options: Options = Options()) throws(TableFileError) {
        try self.init(file: MappedFile(path: path), options: options)
    }

    /// Opens a mapped file: sniffs its format and reads its header (bounded by ``Options/sampleBytes``).
    public init(file: MappedFile, options: Options = Options()) {
        self.file = file
        self.options = options
        let bytes = file.bytes
        let sample = UnsafeRawBufferPointer(rebasing: bytes[0..<min(bytes.count, max(1, options.sampleBytes))])
        let format = options.format ?? Self.sniff(sample, isWholeFile: sample.count == bytes.count)
        self.format = format
        switch format {
        case .jsonLines:
            scanner = DelimitedScanner(separator: 0x0A)
            dataStart = 0
            columns = Self.jsonColumns(sample)
        case .delimited(let dialect):
            let scanner = DelimitedScanner(separator: dialect.separator, quotedFieldLimit: options.quotedFieldLimit)
            self.scanner = scanner
            let first = scanner.record(in: bytes, at: 0)
            var names: [String] = []
            if let first {
                scanner.forEachField(in: bytes, record: first.start..<first.end) { _, span in
                    names.append(Self.text(span, in: bytes, limit: options.displayLimit).text)
                    return true
                }
            }
            if dialect.hasHeader, let first {
                dataStart = first.end
                columns = names
            } else {
                dataStart = 0
                columns = (0..<max(1, names.count)).map { String($0 + 1) }
            }
        }
        var index: [String: Int] = [:]
        for (position, name) in columns.enumerated() where index[name] == nil { index[name] = position }
        columnIndex = index
    }

    // MARK: Sniffing

    /// The format of a file whose first bytes are `sample` (`isWholeFile`: the sample is all of it, so its last
    /// record is whole).
    public static func sniff(_ sample: UnsafeRawBufferPointer, isWholeFile: Bool) -> TableFormat {
        var first = 0
        while first < sample.count, [0x20, 0x09, 0x0D, 0x0A].contains(sample[first]) { first += 1 }
        if first < sample.count, sample[first] == 0x7B {
            let end = TableText.find(0x0A, in: sample, from: first) ?? sample.count
            if JSONLine.parse(UnsafeRawBufferPointer(rebasing: sample[first..<end])) != nil { return .jsonLines }
        }
        return .delimited(Dialect.sniff(sample, isWholeFile: isWholeFile))
    }

    /// The union of the sample's lines' top-level keys, in first-seen order.
    static func jsonColumns(_ sample: UnsafeRawBufferPointer) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var start = 0
        while start < sample.count {
            guard let newline = TableText.find(0x0A, in: sample, from: start) else { break }
            if let pairs = JSONLine.parse(UnsafeRawBufferPointer(rebasing: sample[start..<newline])) {
                for pair in pairs where seen.insert(pair.key).inserted { names.append(pair.key) }
            }
            start = newline + 1
        }
        if start < sample.count, let pairs = JSONLine.parse(UnsafeRawBufferPointer(rebasing: sample[start...])) {
            for pair in pairs where seen.insert(pair.key).inserted { names.append(pair.key) }
        }
        return names.isEmpty ? ["1"] : names
    }

    // MARK: Indexing

    /// The record starting at or after `start` (blank lines skipped), nil at the end.
    func nextRecord(at start: Int) -> DelimitedScanner.Record? {
        let bytes = file.bytes
        switch format {
        case .delimited:
            var record = scanner.record(in: bytes, at: start)
            if let found = record, found.problem == nil, found.fields != columns.count {
                record?.problem = .ragged(fields: found.fields)
            }
            return record
        case .jsonLines:
            var position = start
            let count = bytes.count
            while position < count {
                let newline = TableText.find(0x0A, in: bytes, from: position) ?? count
                let end = newline < count ? newline + 1 : count
                var first = position
                while first < newline, [0x20, 0x09, 0x0D].contains(bytes[first]) { first += 1 }
                if first == newline {
                    position = end
                    continue
                }
                var last = newline
                while last > first, [0x20, 0x09, 0x0D].contains(bytes[last - 1]) { last -= 1 }
                let looksRight = bytes[first] == 0x7B && bytes[last - 1] == 0x7D
                return DelimitedScanner.Record(
                    start: position, end: end, fields: 1, problem: looksRight ? nil : .notAJSONObject)
            }
            return nil
        }
    }

    /// Indexes the file on this thread in chunks of about `chunkBytes` (the first is small, so the first screen's
    /// rows come at once), publishing each chunk: ``rowCount``, ``progress`` and ``issues`` grow as it goes. With
    /// `recordLimit`, it stops once that many records are indexed in all (a later call goes on from there: the
    /// first screen's rows indexed on the main thread, the rest on a thread of its own). Returns true when the
    /// file is indexed; false when cancelled (the rows found so far stay), stopped at `recordLimit`, or when
    /// another call is indexing it.
    @discardableResult
    public func buildIndex(
        chunkBytes: Int = 4 << 20, recordLimit: Int = .max, cancellation: Cancellation? = nil,
        progress: (IndexProgress) -> Void = { _ in }
    ) -> Bool {
        let start: (position: Int, row: Int, done: Bool)? = state.withLock { state in
            guard !state.running else { return nil }
            state.running = !state.done
            return (state.resume ?? dataStart, state.offsets.count, state.done)
        }
        guard let start else { return false }
        guard !start.done else { return true }
        defer { state.withLock { $0.running = false } }
        let total = file.count
        var position = start.position
        var row = start.row
        var chunk = min(max(1, chunkBytes), 64 << 10)
        var atEnd = position >= total
        while !atEnd, row < recordLimit {
            if cancellation?.isCancelled == true { return false }
            let chunkEnd = min(total, position + chunk)
            var found = RecordOffsets()
            var issues: [RecordIssue] = []
            while position < chunkEnd, row < recordLimit {
                guard let record = nextRecord(at: position) else {
                    atEnd = true  // only blank lines were left
                    break
                }
                found.append(start: record.start, end: record.end)
                if let problem = record.problem { issues.append(RecordIssue(row: row, problem: problem)) }
                row += 1
                position = record.end
            }
            if position >= total { atEnd = true }
            let scanned = atEnd ? total : position
            let report = state.withLock { state in
                state.offsets.append(contentsOf: found)
                state.scanned = scanned
                state.resume = scanned
                state.issueCount += issues.count
                let room = options.issueLimit - state.issues.count
                if room > 0 { state.issues.append(contentsOf: issues.prefix(room)) }
                if atEnd { state.done = true }
                return IndexProgress(
                    records: state.offsets.count, bytes: scanned, totalBytes: total, isComplete: state.done)
            }
            progress(report)
            chunk = max(1, chunkBytes)
        }
        guard atEnd else { return false }
        let report = state.withLock { state in
            state.done = true
            state.scanned = total
            return IndexProgress(records: state.offsets.count, bytes: total, totalBytes: total, isComplete: true)
        }
        progress(report)
        return true
    }

    /// Indexes the file on a thread of its own (see ``buildIndex(chunkBytes:cancellation:progress:)``);
    /// `progress` is called on that thread after each chunk.
    public func buildIndexInBackground(
        chunkBytes: Int = 4 << 20, cancellation: Cancellation? = nil,
        progress: @escaping @Sendable (IndexProgress) -> Void = { _ in }
    ) {
        TableThread.start(name: "tv-index") { [self] in
            buildIndex(chunkBytes: chunkBytes, cancellation: cancellation, progress: progress)
        }
    }

    /// The rows indexed so far.
    public var rowCount: Int { state.withLock { $0.offsets.count } }

    /// How far the index has come.
    public var progress: IndexProgress {
        state.withLock { state in
            IndexProgress(
                records: state.offsets.count, bytes: state.done ? file.count : state.scanned, totalBytes: file.count,
                isComplete: state.done)
        }
    }

    /// The problems found while indexing, by row (at most ``Options/issueLimit``; ``issueCount`` counts all).
    public var issues: [RecordIssue] { state.withLock { $0.issues } }

    /// The number of rows with a problem found while indexing.
    public var issueCount: Int { state.withLock { $0.issueCount } }

    /// The record offsets indexed so far: a value to read many rows from without taking the lock each time
    /// (while the index grows, holding it makes the next chunk's append copy the array: take it once the index is
    /// complete, or for a sort).
    public var offsets: RecordOffsets { state.withLock { $0.offsets } }

    // MARK: Rows

    /// `span`'s text: unescaped, decoded (U+FFFD for invalid UTF-8), cut at `limit` bytes.
    static func text(_ span: DelimitedScanner.FieldSpan, in bytes: UnsafeRawBufferPointer, limit: Int) -> (
        text: String, valid: Bool, cut: Bool
    ) {
        let cut = span.range.count > limit
        if !span.hasEscapes {
            let raw = UnsafeRawBufferPointer(rebasing: bytes[span.range])
            let (text, valid) = TableText.decode(raw, limit: limit)
            return (text, valid, cut)
        }
        var output: [UInt8] = []
        let bounded = DelimitedScanner.FieldSpan(
            range: span.range.lowerBound..<min(span.range.upperBound, span.range.lowerBound + limit + 1),
            hasEscapes: true)
        DelimitedScanner.unescape(bounded, in: bytes, into: &output)
        let (text, valid) = output.withUnsafeBytes { TableText.decode($0, limit: limit) }
        return (text, valid, cut)
    }

    /// Row `row` (0 is the first data row; it must be below ``rowCount``) read for display, each field cut at
    /// ``Options/displayLimit`` bytes.
    public func row(_ row: Int) -> TableRow {
        // The range only: a copy of the offsets would make the indexer's next append copy its whole array.
        read(range: state.withLock { $0.offsets.range(of: row) })
    }

    /// Row `row` read through `offsets` (a value from ``offsets``: many rows without taking the lock each time).
    public func row(_ row: Int, offsets: RecordOffsets) -> TableRow { read(range: offsets.range(of: row)) }

    /// The record at `range` read for display.
    func read(range: Range<Int>) -> TableRow {
        let bytes = file.bytes
        let limit = options.displayLimit
        var fields: [String] = []
        var valid = true
        var cut = false
        var problem: RecordProblem?
        switch format {
        case .delimited:
            if let record = scanner.record(in: bytes, at: range.lowerBound) {
                problem = record.problem ?? (record.fields != columns.count ? .ragged(fields: record.fields) : nil)
            }
            scanner.forEachField(in: bytes, record: range) { _, span in
                let field = Self.text(span, in: bytes, limit: limit)
                fields.append(field.text)
                valid = valid && field.valid
                cut = cut || field.cut
                return true
            }
        case .jsonLines:
            fields = Array(repeating: "", count: columns.count)
            var end = range.upperBound
            if end > range.lowerBound, bytes[end - 1] == 0x0A { end -= 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound..<end])
            if let pairs = JSONLine.parse(line) {
                for pair in pairs {
                    guard let column = columnIndex[pair.key] else { continue }
                    var value = pair.value
                    if value.utf8.count > limit {
                        value =
                            value.utf8.withContiguousStorageIfAvailable {
                                TableText.decode(.init($0), limit: limit).text
                            }
                            ?? String(value.prefix(limit))
                        cut = true
                    }
                    if value.contains("\u{FFFD}") { valid = false }
                    fields[column] = value
                }
            } else {
                problem = .notAJSONObject
                fields[0] = TableText.decode(line, limit: limit).text
            }
            if !valid || String(validating: line, as: UTF8.self) == nil { valid = false }
        }
        return TableRow(fields: fields, isValidUTF8: valid, isCut: cut, problem: problem)
    }

    /// Calls `body` with each field of the record at `range` that has a column (its index, its raw bytes,
    /// unescaped through `scratch`), in order, each read once: what typing a sample of rows reads.
    func forEachField(
        ofRecord range: Range<Int>, scratch: inout [UInt8], _ body: (Int, UnsafeRawBufferPointer) -> Void
    ) {
        let bytes = file.bytes
        let count = columns.count
        switch format {
        case .delimited:
            scanner.forEachField(in: bytes, record: range) { index, span in
                guard index < count else { return false }
                if span.hasEscapes {
                    DelimitedScanner.unescape(span, in: bytes, into: &scratch)
                    scratch.withUnsafeBytes { body(index, $0) }
                } else {
                    body(index, UnsafeRawBufferPointer(rebasing: bytes[span.range]))
                }
                return true
            }
        case .jsonLines:
            guard let pairs = JSONLine.parse(UnsafeRawBufferPointer(rebasing: bytes[range])) else { return }
            var seen: Set<Int> = []
            for pair in pairs {
                // A key given twice: its first value (as ``withField(row:column:offsets:scratch:_:)`` reads).
                guard let column = columnIndex[pair.key], seen.insert(column).inserted else { continue }
                var value = pair.value
                value.withUTF8 { body(column, UnsafeRawBufferPointer($0)) }
            }
        }
    }

    /// Calls `body` with the raw bytes of column `column` of row `row` (unescaped; empty when the row has no such
    /// field), through `offsets`, using `scratch` for fields that need unescaping. What sorting reads.
    public func withField<Result>(
        row: Int, column: Int, offsets: RecordOffsets, scratch: inout [UInt8],
        _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        let bytes = file.bytes
        let range = offsets.range(of: row)
        switch format {
        case .delimited:
            var found: DelimitedScanner.FieldSpan?
            scanner.forEachField(in: bytes, record: range) { index, span in
                if index == column {
                    found = span
                    return false
                }
                return true
            }
            guard let span = found else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
            if !span.hasEscapes { return body(UnsafeRawBufferPointer(rebasing: bytes[span.range])) }
            DelimitedScanner.unescape(span, in: bytes, into: &scratch)
            return scratch.withUnsafeBytes(body)
        case .jsonLines:
            let line = UnsafeRawBufferPointer(rebasing: bytes[range])
            let name = column < columns.count ? columns[column] : ""
            let value = JSONLine.parse(line)?.first { $0.key == name }?.value ?? ""
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: value.utf8)
            return scratch.withUnsafeBytes(body)
        }
    }
}
