import TermTableCore

/// Where ``TableView/scrollToRow(at:at:)`` puts a row.
public enum ScrollPosition: Sendable, Hashable {
    /// The least scrolling that shows the row whole.
    case none
    /// The row at the top (under its section's sticky header).
    case top
    /// The row in the middle of the view.
    case middle
    /// The row at the bottom.
    case bottom
    /// The row's first line on this line of the view (clamped so the row fits when it can).
    case line(Int)
}

extension TableView {
    /// The item at the top of the view; set it to scroll without moving the cursor.
    ///
    /// The view never scrolls past the end: a top that would leave empty lines
    /// below the last row is moved up when the table lays out.
    package var topItem: TableItem? {
        get { state.top }
        set {
            if needsReload { loadMetrics() }
            state.setTop(newValue.flatMap(metrics.clamp))
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// The line where the cursor's row starts, counted from the first line of rows (below a ``columnHeader``), nil when it is not on screen (as of the last layout).
    public var cursorLine: Int? {
        guard let cursor = state.cursor else { return nil }
        let item = TableItem(section: cursor.section, row: cursor.row)
        return placedItems.first { $0.item == item && !$0.isSticky }?.y
    }

    /// Scrolls so the row at `indexPath` is at `position` (the cursor does not move).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition) {
        if needsReload { loadMetrics() }
        guard metrics.contains(indexPath) else { return }
        let item = TableItem(section: indexPath.section, row: indexPath.row)
        movePosition { $0.scroll(to: item, at: position, in: $1) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Applies a new cursor and selection after the data changed, keeping the cursor's row on `cursorLine`; nil keeps
    /// a line asked for the same cursor by a reload not laid out yet (two reloads before a frame ask for one line).
    @usableFromInline
    func reload(cursor: IndexPath?, selected: Set<IndexPath>, cursorLine: Int?) {
        let asked = cursor == state.cursor ? pendingCursorLine : nil
        state.moveCursor(to: selectionMode == .none ? nil : cursor)
        state.setSelection(selectionMode == .multiple ? selected : [])
        pendingCursorLine = cursorLine ?? asked
        reloadData()
    }

    /// Puts the cursor's row back on the line it had (after ``reload(cursor:selected:cursorLine:)``).
    func restoreCursorLine() {
        guard let line = pendingCursorLine else { return }
        pendingCursorLine = nil
        guard let cursor = state.cursor, metrics.contains(cursor) else { return }
        movePosition { $0.place(TableItem(section: cursor.section, row: cursor.row), atLine: line, in: $1) }
    }
}
