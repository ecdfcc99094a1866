import TermTableCore

extension TableView {
    /// Reloads the cells of the given rows (their content changed; counts did not).
    ///
    /// When the cursor's row is among them and on screen, the next layout reveals it: a row that grew
    /// shows whole when it fits, else from its first line.
    public func reloadRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            let item = TableItem(section: indexPath.section, row: indexPath.row)
            measurements.forget(item, globalRow: metrics.globalRow(of: indexPath))
            if indexPath == state.cursor, placedItems.contains(where: { $0.item == item && !$0.isSticky }) {
                needsReveal = true
            }
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Asks the data source again for the cells of the rows among `indexPaths` that are on screen (their text
    /// changed: an age that ticked), and draws those rows, and no other, in the next frame; rows off screen are left
    /// alone (they are asked for when they come). Unlike ``reloadRows(at:)``, the cursor's row is not revealed: a
    /// tick never scrolls.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        var any = false
        for indexPath in indexPaths {
            let item = TableItem(section: indexPath.section, row: indexPath.row)
            guard visibleCells[item] != nil else { continue }
            measurements.forget(item, globalRow: metrics.globalRow(of: indexPath))
            any = true
        }
        guard any else { return }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Tells the table rows were inserted in the data: the cursor, selection and scroll position stay on the same rows.
    ///
    /// Update the data source first; the table then reloads its counts. Index paths are those of the rows
    /// after the insertion. Only the rows inserted after the previous last row (at the end of the last section)
    /// are appended for ``followsEnd``: rows inserted above keep the view on its rows and are never counted in
    /// ``rowsAppendedBelow``.
    public func insertRows(at indexPaths: [IndexPath]) {
        follower.rowsToAppend += rowsAppended(byInserting: indexPaths)
        for indexPath in indexPaths.sorted() {
            state.rowsInserted(at: indexPath)
            rowsMoved { item in
                item.section == indexPath.section && item.row >= indexPath.row
                    ? TableItem(section: item.section, row: item.row + 1) : item
            }
        }
        reloadData()
    }

    /// Tells the table rows were deleted from the data: the other rows keep their cursor, selection and position.
    ///
    /// A cursor on a deleted row moves to the row that took its place.
    public func deleteRows(at indexPaths: [IndexPath]) {
        let removed = Set(indexPaths)
        for gone in state.selected.intersection(removed) { delegate?.tableView(self, didDeselectRowAt: gone) }
        for indexPath in indexPaths.sorted(by: >) {
            state.rowDeleted(at: indexPath)
            rowsMoved { item in
                guard item.section == indexPath.section, item.row >= indexPath.row else { return item }
                return item.row == indexPath.row ? nil : TableItem(section: item.section, row: item.row - 1)
            }
        }
        reloadData()
    }

    /// How many of the rows inserted at `indexPaths` come after the previous last row: the run of inserted rows
    /// that ends the last section (as the table knows it).
    private func rowsAppended(byInserting indexPaths: [IndexPath]) -> Int {
        guard let last = metrics.rowCounts.indices.last else { return 0 }
        let rows = Set(indexPaths.lazy.filter { $0.section == last }.map(\.row))
        let newCount = metrics.rowCounts[last] + rows.count
        var appended = 0
        while appended < newCount, rows.contains(newCount - 1 - appended) { appended += 1 }
        return appended
    }

    /// Rows moved in the data, `newItem` giving each item's new place (nil: gone): the last frame's rows and the
    /// cells on screen are remembered at their new places (``RowPainter/rowsMoved(onScreen:_:)``).
    func rowsMoved(_ newItem: (TableItem) -> TableItem?) {
        painter.rowsMoved(onScreen: onScreen, newItem)
    }

    /// Rows moved in the data (a snapshot applied), `newIndexPath` giving each row's new index path (nil: gone);
    /// section headers stay when `keepingHeaders` (the sections are the same), else they count as gone.
    @usableFromInline
    func rowsMoved(keepingHeaders: Bool, _ newIndexPath: (IndexPath) -> IndexPath?) {
        rowsMoved { item in
            guard let indexPath = item.indexPath else { return keepingHeaders ? item : nil }
            return newIndexPath(indexPath).map { TableItem(section: $0.section, row: $0.row) }
        }
    }
}
