import TermTableCore

/// A table's scroll position, cursor and selection: plain values, testable without a screen.
///
/// Its fields are set only by its operations (scroll to a top and line offset, scroll a tall top row by lines,
/// move the cursor, mark and unmark rows, clamp to the metrics, follow inserted and deleted rows; with a
/// `TableViewGeometry`, reveal a row with padding, scroll by items, to a row's line or to the end, and find where a
/// cursor move lands: `TableViewState+Moves.swift`), each of which keeps its own invariant; the table's extensions ask them, and its layout pass (`layOutRows`) settles the
/// position against the metrics (`TableViewStatePropertyTests` checks the operations).
@usableFromInline package struct TableViewState: Hashable, Sendable {
    /// The item at the top of the viewport (nil for an empty table).
    package private(set) var top: TableItem?
    /// The lines of ``top`` scrolled out above the view (0: it shows from its first line).
    ///
    /// The table keeps it below the item's height, and above 0 only for a row taller than the view or when
    /// ``TableView/scrollPadding`` asks for part of a row.
    package private(set) var topLineOffset = 0
    /// The row under the cursor.
    @usableFromInline package private(set) var cursor: IndexPath?
    /// The selected rows.
    @usableFromInline package private(set) var selected: Set<IndexPath> = []

    /// Creates a state.
    package init(top: TableItem? = nil, cursor: IndexPath? = nil, selected: Set<IndexPath> = []) {
        self.top = top
        self.cursor = cursor
        self.selected = selected
    }

    // MARK: Scroll position

    /// Scrolls so `top` is the top item, `lineOffset` of its lines scrolled out above the view.
    package mutating func setTop(_ top: TableItem?, lineOffset: Int = 0) {
        self.top = top
        topLineOffset = lineOffset
    }

    /// Keeps the top item and scrolls `offset` of its lines out above the view.
    package mutating func setTopLineOffset(_ offset: Int) { topLineOffset = offset }

    /// Scrolls the top row, `rowHeight` lines tall in a view of `viewport` lines, by `lines` (negative: up),
    /// never past its far edge: at most `rowHeight - viewport` lines out, at least none. False (and nothing
    /// changes) when the row fits in the view or its edge in that direction already shows.
    package mutating func scrollTopRow(by lines: Int, rowHeight: Int, viewport: Int) -> Bool {
        guard viewport > 0, rowHeight > viewport else { return false }
        let offset = topLineOffset
        let end = rowHeight - viewport
        guard lines > 0 ? offset < end : offset > 0 else { return false }
        topLineOffset = lines > 0 ? min(end, offset + lines) : max(0, min(offset, end) + lines)
        return true
    }

    /// Keeps the top row, `rowHeight` lines tall in a view of `viewport` lines, filling the view: its lines
    /// scrolled out are kept within 0 and `rowHeight - viewport`.
    package mutating func fillView(withTopRowOf rowHeight: Int, viewport: Int) {
        topLineOffset = min(max(0, topLineOffset), rowHeight - viewport)
    }

    /// Brings back up to `lines` of the top row's lines scrolled out (to fill empty lines at the bottom).
    package mutating func bringBackTopLines(_ lines: Int) {
        topLineOffset -= min(topLineOffset, lines)
    }

    // MARK: Cursor and selection

    /// Moves the cursor to `indexPath` (nil: no cursor).
    package mutating func moveCursor(to indexPath: IndexPath?) { cursor = indexPath }

    /// Moves the cursor to `indexPath` with the selection following it (single selection): the old cursor row is
    /// unmarked and `indexPath` becomes the only mark. Returns the rows unmarked and marked, for the delegate
    /// (both nil when the cursor did not move).
    package mutating func moveCursorSelecting(
        _ indexPath: IndexPath?
    ) -> (deselected: IndexPath?, selected: IndexPath?) {
        let old = cursor
        cursor = indexPath
        guard indexPath != old else { return (nil, nil) }
        let deselected = old.flatMap { selected.remove($0) }
        guard let indexPath else { return (deselected, nil) }
        selected = [indexPath]
        return (deselected, indexPath)
    }

    /// In single selection, makes the cursor's row the only mark (after the data changed); false when it already was.
    @discardableResult
    package mutating func selectOnlyCursor() -> Bool {
        guard let cursor, selected != [cursor] else { return false }
        selected = [cursor]
        return true
    }

    /// Marks `indexPath`; false when it was marked.
    @discardableResult
    package mutating func select(_ indexPath: IndexPath) -> Bool { selected.insert(indexPath).inserted }

    /// Unmarks `indexPath`; false when it was not marked.
    @discardableResult
    package mutating func deselect(_ indexPath: IndexPath) -> Bool { selected.remove(indexPath) != nil }

    /// Makes `indexPaths` the selection.
    package mutating func setSelection(_ indexPaths: Set<IndexPath>) { selected = indexPaths }

    // MARK: Following the data

    /// Keeps what still exists in `metrics`: the cursor and top move to the nearest row, vanished selections go.
    package mutating func clamp(to metrics: TableMetrics) {
        selected = selected.filter(metrics.contains)
        if let top {
            // The same top keeps its line offset (a reload that only appends leaves a cut top row as it was).
            let clamped = metrics.clamp(top)
            if clamped != top { setTop(clamped) }
        } else {
            setTop(metrics.firstItem)
        }
        if let cursor {
            self.cursor =
                metrics.clamp(TableItem(section: cursor.section, row: cursor.row))?.indexPath
                ?? metrics.next(after: metrics.clamp(TableItem(section: cursor.section, row: cursor.row)))?.indexPath
        }
    }

    /// Adjusts rows after `count` rows were inserted at `indexPath` so they keep pointing at the same data.
    package mutating func rowsInserted(at indexPath: IndexPath, count: Int = 1) {
        func shift(_ p: IndexPath) -> IndexPath {
            p.section == indexPath.section && p.row >= indexPath.row
                ? IndexPath(row: p.row + count, section: p.section) : p
        }
        cursor = cursor.map(shift)
        selected = Set(selected.map(shift))
        if let top, !top.isHeader, let p = top.indexPath {
            // Rows inserted above the top push it down, so the same rows stay in view; its lines keep their place.
            let shifted = shift(p)
            self.top = TableItem(section: shifted.section, row: shifted.row)
        }
    }

    /// Adjusts rows after the row at `indexPath` was deleted.
    package mutating func rowDeleted(at indexPath: IndexPath) {
        func shift(_ p: IndexPath) -> IndexPath? {
            guard p.section == indexPath.section else { return p }
            if p.row == indexPath.row { return nil }
            return p.row > indexPath.row ? IndexPath(row: p.row - 1, section: p.section) : p
        }
        if let c = cursor {
            // The cursor on the deleted row moves to the row that takes its place.
            cursor = shift(c) ?? c
        }
        selected = Set(selected.compactMap(shift))
        if let top, let p = top.indexPath {
            let shifted = shift(p)
            // The same row keeps its lines' place; the row that takes a deleted top's place shows from its top.
            self.top = TableItem(section: (shifted ?? p).section, row: (shifted ?? p).row)
            if shifted == nil { topLineOffset = 0 }
        }
    }
}
