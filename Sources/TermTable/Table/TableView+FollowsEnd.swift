import TermTableCore

extension TableView {
    /// Keep the end in view as rows arrive, as `tail -f` and `less +F` do (off by default).
    ///
    /// While the view is at its end (``isAtEnd``), rows appended to the table (``insertRows(at:)`` after the last
    /// row, a diffable snapshot with new items after the previous last one, also those a filter in force shows,
    /// ``reloadData(appendingRows:)``) scroll the view so the last row stays on screen, and a cursor on the last
    /// row moves to the new last row. A cursor on another row stays on it while it shows, and moves to the first row shown when the view scrolls past it. The cursor
    /// stays on screen: when the last row it can stop on and the rows below it do not fit together, the view
    /// shows the cursor. A table without rows that gets some shows their end, the cursor on the last row. A
    /// resize while the end shows keeps it shown.
    ///
    /// Once the user scrolls away from the end the view stays put, and ``rowsAppendedBelow`` counts the
    /// rows that arrive (the delegate hears ``TableViewDelegate/tableView(_:didChangeRowsAppendedBelow:)``),
    /// so the app can show "12 new lines". Coming back to the end (End or G, ``scrollToEnd()``, or scrolling
    /// down until the last row shows) follows again and sets the count to 0.
    ///
    /// Only rows appended after the previous last row count: rows inserted above it (the rest of a file indexed,
    /// a filter cleared, a placeholder replaced) keep the view where it is and are never counted. A plain
    /// ``reloadData()`` appends none (the table cannot tell from the counts); a load that leaves a section
    /// shorter appends none either.
    public var followsEnd: Bool {
        get { follower.isOn }
        set {
            guard newValue != follower.isOn else { return }
            follower.isOn = newValue
            let hadCount = follower.rowsAppendedBelow > 0
            follower.reset()
            if hadCount { delegate?.tableView(self, didChangeRowsAppendedBelow: 0) }
            setNeedsLayout()
        }
    }

    /// The rows appended while the view was away from its end (``followsEnd``); 0 once the end shows again.
    public var rowsAppendedBelow: Int { follower.rowsAppendedBelow }

    /// True when the view is scrolled to its end: the last row shows (from its first line when it is
    /// taller than the view) and the view cannot scroll further down. A table without rows is at its end; a
    /// table with no lines for rows is not. As of the last load; costs a screenful of row heights.
    public var isAtEnd: Bool {
        guard metrics.totalRows > 0 else { return true }
        guard rowsHeight > 0, let top = state.top else { return false }
        return top >= lastTop()
    }

    /// Shows the end: the cursor on the last row it can stop on, the last row at the bottom; following
    /// resumes and ``rowsAppendedBelow`` goes back to 0. End and G do the same (``TableCommand/moveToBottom``).
    public func scrollToEnd() {
        perform(.moveToBottom)
        setRowsAppendedBelow(0)
    }

    // MARK: The table's hooks

    /// Adds `count` rows to those the next load appends (a diffable snapshot's new items after its last one).
    @usableFromInline
    func noteRowsToAppend(_ count: Int) {
        follower.rowsToAppend += max(0, count)
    }

    /// Before the counts are read again: whether the view was at its end and the cursor on the last row, and
    /// the rows appended; nil when following is off or nothing is appended (a section lost rows, or the
    /// table's updates told of none). A table without rows that gets some shows their end.
    func endBeforeReload() -> TableEndFollowing.BeforeReload? {
        let told = follower.rowsToAppend
        follower.rowsToAppend = 0
        guard followsEnd, let dataSource else { return nil }
        let old = metrics
        // Only growth is followed: the old rows must all still be there (so measuring them is safe).
        let sections = max(0, dataSource.numberOfSections(in: self))
        guard sections >= old.sectionCount else { return nil }
        var total = 0
        for section in 0..<sections {
            let count = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
            if section < old.sectionCount, count < old.rowCounts[section] { return nil }
            total += count
        }
        guard old.totalRows > 0 else {
            guard total > 0 else { return nil }
            return .init(metrics: old, appended: total, wasAtEnd: true, cursorWasLast: true)
        }
        let appended = min(told, total)
        guard appended > 0 else { return nil }
        let wasAtEnd = isAtEnd  // the old counts, the heights not forgotten yet
        var cursorWasLast = false
        if let cursor = state.cursor, metrics.contains(cursor) {
            // The last row the cursor can stop on: none after it.
            cursorWasLast = cursor == lastRow() || row(1, from: cursor) == cursor
        }
        return .init(metrics: old, appended: appended, wasAtEnd: wasAtEnd, cursorWasLast: cursorWasLast)
    }

    /// After the counts were read again: follows the end if the view was at it, else counts the new rows.
    func followEnd(after before: TableEndFollowing.BeforeReload) {
        guard before.appended > 0 else { return }
        guard before.wasAtEnd else {
            setRowsAppendedBelow(follower.rowsAppendedBelow + before.appended)
            return
        }
        showEnd(movingCursorToLast: before.cursorWasLast)
    }

    /// A resize while the end shows: the next pass shows it again (unless the view moves before). Called
    /// before the heights measured at the old size are forgotten.
    func noteResizeForFollowing(from oldFrame: Rect) {
        guard followsEnd, !needsReload, metrics.lastItem != nil, let top = state.top else { return }
        let oldRowsHeight = max(0, oldFrame.height - (rowsTop > 0 ? min(1, max(0, oldFrame.height)) : 0))
        guard oldRowsHeight > 0 else { return }
        let oldLastTop = TableLayout.top(
            revealing: metrics.lastItem!, from: metrics.firstItem, height: oldRowsHeight, metrics: metrics,
            stickyHeaders: stickyHeaders, itemHeight: height(of:))
        if top >= oldLastTop { follower.pendingResize = .some(top) }
    }

    /// Shows the end again after a resize (called by the layout pass once the counts are loaded).
    /// A table laid out with no room for rows (hidden) keeps the resize pending until it has room again: showing
    /// its end then would move the cursor to the last row, since no row is on screen.
    func followEndAfterResize() {
        guard let pending = follower.pendingResize, rowsHeight > 0 else { return }
        follower.pendingResize = nil
        guard followsEnd, pending == state.top, metrics.lastItem != nil else { return }
        showEnd(movingCursorToLast: false)
    }

    /// A pass that shows the end sets the count of appended rows to 0.
    func noteEndAfterPass() {
        if followsEnd && follower.rowsAppendedBelow > 0 && isAtEnd { setRowsAppendedBelow(0) }
    }

    // MARK: Helpers

    /// The view at its end, a cursor on the last row (or pushed off the top) moved onto a row shown.
    private func showEnd(movingCursorToLast: Bool) {
        pendingCursorLine = nil
        if movingCursorToLast, selectionMode != .none, let last = lastRow(),
            let target = highlightableRow(from: last, direction: -1)
        {
            moveCursorWhileFollowing(to: target)
        }
        let top = lastTop()
        state.setTop(top)
        if selectionMode != .none, let cursor = state.cursor {
            let placed = TableLayout.visibleItems(
                from: top, height: rowsHeight, metrics: metrics, stickyHeaders: stickyHeaders, itemHeight: height(of:))
            let rows = placed.filter { !$0.isSticky && !$0.item.isHeader }.compactMap { $0.item.indexPath }
            // Onto the first row shown that can take it, else the last row that can (above the view).
            if rows.first.map({ cursor < $0 }) ?? true,
                let target = rows.first.flatMap({ highlightableRow(from: $0, direction: 1) })
                    ?? lastRow().flatMap({ highlightableRow(from: $0, direction: -1) })
            {
                moveCursorWhileFollowing(to: target)
            }
        }
        needsReveal = state.cursor != nil
    }

    /// Moves the cursor without asking for a layout (the table may be in its layout pass), telling the delegate.
    private func moveCursorWhileFollowing(to target: IndexPath) {
        guard target != state.cursor else { return }
        let marks = moveCursorAndSelection(to: target)
        cursorWasCleared = false
        tellMoved(to: target, marks: marks)
    }

    /// Sets the count of rows appended below and tells the delegate when it changed.
    private func setRowsAppendedBelow(_ count: Int) {
        guard count != follower.rowsAppendedBelow else { return }
        follower.rowsAppendedBelow = count
        delegate?.tableView(self, didChangeRowsAppendedBelow: count)
    }
}
