import TermTableCore

/// One level of a table's sort: NSSortDescriptor's role for a table column.
///
/// A table's ``TableView/sortDescriptors`` list the levels, the first deciding first; a
/// ``TableViewDiffableDataSource`` with a ``TableViewDiffableDataSource/sortKey`` keeps its items in that order.
///
/// ```swift
/// table.sortDescriptors = [TableSortDescriptor(column: "cpu", ascending: false), TableSortDescriptor(column: "pid")]
/// ```
public struct TableSortDescriptor: Hashable, Sendable {
    /// The sorted column's ``TableColumn/identifier``.
    public var column: String
    /// True for smallest first (`▲`), false for largest first (`▼`); empty values come last either way.
    public var ascending: Bool

    /// Creates a sort level.
    public init(column: String, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }

    /// The same column in the other direction.
    public var reversed: TableSortDescriptor { TableSortDescriptor(column: column, ascending: !ascending) }

    /// The header's indicator for this level.
    var indicator: ColumnSort { ColumnSort(column: column, ascending: ascending) }

    /// The order of `a` and `b` at this level: negative when `a` comes first, 0 when tied; empties come last in
    /// both directions.
    static func order(_ a: TableSortKey, _ b: TableSortKey, ascending: Bool) -> Int {
        let aEmpty = a.isEmpty
        let bEmpty = b.isEmpty
        if aEmpty || bEmpty { return aEmpty == bEmpty ? 0 : (aEmpty ? 1 : -1) }
        let order = TableSortKey.order(a, b)
        return ascending ? order : -order
    }
}
