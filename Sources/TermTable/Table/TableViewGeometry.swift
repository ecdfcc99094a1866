import TermTableCore

/// What the scroll position's operations need to know of a table: its items, the rows' view height, the sticky
/// headers and scroll padding settings, and each item's height. Plain values and one function, no view: the table
/// builds one for each question it asks its ``TableViewState`` (`TableView.geometry`).
package struct TableViewGeometry {
    /// The table's sections, rows and headers.
    package var metrics: TableMetrics
    /// The lines of the rows' view.
    package var viewport: Int
    /// True when a section's header stays at the top while its rows scroll.
    package var stickyHeaders: Bool
    /// The lines of context asked above and below a revealed row.
    package var scrollPadding: Int
    /// The lines of an item (0: not placed).
    package var itemHeight: (TableItem) -> Int

    /// Creates a geometry.
    package init(
        metrics: TableMetrics, viewport: Int, stickyHeaders: Bool = true, scrollPadding: Int = 0,
        itemHeight: @escaping (TableItem) -> Int
    ) {
        self.metrics = metrics
        self.viewport = viewport
        self.stickyHeaders = stickyHeaders
        self.scrollPadding = scrollPadding
        self.itemHeight = itemHeight
    }

    /// The lines of the sticky header shown above `top` (0: none).
    package func stickyLines(above top: TableItem) -> Int {
        TableLayout.stickyHeight(
            above: top, height: viewport, metrics: metrics, stickyHeaders: stickyHeaders, itemHeight: itemHeight)
    }

    /// The lines of context kept above and below `item`, `rowHeight` lines tall: ``scrollPadding``, less
    /// when the view is too short for the row, its section's sticky header and both paddings.
    package func effectivePadding(for item: TableItem, rowHeight: Int) -> Int {
        guard scrollPadding > 0 else { return 0 }
        return min(scrollPadding, max(0, (viewport - rowHeight - stickyLines(above: item)) / 2))
    }

    /// The scroll position that leaves `lines` lines of the rows above `item` in view above it (fewer at the top
    /// of the table), the top row cut when the lines end inside it; sticky headers are not counted.
    package func linePosition(placing item: TableItem, linesAbove lines: Int) -> (top: TableItem, offset: Int) {
        var top = item
        var remaining = max(0, lines)
        while remaining > 0, let previous = metrics.previous(before: top) {
            let h = itemHeight(previous)
            if h > remaining { return (previous, h - remaining) }
            remaining -= h
            top = previous
        }
        // An item of height 0 is never placed, so it cannot be the top.
        while top < item, itemHeight(top) == 0, let next = metrics.next(after: top) { top = next }
        return (top, 0)
    }

    /// The top item that puts `item`'s first line at `line` (or as near above as rows allow).
    package func top(placing item: TableItem, atLine line: Int) -> TableItem {
        // Walk up while the rows above fit in the lines above the target line.
        var top = item
        var above = 0  // lines from `top` down to `item`
        while let previous = metrics.previous(before: top) {
            let h = itemHeight(previous)
            if above + h > line { break }
            above += h
            top = previous
        }
        // A sticky header above the new top takes lines too: step down until the item is not pushed below `line`.
        while top < item, stickyLines(above: top) + above > line, let next = metrics.next(after: top) {
            above -= itemHeight(top)
            top = next
        }
        return top
    }

    /// The top item that shows the last row at the bottom: the view never scrolls past it.
    package func lastTop() -> TableItem {
        guard let last = metrics.lastItem, let first = metrics.firstItem else { return TableItem(section: 0, row: 0) }
        return TableLayout.top(
            revealing: last, from: first, height: viewport, metrics: metrics, stickyHeaders: stickyHeaders,
            itemHeight: itemHeight)
    }

    /// The lines of rows above `item` in the table, counted up to `limit`.
    package func linesAbove(_ item: TableItem, atMost limit: Int) -> Int {
        lines(from: item, atMost: limit, step: metrics.previous(before:))
    }

    /// The lines of rows and headers below `item` in the table, counted up to `limit`.
    package func linesBelow(_ item: TableItem, atMost limit: Int) -> Int {
        lines(from: item, atMost: limit, step: metrics.next(after:))
    }

    /// The lines of the items `step` reaches one after another from `item` (not counting it), up to `limit`.
    private func lines(from item: TableItem, atMost limit: Int, step: (TableItem) -> TableItem?) -> Int {
        var total = 0
        var current = item
        while total < limit, let following = step(current) {
            total += itemHeight(following)
            current = following
        }
        return min(total, limit)
    }

    /// True when a row or header with lines follows `item`.
    package func hasLines(below item: TableItem) -> Bool {
        var current = metrics.next(after: item)
        while let next = current {
            if itemHeight(next) > 0 { return true }
            current = metrics.next(after: next)
        }
        return false
    }
}
