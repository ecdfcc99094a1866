/// What a table column holds: decides its default alignment (numbers right), and only a text column can be
/// the stretching column kept longest on a narrow terminal. How values compare is the sort key's doing
/// (the diffable data source's `sortKey`): return the ``TableSortKey`` of the column's type, or read it from text
/// or bytes as this type says (``TableSortKey/init(parsing:as:)``, ``TableSortKey/init(parsingUTF8:as:)``).
public enum ColumnValueType: String, Hashable, Sendable, CaseIterable {
    /// Text (left-aligned).
    case text
    /// Whole numbers (right-aligned).
    case integer
    /// Numbers with a fraction (right-aligned).
    case decimal
    /// Dates and times (left-aligned).
    case date
    /// Yes or no (left-aligned).
    case boolean

    /// The alignment a column of this type gets when none is given: right for numbers, else left.
    public var defaultAlignment: TextAlignment {
        switch self {
        case .integer, .decimal: return .right
        case .text, .date, .boolean: return .left
        }
    }
}
