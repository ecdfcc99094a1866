import TermTableCore

/// A column's value type, inferred from a sample of its cells.
public enum ColumnType: String, Sendable, Equatable, CaseIterable {
    /// Whole numbers (`-12`, `0042`).
    case integer
    /// Numbers with a point or an exponent (`3.5`, `1e-3`), and integers mixed with them.
    case decimal
    /// ISO 8601 dates (`2013-01-01`).
    case date
    /// ISO 8601 dates with a time (`2013-01-01T05:15:00Z`), and dates mixed with them.
    case dateTime
    /// `true`/`false`, `yes`/`no`.
    case boolean
    /// Anything else.
    case text

    /// True for the types sorted by a number (integers, decimals, dates, booleans).
    public var isNumeric: Bool { self != .text }

    /// The toolkit's value type that reads a cell of this type (a date with a time is a date).
    public var valueType: ColumnValueType {
        switch self {
        case .integer: .integer
        case .decimal: .decimal
        case .date, .dateTime: .date
        case .boolean: .boolean
        case .text: .text
        }
    }

    /// The number a cell of this type sorts by (a date's seconds since 1970, false 0 and true 1); nil when the
    /// cell is empty or not of the type (it sorts last, as an empty cell does). Read by the toolkit's parser
    /// (`TableSortKey(parsingUTF8:as:)`), which allocates nothing.
    @inline(__always)
    public func sortNumber(_ bytes: UnsafeRawBufferPointer) -> Double? {
        switch TableSortKey(parsingUTF8: bytes, as: valueType) {
        case .integer(let value)?: Double(value)
        case .decimal(let value)?, .date(let value)?: value
        case .boolean(let value)?: value ? 1 : 0
        case .text?, .empty?, nil: nil
        }
    }

    /// The narrowest type of one cell (text when it is empty): an integer when whole and in `Int64`, a date with a
    /// time when more than `YYYY-MM-DD`.
    static func of(_ bytes: UnsafeRawBufferPointer) -> ColumnType {
        let value = trimmingBlanks(bytes)
        guard !value.isEmpty else { return .text }
        switch TableSortKey(parsingUTF8: value, as: .decimal) {
        case .integer?: return .integer
        case .decimal?: return .decimal
        default: break
        }
        if TableSortKey(parsingUTF8: value, as: .date) != nil { return value.count > 10 ? .dateTime : .date }
        if TableSortKey(parsingUTF8: value, as: .boolean) != nil { return .boolean }
        return .text
    }

    /// `bytes` without the spaces and tabs around (those the toolkit's parser ignores).
    static func trimmingBlanks(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The type covering both: integer and decimal make decimal, date and datetime make datetime, else text.
    func joined(with other: ColumnType) -> ColumnType {
        if self == other { return self }
        switch (self, other) {
        case (.integer, .decimal), (.decimal, .integer): return .decimal
        case (.date, .dateTime), (.dateTime, .date): return .dateTime
        default: return .text
        }
    }
}

/// What a sample of a column's cells shows: its type and how many cells are empty.
public struct ColumnProfile: Sendable, Equatable {
    /// The narrowest type that holds every non-empty cell sampled (text when all are empty).
    public var type: ColumnType
    /// The part of the cells sampled that are empty (or missing from a ragged row), 0 to 1.
    public var emptyRatio: Double
    /// The number of cells sampled.
    public var sampled: Int
}

extension TableFile {
    /// Each column's profile from the first `sampleRows` records (read from the file, not from the index, so this
    /// works before the index has any rows; each record's fields read once; bounded by the rows, and by
    /// ``Options/quotedFieldLimit`` a record).
    public func profileColumns(sampleRows: Int = 1000) -> [ColumnProfile] {
        var types = [ColumnType?](repeating: nil, count: columns.count)
        var filled = [Int](repeating: 0, count: columns.count)
        var sampled = 0
        var position = dataStart
        var scratch: [UInt8] = []
        while sampled < sampleRows, let record = nextRecord(at: position) {
            forEachField(ofRecord: record.start..<record.end, scratch: &scratch) { column, bytes in
                let trimmed = ColumnType.trimmingBlanks(bytes)
                guard !trimmed.isEmpty else { return }
                filled[column] += 1
                let type = ColumnType.of(trimmed)
                types[column] = types[column].map { $0.joined(with: type) } ?? type
            }
            position = record.end
            sampled += 1
        }
        return columns.indices.map { column in
            ColumnProfile(
                type: types[column] ?? .text,
                emptyRatio: sampled == 0 ? 0 : Double(sampled - filled[column]) / Double(sampled), sampled: sampled)
        }
    }
}
