import TermTableCore

/// A column of a table's header row: a field of the row's cell template that has a `heading=`.
///
/// The delegate hears which column title was clicked
/// (``TableViewDelegate/tableView(_:didSelectColumn:)``), typically to sort
/// the rows by it.
public struct TableColumn: Hashable, Sendable {
    /// The field's tag.
    public var tag: Int
    /// The field's name (`[3 cpu]` or `name=cpu`), nil when it has none.
    public var name: String?
    /// The title shown in the header row (`heading=`).
    public var title: String
    /// The sort a click on the column's title (or a sort key) starts with: the column and its first direction;
    /// nil when the column cannot be sorted. Default: ascending by this column.
    public var sortDescriptorPrototype: TableSortDescriptor?

    /// Creates a column.
    public init(tag: Int, name: String? = nil, title: String) {
        self.tag = tag
        self.name = name
        self.title = title
        self.sortDescriptorPrototype = TableSortDescriptor(column: name ?? String(tag))
    }

    /// The column's identifier: its field's name, or its tag written as a number when it has no name.
    public var identifier: String { name ?? String(tag) }
}
