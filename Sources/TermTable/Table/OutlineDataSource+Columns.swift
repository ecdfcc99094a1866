import TermTableCore

extension OutlineDataSource: TableViewColumnDataSource, ColumnTextOptional {
    /// Creates the data source of a tree in a table with ``TableView/tableColumns``: each row is the table's
    /// built-in column cell, `columnText` giving an item's text in a column, the column `outlineColumn` drawing the
    /// item's guides and disclosure mark before it (`NSOutlineView`'s `outlineTableColumn`); the other columns sit
    /// beside it, as in mutt's index.
    ///
    /// ```swift
    /// let source = OutlineDataSource<Int>(tableView: table, outlineColumn: "subject") { id, column in
    ///     StyledText(messages[id]?.text(for: column.identifier) ?? "")
    /// }
    /// ```
    public convenience init(
        tableView: TableView, outlineColumn: String,
        columnText: @escaping @MainActor (ItemIdentifier, TableColumn) -> StyledText
    ) {
        self.init(tableView: tableView) { _, _, _ in TableViewCell(reuseIdentifier: nil) }
        self.columnText = columnText
        outlineColumnIdentifier = outlineColumn
    }

    /// The `columnText` of the item at `indexPath`, after its guides in the outline column.
    public func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        guard let columnText, let item = itemIdentifier(for: indexPath) else { return StyledText("") }
        guard column.identifier == outlineColumnIdentifier else { return columnText(item, column) }
        return StyledText(prefix(for: item, guides: guides)) + columnText(item, column)
    }

    /// True for a data source made with `columnText`.
    var providesColumnText: Bool { columnText != nil }

    /// A click at `point` (in the table) on the disclosure mark of the row at `indexPath` toggles its item: the
    /// mark after its guides in the outline column, or, without columns, at the start of the cell's content (the
    /// app's cell drawing ``prefix(for:guides:)`` there, with ``guides``).
    func handleDisclosureClick(at point: Point, row indexPath: IndexPath, in tableView: TableView) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let slot = tree.slots[item],
            !tree.children[slot].isEmpty || tree.childrenState(of: item) != .loaded
        else { return false }
        var start: Int
        if !tableView.tableColumns.isEmpty {
            guard let identifier = outlineColumnIdentifier, let index = tableView.column(withIdentifier: identifier),
                let frame = tableView.frameOfColumn(index)
            else { return false }
            start = frame.x
        } else {
            guard let cell = tableView.cellForRow(at: indexPath) else { return false }
            start = cell.frame.x + cell.contentView.frame.x
        }
        start += TerminalText.width(of: tree.guidesAbove(slot, guides))
        if tree.parents[slot] > 0 { start += TerminalText.width(of: guides.branch) }
        guard point.x >= start, point.x < start + TerminalText.width(of: guides.collapsed) else { return false }
        tableView.setCursor(indexPath)
        toggle(item)
        return true
    }
}
