import TermTableCore

/// A table's scroll position, cursor and selection: plain values, testable without a screen.
@usableFromInline package struct TableViewState: Hashable, Sendable {
    /// The item at the top of the viewport (nil for an empty table); setting it shows the item from its first line.
    package var top: TableItem? { didSet { topLineOffset = 0 } }
    /// The lines of ``top`` scrolled out above the view (0: it shows from its first line).
    ///
    /// Set it after ``top`` (which resets it). The table keeps it below the item's height, and above 0
    /// only for a row taller than the view or when ``TableView/scrollPadding`` asks for part of a row.
    package var topLineOffset = 0
    /// The row under the cursor.
    @usableFromInline package var cursor: IndexPath?
    /// The selected rows.
    @usableFromInline package var selected: Set<IndexPath> = []

    /// Creates a state.
    package init(top: TableItem? = nil, cursor: IndexPath? = nil, selected: Set<IndexPath> = []) {
        self.top = top
        self.cursor = cursor
        self.selected = selected
    }

    /// Keeps what still exists in `metrics`: the cursor and top move to the nearest row, vanished selections go.
    package mutating func clamp(to metrics: TableMetrics) {
        selected = selected.filter(metrics.contains)
        if let top {
            // The same top keeps its line offset (a reload that only appends leaves a cut top row as it was).
            let offset = topLineOffset
            let clamped = metrics.clamp(top)
            self.top = clamped
            if clamped == top { topLineOffset = offset }
        } else {
            top = metrics.firstItem
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
            // Rows inserted above the top push it down, so the same rows stay in view.
            let shifted = shift(p)
            let offset = topLineOffset
            self.top = TableItem(section: shifted.section, row: shifted.row)
            topLineOffset = offset  // the same row: its lines keep their place
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
            let offset = topLineOffset
            self.top = TableItem(section: (shifted ?? p).section, row: (shifted ?? p).row)
            if shifted != nil { topLineOffset = offset }  // the same row: its lines keep their place
        }
    }
}
