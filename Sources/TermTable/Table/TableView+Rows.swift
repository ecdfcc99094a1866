import TermTableCore

extension TableView {
    /// The lines of the scroll indicator's thumb, nil when everything fits (O(1)).
    ///
    /// The thumb touches the top line only when the first row is at the top,
    /// and the bottom line only when the last row is fully shown.
    public func scrollIndicator() -> Range<Int>? {
        let total = metrics.totalRows
        var firstShown: IndexPath?
        var lastShown: IndexPath?
        var shown = 0
        for placed in placedItems where !placed.item.isHeader {
            if firstShown == nil { firstShown = placed.item.indexPath }
            lastShown = placed.item.indexPath
            shown += 1
        }
        guard total > 0, rowsHeight > 1, let first = firstShown, let last = lastShown else { return nil }
        let firstRow = metrics.globalRow(of: first)
        let lastRow = metrics.globalRow(of: last)
        // Rows of height 0 before the first shown row or after the last do not count (nor do headers).
        func onlyEmptyRows(from item: TableItem, forward: Bool) -> Bool {
            var next = forward ? metrics.next(after: item) : metrics.previous(before: item)
            while let current = next {
                if !current.isHeader, self.height(of: current) > 0 { return false }
                next = forward ? metrics.next(after: current) : metrics.previous(before: current)
            }
            return true
        }
        var lastFits = true
        if let bottom = placedItems.last { lastFits = bottom.y + bottom.height <= rowsHeight }
        let atEnd =
            lastFits
            && (lastRow == total - 1
                || onlyEmptyRows(from: TableItem(section: last.section, row: last.row), forward: true))
        // A top row scrolled by lines is not at the top, and moves the thumb by its share of the row.
        let offset = state.topLineOffset
        let firstItem = TableItem(section: first.section, row: first.row)
        let atTop =
            offset == 0 && (firstRow == 0 || onlyEmptyRows(from: firstItem, forward: false))
        if atTop && atEnd { return nil }
        let height = rowsHeight
        let size = max(1, min(height - 1, height * shown / total))
        let room = height - size  // >= 1
        let start: Int
        if atTop {
            start = 0
        } else if atEnd {
            start = room
        } else if room >= 2 {
            // Between the ends: never on the first or last line, which mean "at the top" and "at the end".
            let scrollable = max(1, total - shown)
            let rowLines = offset > 0 && state.top == firstItem ? max(1, self.height(of: firstItem)) : 1
            let scrolled = firstRow * rowLines + min(offset, rowLines - 1)
            start = min(room - 1, max(1, 1 + (room - 1) * scrolled / (scrollable * rowLines)))
        } else {
            start = firstRow * 2 >= total - shown ? room : 0
        }
        return start..<(start + size)
    }

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
