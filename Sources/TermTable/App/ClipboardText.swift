/// Text for the clipboard, built within a size limit: a copy of 100 MB of rows stops at the limit instead of
/// joining them all.
///
/// ``append(_:)`` adds a piece while the text stays within ``limit`` bytes of UTF-8; the first piece that would
/// pass it drops the text (``isTooLong``) and every later one is refused at once, so building costs at most the
/// limit whatever is offered. The pieces are data: control characters other than tab, newline and carriage
/// return are dropped from them (a paste of the clipboard into a terminal cannot drive it).
///
/// ```swift
/// let rows = [["pid", "command"], ["1", "init"]]
/// let text = ClipboardText.tsv(rows)
/// text.text  // "pid\tcommand\n1\tinit"
/// ```
public struct ClipboardText: Equatable, Sendable {
    /// The most a copy can hold: 768 KiB of UTF-8, which is 1 MiB once encoded as base64 for the terminal
    /// (``TerminalClipboard/maximumEncodedByteCount``).
    public static let maximumByteCount = TerminalClipboard.maximumEncodedByteCount / 4 * 3

    /// The most bytes of UTF-8 the text may hold.
    public let limit: Int
    /// The text built (empty once ``isTooLong``).
    public private(set) var text = ""
    /// The bytes of UTF-8 offered so far: the text's, and once it is too long, at least the limit and one.
    public private(set) var byteCount = 0
    /// True once a piece would have taken the text over ``limit``: the text is dropped and nothing more is added.
    public private(set) var isTooLong = false

    /// An empty text that may grow to `limit` bytes of UTF-8.
    public init(limit: Int = ClipboardText.maximumByteCount) {
        self.limit = max(0, limit)
    }

    /// `text` (its control characters but tab, newline and carriage return dropped), or a text too long when
    /// it is over `limit` bytes of UTF-8.
    public init(_ text: String, limit: Int = ClipboardText.maximumByteCount) {
        self.init(limit: limit)
        append(text)
    }

    /// Adds `piece` when the text stays within ``limit``; false (and nothing more is added) once it would not.
    @discardableResult
    public mutating func append(_ piece: String) -> Bool {
        guard !isTooLong else { return false }
        // `utf8.count` of a native string is its stored length: a huge piece is refused without reading it.
        let count = piece.utf8.count
        guard count <= limit - byteCount else {
            byteCount = limit + 1
            isTooLong = true
            text = ""
            return false
        }
        let clean = Self.dataOnly(piece)
        text += clean
        byteCount += clean.utf8.count
        return true
    }

    /// `rows` as tab-separated values, a row a line (no newline after the last): tabs, newlines and carriage
    /// returns inside a field become spaces (TSV has no quoting). Rows are read only until the text is too long.
    public static func tsv<Rows: Sequence>(_ rows: Rows, limit: Int = ClipboardText.maximumByteCount) -> ClipboardText
    where Rows.Element == [String] {
        var result = ClipboardText(limit: limit)
        var first = true
        for row in rows {
            var line = first ? "" : "\n"
            first = false
            for (index, field) in row.enumerated() {
                if index > 0 { line += "\t" }
                line +=
                    field.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                    ? String(field.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
                    : field
            }
            guard result.append(line) else { break }
        }
        return result
    }

    /// `piece` without control characters other than tab, newline and carriage return (C0, DEL and C1).
    static func dataOnly(_ piece: String) -> String {
        let isControl: (Unicode.Scalar) -> Bool = { scalar in
            let value = scalar.value
            if value == 0x09 || value == 0x0A || value == 0x0D { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value)
        }
        guard piece.unicodeScalars.contains(where: isControl) else { return piece }
        var scalars = String.UnicodeScalarView()
        for scalar in piece.unicodeScalars where !isControl(scalar) { scalars.append(scalar) }
        return String(scalars)
    }
}
