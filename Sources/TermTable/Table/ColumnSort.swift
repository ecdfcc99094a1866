import TermTableCore

/// The sort indicator of a header row: which column the app sorted by, and in which direction.
///
/// The table sets it from the first of its ``TableView/sortDescriptors`` (which a
/// ``TableViewDiffableDataSource`` with a ``TableViewDiffableDataSource/sortKey`` keeps its rows in); an app
/// that sorts its rows itself sets ``ColumnHeaderView/sort`` so the column's title shows `▲` or `▼`.
public struct ColumnSort: Hashable, Sendable {
    /// The sorted column's ``TableColumn/identifier``.
    public var column: String
    /// True for smallest first (`▲`), false for largest first (`▼`).
    public var ascending: Bool

    /// Creates a sort indicator.
    public init(column: String, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }

    /// The symbol shown beside the title.
    public var symbol: String { ascending ? "▲" : "▼" }
}
