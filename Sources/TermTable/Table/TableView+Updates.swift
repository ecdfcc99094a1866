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

    /// Tells the table rows were inserted in the data: the cursor, selection and scroll position stay on the same rows.
    ///
    /// Update the data source first; the table then reloads its counts. Index paths are those of the rows
    /// after the insertion. Only the rows inserted after the previous last row (at the end of the last section)
    /// are appended for ``followsEnd``: rows inserted above keep the view on its rows and are never counted in
    /// ``rowsAppendedBelow``.
    public func insertRows(at indexPaths: [IndexPath]) {
        follower.rowsToAppend += rowsAppended(byInserting: indexPaths)
        for indexPath in indexPaths.sorted() { state.rowsInserted(at: indexPath) }
        reloadData()
    }

    /// Tells the table rows were deleted from the data: the other rows keep their cursor, selection and position.
    ///
    /// A cursor on a deleted row moves to the row that took its place.
    public func deleteRows(at indexPaths: [IndexPath]) {
        let removed = Set(indexPaths)
        for gone in state.selected.intersection(removed) { delegate?.tableView(self, didDeselectRowAt: gone) }
        for indexPath in indexPaths.sorted(by: >) { state.rowDeleted(at: indexPath) }
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
}
