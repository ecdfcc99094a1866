import TermTableCore

// The scroll position is an item and a line offset inside it (`TableViewState.topLineOffset`). Rows that fit
// in the view keep the item-granular behaviour (offset 0) unless `scrollPadding` asks for part of a row above;
// a row taller than the view scrolls by line under j/k, the wheel and PgUp/PgDn until its far edge shows.

extension TableView {
    /// The lines of the sticky header shown above `top` (0: none).
    func stickyLines(above top: TableItem) -> Int {
        TableLayout.stickyHeight(
            above: top, height: rowsHeight, metrics: metrics, stickyHeaders: stickyHeaders, itemHeight: height(of:))
    }

    /// The scroll position that leaves `lines` lines of the rows above `item` in view above it (fewer at the top
    /// of the table), the top row cut when the lines end inside it; sticky headers are not counted.
    func linePosition(placing item: TableItem, linesAbove lines: Int) -> (top: TableItem, offset: Int) {
        var top = item
        var remaining = max(0, lines)
        while remaining > 0, let previous = metrics.previous(before: top) {
            let h = height(of: previous)
            if h > remaining { return (previous, h - remaining) }
            remaining -= h
            top = previous
        }
        // An item of height 0 is never placed, so it cannot be the top.
        while top < item, height(of: top) == 0, let next = metrics.next(after: top) { top = next }
        return (top, 0)
    }

    /// The line of the rows' view where `item` starts, from the current scroll position; nil when it starts
    /// above the view's first line or below its last (a top row scrolled by lines starts above).
    func line(of item: TableItem) -> Int? {
        guard let top = state.top, item >= top else { return nil }
        let viewport = rowsHeight
        var y = stickyLines(above: top) - state.topLineOffset
        var current: TableItem? = top
        while let walked = current, y < viewport {
            if walked == item { return y >= 0 ? y : nil }
            y += height(of: walked)
            current = metrics.next(after: walked)
        }
        return nil
    }

    /// The lines of context kept above and below `item`, `rowHeight` lines tall: ``scrollPadding``, less
    /// when the view is too short for the row, its section's sticky header and both paddings.
    func effectivePadding(for item: TableItem, rowHeight: Int) -> Int {
        guard scrollPadding > 0 else { return 0 }
        return min(scrollPadding, max(0, (rowsHeight - rowHeight - stickyLines(above: item)) / 2))
    }

    /// Moves the scroll position so `target` (the cursor's row) shows with the least scrolling.
    ///
    /// A row that fits shows whole, with ``scrollPadding`` lines of context above and below when the rows
    /// allow; a row taller than the view fills it: from its first line when it comes from below, to its
    /// last line when it comes from above, and where it was when it is already the top.
    func reveal(_ target: TableItem) {
        let viewport = rowsHeight
        guard let top = state.top, viewport > 0 else {
            state.setTop(target)
            return
        }
        let rowHeight = height(of: target)
        if rowHeight > viewport {
            if top == target {
                state.fillView(withTopRowOf: rowHeight, viewport: viewport)
            } else {
                state.setTop(target, lineOffset: target < top ? rowHeight - viewport : 0)
            }
            return
        }
        let padding = effectivePadding(for: target, rowHeight: rowHeight)
        if padding == 0 && state.topLineOffset == 0 {
            // Rows that fit, scrolled by whole rows: the item-granular rule.
            state.setTop(
                TableLayout.top(
                    revealing: target, from: top, height: viewport, metrics: metrics,
                    stickyHeaders: stickyHeaders, itemHeight: height(of:)))
            return
        }
        let sticky = stickyLines(above: top)
        if let y = line(of: target), y - sticky >= min(padding, linesAbove(target, atMost: padding)),
            y + rowHeight + padding <= viewport || (y + rowHeight <= viewport && !hasLines(below: target))
        {
            return
        }
        let above = target < top || line(of: target).map { $0 - sticky < padding } ?? (target == top)
        let position = position(
            showing: target, rowHeight: rowHeight, linesAbove: above ? padding : viewport - padding - rowHeight,
            linesBelow: above ? linesBelow(target, atMost: padding) : padding, orMore: above)
        state.setTop(position.top, lineOffset: position.offset)
        // A sticky header that changed with the new top may still cut the row: the item-granular rule then.
        if line(of: target).map({ $0 + rowHeight > viewport }) ?? true {
            state.setTop(
                TableLayout.top(
                    revealing: target, from: target, height: viewport, metrics: metrics,
                    stickyHeaders: stickyHeaders, itemHeight: height(of:)))
        }
    }

    /// A position with `wanted` lines of rows above `target` that leaves the row whole and `linesBelow` lines
    /// below it, counting the sticky header each position shows (sections' headers differ, so line counts
    /// are tried in turn): with `orMore` (context above) the nearest count from `wanted` up, else the most
    /// below it.
    private func position(
        showing target: TableItem, rowHeight: Int, linesAbove wanted: Int, linesBelow: Int, orMore: Bool
    ) -> (top: TableItem, offset: Int) {
        let viewport = rowsHeight
        let most = viewport - rowHeight - linesBelow
        func fits(_ lines: Int) -> (top: TableItem, offset: Int)? {
            let position = linePosition(placing: target, linesAbove: lines)
            return stickyLines(above: position.top) + lines + rowHeight + linesBelow <= viewport ? position : nil
        }
        if orMore, wanted > 0, wanted <= most {
            // A section's sticky header may take the room of the context; a position that shows the header in
            // the flow (or another section's) may leave it.
            for lines in wanted...most {
                if let position = fits(lines) { return position }
            }
        }
        var lines = min(wanted, most)
        while lines > 0 {
            if let position = fits(lines) { return position }
            lines -= 1
        }
        return (target, 0)
    }

    /// The lines of rows above `item` in the table, counted up to `limit`.
    private func linesAbove(_ item: TableItem, atMost limit: Int) -> Int {
        lines(from: item, atMost: limit, step: metrics.previous(before:))
    }

    /// The lines of rows and headers below `item` in the table, counted up to `limit`.
    private func linesBelow(_ item: TableItem, atMost limit: Int) -> Int {
        lines(from: item, atMost: limit, step: metrics.next(after:))
    }

    /// The lines of the items `step` reaches one after another from `item` (not counting it), up to `limit`.
    private func lines(from item: TableItem, atMost limit: Int, step: (TableItem) -> TableItem?) -> Int {
        var total = 0
        var current = item
        while total < limit, let following = step(current) {
            total += height(of: following)
            current = following
        }
        return min(total, limit)
    }

    /// True when a row or header with lines follows `item`.
    private func hasLines(below item: TableItem) -> Bool {
        var current = metrics.next(after: item)
        while let next = current {
            if height(of: next) > 0 { return true }
            current = metrics.next(after: next)
        }
        return false
    }

    /// The scroll position that shows the end of the table: ``lastTop()``, the last row's last lines when it
    /// is taller than the view.
    func scrollToLastLine() {
        let top = lastTop()
        let h = height(of: top)
        state.setTop(top, lineOffset: top == metrics.lastItem && rowsHeight > 0 && h > rowsHeight ? h - rowsHeight : 0)
    }

    /// j/k on the cursor's row when it is taller than the view and the top: scrolls it `lines` lines (negative:
    /// up) until its far edge shows; false when there is nothing left to scroll (the cursor then moves).
    func scrollTallCursorRow(by lines: Int) -> Bool {
        guard selectionMode != .none, let cursor = state.cursor else { return false }
        return scrollTallTopRow(by: lines, item: TableItem(section: cursor.section, row: cursor.row))
    }

    /// Scrolls the top row by `lines` when it is `item` (any item when nil) and taller than the view;
    /// false when it is not, or its far edge in that direction already shows.
    func scrollTallTopRow(by lines: Int, item: TableItem? = nil) -> Bool {
        guard let top = state.top, item == nil || item == top else { return false }
        guard state.scrollTopRow(by: lines, rowHeight: height(of: top), viewport: rowsHeight) else { return false }
        setNeedsLayout()
        setNeedsDisplay()
        return true
    }

    /// The lines PgUp/PgDn move inside a row taller than the view: the view's height less one line of context.
    var pageLines: Int { max(1, rowsHeight - 1) }
}
