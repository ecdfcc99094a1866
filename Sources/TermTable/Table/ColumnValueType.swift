import TermTableCore

/// What a ``TableColumn`` holds: decides its default alignment (numbers right), and only a text column can be
/// the stretching column kept longest on a narrow terminal. How values compare is the sort key's doing
/// (``TableViewDiffableDataSource/sortKey``): return the ``TableSortKey`` of the column's type.
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
