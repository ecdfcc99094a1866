import TermTableCore

extension TableViewDiffableDataSource: TableViewColumnDataSource, ColumnTextOptional {
    /// Creates the data source of a table with ``TableView/tableColumns``: each row is the table's built-in
    /// column cell, `columnText` giving an item's text in a column (asked only for the columns that show, and
    /// for the cursor's column by type-to-jump), so that the app writes no cell code.
    ///
    /// ```swift
    /// let dataSource = TableViewDiffableDataSource<Int, File.ID>(tableView: table) { id, column in
    ///     StyledText(files[id]?.text(for: column.identifier) ?? "")
    /// }
    /// ```
    public convenience init(
        tableView: TableView, columnText: @escaping @MainActor (ItemIdentifier, TableColumn) -> StyledText
    ) {
        self.init(tableView: tableView) { tableView, indexPath, item in
            tableView.columnCell(at: indexPath) { columnText(item, $0) }
        }
        self.columnText = columnText
    }

    /// The `columnText` of the item at `indexPath` (empty for a data source made with a cell provider).
    public func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        guard let columnText, let item = itemIdentifier(for: indexPath) else { return StyledText("") }
        return columnText(item, column)
    }

    /// True for a data source made with `columnText`.
    var providesColumnText: Bool { columnText != nil }
}
