import TermTableCore

extension TableView {
    /// The cell showing the row at `indexPath`, nil when the row is not on screen.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        visibleCells[TableItem(section: indexPath.section, row: indexPath.row)]
    }

    /// The cells on screen, top to bottom (headers included).
    public var visibleCellsInOrder: [TableViewCell] {
        placedItems.compactMap { visibleCells[$0.item] }
    }

    /// The rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] {
        placedItems.compactMap { $0.item.indexPath }
    }

    /// The row under `point` (table coordinates), nil for a header, the column header or the empty area.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        let y = point.y - rowsTop
        guard y >= 0 else { return nil }
        return placedItems.first { y >= $0.y && y < $0.y + $0.height }?.item.indexPath
    }

    // MARK: Actions from cells

    /// Runs `handler` when a view in a cell sends the action `name` (a button's `action=`), with the cell and row.
    public func onAction(_ name: String, _ handler: @escaping @MainActor (ViewAction, TableViewCell, IndexPath) -> Void)
    {
        actionHandlers[name] = handler
    }

    /// Routes an action from a cell: the table's handlers, then the delegate, then up the views.
    func cell(_ cell: TableViewCell, didSend action: ViewAction, at indexPath: IndexPath) -> Bool {
        if let handler = actionHandlers[action.name] {
            handler(action, cell, indexPath)
            return true
        }
        return delegate?.tableView(self, performAction: action, forRowAt: indexPath) ?? false
    }
}
