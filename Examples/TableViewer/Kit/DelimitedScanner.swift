import Glibc

/// How a delimited (CSV, TSV) file is written: its separator and whether its first record names the columns.
public struct Dialect: Sendable, Equatable {
    /// The field separator: `,`, a tab or `;`.
    public var separator: UInt8
    /// True when the first record is a header row.
    public var hasHeader: Bool

    /// A dialect.
    public init(separator: UInt8, hasHeader: Bool) {
        self.separator = separator
        self.hasHeader = hasHeader
    }
}

/// What is wrong with one record; the record is still shown (a marked row, never a crash or a hang).
public enum RecordProblem: Sendable, Equatable {
    /// A delimited record with another number of fields than the header (or first record) has.
    case ragged(fields: Int)
    /// A quote opened and never closed before the end of the file: the record runs to the end.
    case unclosedQuote
    /// A quoted field longer than ``DelimitedScanner/quotedFieldLimit`` bytes: the record was ended at the first
    /// newline past that bound (a quote never closed, read as text), so one bad quote cannot swallow the file.
    case quotedFieldTooLong
    /// A JSON-lines line that is not one JSON object.
    case notAJSONObject
}

/// The RFC 4180 reading of delimited records: finds where records end (for the index) and where a record's fields
/// are (when a row is shown), with one state machine, so both agree.
///
/// A quote opens a quoted field only as a field's first byte; inside it `""` is a quote, and a separator or
/// newline is text. A quote elsewhere is text. A record ends at a newline outside quotes (a `\r` before it is
/// dropped from the last field); a blank line is no record. Work is linear in the bytes read: a quoted field is
/// followed with `memchr` up to ``quotedFieldLimit`` bytes and no further.
public struct DelimitedScanner: Sendable {
    /// The bytes after which a quoted field is taken for a quote never closed: 4 MiB.
    public static let defaultQuotedFieldLimit = 4 << 20
    /// The field separator.
    public let separator: UInt8
    /// The longest quoted field followed before the record is ended (``RecordProblem/quotedFieldTooLong``).
    public let quotedFieldLimit: Int
    /// `special[b]` is 1 for the bytes the scan stops at: the separator, a quote, a newline.
    private let special: [UInt8]

    /// A scanner for `separator`.
    public init(separator: UInt8, quotedFieldLimit: Int = DelimitedScanner.defaultQuotedFieldLimit) {
        self.separator = separator
        self.quotedFieldLimit = max(1, quotedFieldLimit)
        var special = [UInt8](repeating: 0, count: 256)
        special[Int(separator)] = 1
        special[0x22] = 1
        special[0x0A] = 1
        self.special = special
    }

    /// One record found: where it starts and ends (its newline included), its number of fields, its problem.
    public struct Record: Sendable, Equatable {
        /// The first byte.
        public var start: Int
        /// Just past the last byte (the newline, when there is one).
        public var end: Int
        /// The number of fields.
        public var fields: Int
        /// A quote never closed or a quoted field past the bound.
        public var problem: RecordProblem?
    }

    /// The record starting at `start` in `bytes` (which holds the whole file), or nil when `start` is at the end.
    /// Blank lines are skipped: the record returned may start later than `start`.
    public func record(in bytes: UnsafeRawBufferPointer, at start: Int) -> Record? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        var first = start
        // Blank lines (a newline, or `\r\n`) are no records.
        while first < count {
            if base[first] == 0x0A {
                first += 1
            } else if base[first] == 0x0D, first + 1 < count, base[first + 1] == 0x0A {
                first += 2
            } else {
                break
            }
        }
        guard first < count else { return nil }
        var index = first
        var fields = 1
        var fieldStart = true
        return special.withUnsafeBufferPointer { special in
            while index < count {
                let scanFrom = index
                while index < count, special[Int(base[index])] == 0 { index += 1 }
                if index > scanFrom { fieldStart = false }
                guard index < count else { break }
                let byte = base[index]
                if byte == 0x0A { return Record(start: first, end: index + 1, fields: fields, problem: nil) }
                if byte == separator {
                    fields += 1
                    fieldStart = true
                    index += 1
                } else if fieldStart {
                    // An opening quote: follow the field to its closing quote, at most `quotedFieldLimit` bytes.
                    let quoteStart = index
                    let bound = quoteStart + quotedFieldLimit < count ? quoteStart + quotedFieldLimit : count
                    index += 1
                    var closed = false
                    while index < bound {
                        guard let found = find(0x22, in: base, from: index, to: bound) else {
                            index = bound
                            break
                        }
                        index = found + 1
                        if index < count, base[index] == 0x22 {
                            index += 1
                        } else {
                            closed = true
                            break
                        }
                    }
                    if !closed {
                        if bound == count {
                            return Record(start: first, end: count, fields: fields, problem: .unclosedQuote)
                        }
                        let newline = find(0x0A, in: base, from: bound, to: count).map { $0 + 1 } ?? count
                        return Record(start: first, end: newline, fields: fields, problem: .quotedFieldTooLong)
                    }
                    fieldStart = false
                } else {
                    // A quote inside an unquoted field is text.
                    fieldStart = false
                    index += 1
                }
            }
            return Record(start: first, end: count, fields: fields, problem: nil)
        }
    }

    /// The index of the first `byte` in `base[from..<to]`, nil when there is none.
    @inline(__always)
    private func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        guard to > from, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// One field of a record: its raw bytes (without the quotes around a quoted field) and whether they hold `""`
    /// pairs to unescape.
    public struct FieldSpan: Sendable, Equatable {
        /// The raw bytes' range in the file.
        public var range: Range<Int>
        /// True when the field was quoted and holds `""` (read it with ``DelimitedScanner/unescape(_:in:)``).
        public var hasEscapes: Bool
    }

    /// Calls `body` with each field of the record `range` (the CRs and LFs at its end dropped), in order; stops
    /// when `body` returns false.
    public func forEachField(
        in bytes: UnsafeRawBufferPointer, record range: Range<Int>, _ body: (Int, FieldSpan) -> Bool
    ) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        // The line end, and the blank lines after the record (its range runs to the next record's start).
        var end = range.upperBound
        while end > range.lowerBound, base[end - 1] == 0x0A || base[end - 1] == 0x0D { end -= 1 }
        var index = range.lowerBound
        var field = 0
        while true {
            if index < end, base[index] == 0x22 {
                // A quoted field: up to its closing quote, then any text up to the separator is kept with it.
                var cursor = index + 1
                var escapes = false
                var closeAt = end
                while cursor < end {
                    if base[cursor] == 0x22 {
                        if cursor + 1 < end, base[cursor + 1] == 0x22 {
                            escapes = true
                            cursor += 2
                            continue
                        }
                        closeAt = cursor
                        cursor += 1
                        break
                    }
                    cursor += 1
                }
                var fieldEnd = closeAt
                // Text after the closing quote (`"ab"c`): read raw to the separator (lenient, as most readers).
                var after = cursor
                while after < end, base[after] != separator { after += 1 }
                if after > cursor, closeAt < end {
                    fieldEnd = after
                    escapes = true
                }
                let span = FieldSpan(range: (index + 1)..<max(index + 1, fieldEnd), hasEscapes: escapes)
                if !body(field, span) { return }
                index = after
            } else {
                var cursor = index
                while cursor < end, base[cursor] != separator { cursor += 1 }
                if !body(field, FieldSpan(range: index..<cursor, hasEscapes: false)) { return }
                index = cursor
            }
            field += 1
            guard index < end else { return }
            // `index` is at a separator.
            index += 1
            if index == end {
                _ = body(field, FieldSpan(range: end..<end, hasEscapes: false))
                return
            }
        }
    }

    /// A field's bytes with `""` read as `"` (and a closing quote followed by text dropped), into `output`.
    public static func unescape(_ span: FieldSpan, in bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        var index = span.range.lowerBound
        while index < span.range.upperBound {
            let byte = bytes[index]
            if byte == 0x22 {
                if index + 1 < span.range.upperBound, bytes[index + 1] == 0x22 {
                    output.append(0x22)
                    index += 2
                    continue
                }
                // The closing quote of `"ab"c`: dropped.
                index += 1
                continue
            }
            output.append(byte)
            index += 1
        }
    }
}
