import TermTableCore

extension TableView {
    // MARK: Loading

    /// Reloads counts and every visible row from the data source, keeping the cursor, selection and position where the rows still exist.
    ///
    /// The table cannot tell from the counts alone whether rows were appended: a reload appends none, so a table
    /// that follows its end (``followsEnd``) neither scrolls nor counts ``rowsAppendedBelow`` for it. Use
    /// ``reloadData(appendingRows:)`` when the data grew at its end.
    public func reloadData() {
        needsReload = true
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Reloads as ``reloadData()`` does, telling the table the last `count` rows are new, appended after the
    /// previous last row (of the last section): a table that follows its end (``followsEnd``) keeps the end in
    /// view if it showed, else adds them to ``rowsAppendedBelow``. Other changes may come with them (the old
    /// last row grown, say) as long as no section gets shorter; a reload that shortens a section appends none.
    public func reloadData(appendingRows count: Int) {
        follower.rowsToAppend += max(0, count)
        reloadData()
    }

    /// Reads counts and header heights from the data source and clamps the state to them.
    func loadMetrics() {
        needsReload = false
        let end = endBeforeReload()  // with following on: at the end before, the cursor on the last row
        measurements.forgetAll()
        guard let dataSource else {
            metrics = TableMetrics(rowCounts: [])
            measurements.ledger.reset(rowCount: 0)
            state.clamp(to: metrics)
            recycleAll()
            return
        }
        let sections = max(0, dataSource.numberOfSections(in: self))
        measurements.lazyHeaders.removeAll(keepingCapacity: true)
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        for section in 0..<sections {
            counts.append(max(0, dataSource.tableView(self, numberOfRowsInSection: section)))
        }
        var headers: [Int] = []
        headers.reserveCapacity(sections)
        for section in 0..<sections { headers.append(headerHeight(section)) }
        metrics = TableMetrics(rowCounts: counts, headerHeights: headers)
        measurements.ledger.reset(rowCount: metrics.totalRows)
        prefetchingAfterLoad()
        // Cells on screen show the old data: recycle them before asking which rows can take the cursor.
        recycleAll()
        let oldSelection = state.selected
        let oldCursor = state.cursor
        state.clamp(to: metrics)
        if state.cursor == nil, selectionMode != .none, !cursorWasCleared,
            let first = firstRow()
        {
            // The cursor starts on the first row the user can stop on.
            state.moveCursor(to: highlightableRow(from: first, direction: 1))
        }
        if selectionMode == .none {
            state.moveCursor(to: nil)
        } else if let cursor = state.cursor, !isHighlightable(cursor) {
            // The row under the cursor cannot take it any more: the nearest one below that can, else above.
            state.moveCursor(
                to: highlightableRow(from: cursor, direction: 1) ?? highlightableRow(from: cursor, direction: -1))
        }
        // The cursor stays in view across data changes (rows inserted above it push it down).
        if state.cursor != oldCursor || state.cursor != nil { needsReveal = true }
        if selectionMode == .single { state.selectOnlyCursor() }
        for gone in oldSelection.subtracting(state.selected) { delegate?.tableView(self, didDeselectRowAt: gone) }
        if let end { followEnd(after: end) }
        if !columnModel.columns.isEmpty { sampleColumnWidths() }
    }
}
