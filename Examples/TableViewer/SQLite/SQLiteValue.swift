/// A value read from SQLite, in its storage class: what a cell shows and what a keyset page starts after.
public enum SQLiteValue: Sendable, Hashable {
    /// NULL (shown dim as `NULL`, told apart from the text "NULL").
    case null
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text (cut for display at the reader's limit; invalid UTF-8 repaired).
    case text(String)
    /// A BLOB: its first bytes (at most 16) and its size (shown as `<blob N bytes>`).
    case blob([UInt8], size: Int)

    /// The text a cell shows: `NULL`, the number, the text, `<blob N bytes>`. Not yet sanitised: the table's cells
    /// make controls visible before they reach the terminal.
    public var displayText: String {
        switch self {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): Self.format(number)
        case .text(let text): text
        case .blob(_, let size): "<blob \(size) byte\(size == 1 ? "" : "s")>"
        }
    }

    /// True for NULL.
    public var isNull: Bool { self == .null }

    /// A double as SQLite's shell writes it where it can (`1.5`, `2.0`, `1.0e+20`).
    static func format(_ number: Double) -> String {
        number.isFinite && number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) + ".0" : "\(number)"
    }
}

/// A row read from a table: its rowid (nil for a view, a `WITHOUT ROWID` table or a query) and its values, one a
/// column.
public struct SQLiteRow: Sendable, Equatable {
    /// The rowid, where there is one.
    public var rowid: Int64?
    /// The values, in the columns' order.
    public var values: [SQLiteValue]

    /// A row.
    public init(rowid: Int64?, values: [SQLiteValue]) {
        self.rowid = rowid
        self.values = values
    }
}
