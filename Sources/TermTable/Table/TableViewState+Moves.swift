import TermTableCore

// The position's operations that need the table's shape: reveal a row with padding, scroll by items or to the
// end, and find the row a cursor move lands on. Each takes what it needs (a `TableViewGeometry`, the metrics, a
// highlightable test) as parameters, so `TableViewStatePropertyTests` runs them without a table.

extension TableViewState {
    /// The most rows a cursor move looks through for one it can stop on, so a long run of unselectable
    /// rows (a million error rows) cannot stall a key press.
    package static let unselectableRunLimit = 10_000

    /// The line of the rows' view where `item` starts, from this scroll position; nil when it starts above the
    /// view's first line or below its last (a top row scrolled by lines starts above).
    package func line(of item: TableItem, in geometry: TableViewGeometry) -> Int? {
        guard let top, item >= top else { return nil }
        var y = geometry.stickyLines(above: top) - topLineOffset
        var current: TableItem? = top
        while let walked = current, y < geometry.viewport {
            if walked == item { return y >= 0 ? y : nil }
            y += geometry.itemHeight(walked)
            current = geometry.metrics.next(after: walked)
        }
        return nil
    }

    /// Moves the scroll position so `target` (the cursor's row) shows with the least scrolling.
    ///
    /// A row that fits shows whole, with the geometry's scroll padding lines of context above and below when the
    /// rows allow; a row taller than the view fills it: from its first line when it comes from below, to its
    /// last line when it comes from above, and where it was when it is already the top.
    package mutating func reveal(_ target: TableItem, in geometry: TableViewGeometry) {
        let viewport = geometry.viewport
        guard let top, viewport > 0 else {
            setTop(target)
            return
        }
        let rowHeight = geometry.itemHeight(target)
        if rowHeight > viewport {
            if top == target {
                fillView(withTopRowOf: rowHeight, viewport: viewport)
            } else {
                setTop(target, lineOffset: target < top ? rowHeight - viewport : 0)
            }
            return
        }
        let padding = geometry.effectivePadding(for: target, rowHeight: rowHeight)
        if padding == 0 && topLineOffset == 0 {
            // Rows that fit, scrolled by whole rows: the item-granular rule.
            setTop(
                TableLayout.top(
                    revealing: target, from: top, height: viewport, metrics: geometry.metrics,
                    stickyHeaders: geometry.stickyHeaders, itemHeight: geometry.itemHeight))
            return
        }
        let sticky = geometry.stickyLines(above: top)
        if let y = line(of: target, in: geometry),
            y - sticky >= min(padding, geometry.linesAbove(target, atMost: padding)),
            y + rowHeight + padding <= viewport || (y + rowHeight <= viewport && !geometry.hasLines(below: target))
        {
            return
        }
        let above = target < top || line(of: target, in: geometry).map { $0 - sticky < padding } ?? (target == top)
        let position = Self.position(
            showing: target, rowHeight: rowHeight, linesAbove: above ? padding : viewport - padding - rowHeight,
            linesBelow: above ? geometry.linesBelow(target, atMost: padding) : padding, orMore: above, in: geometry)
        setTop(position.top, lineOffset: position.offset)
        // A sticky header that changed with the new top may still cut the row: the item-granular rule then.
        if line(of: target, in: geometry).map({ $0 + rowHeight > viewport }) ?? true {
            setTop(
                TableLayout.top(
                    revealing: target, from: target, height: viewport, metrics: geometry.metrics,
                    stickyHeaders: geometry.stickyHeaders, itemHeight: geometry.itemHeight))
        }
    }

    /// A position with `wanted` lines of rows above `target` that leaves the row whole and `linesBelow` lines
    /// below it, counting the sticky header each position shows (sections' headers differ, so line counts
    /// are tried in turn): with `orMore` (context above) the nearest count from `wanted` up, else the most
    /// below it.
    private static func position(
        showing target: TableItem, rowHeight: Int, linesAbove wanted: Int, linesBelow: Int, orMore: Bool,
        in geometry: TableViewGeometry
    ) -> (top: TableItem, offset: Int) {
        let viewport = geometry.viewport
        let most = viewport - rowHeight - linesBelow
        func fits(_ lines: Int) -> (top: TableItem, offset: Int)? {
            let position = geometry.linePosition(placing: target, linesAbove: lines)
            return geometry.stickyLines(above: position.top) + lines + rowHeight + linesBelow <= viewport
                ? position : nil
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

    /// Scrolls so `item`'s first line is at `line` of the view (or as near above as rows allow).
    package mutating func place(_ item: TableItem, atLine line: Int, in geometry: TableViewGeometry) {
        setTop(geometry.top(placing: item, atLine: line))
    }

    /// Scrolls so `item` shows at `position`: with the least scrolling (``reveal(_:in:)``), at the top, in the
    /// middle, at the bottom or from a line (clamped so the row fits when it can).
    package mutating func scroll(to item: TableItem, at position: ScrollPosition, in geometry: TableViewGeometry) {
        let viewport = geometry.viewport
        let rowHeight = geometry.itemHeight(item)
        switch position {
        case .none: reveal(item, in: geometry)
        case .top: setTop(item)
        case .middle: place(item, atLine: max(0, (viewport - rowHeight) / 2), in: geometry)
        case .bottom: place(item, atLine: max(0, viewport - rowHeight), in: geometry)
        case .line(let line): place(item, atLine: max(0, min(line, viewport - rowHeight)), in: geometry)
        }
    }

    /// Scrolls to the end of the table: the geometry's last top, the last row's last lines when it is taller
    /// than the view.
    package mutating func scrollToEnd(in geometry: TableViewGeometry) {
        let top = geometry.lastTop()
        let h = geometry.itemHeight(top)
        let viewport = geometry.viewport
        setTop(top, lineOffset: top == geometry.metrics.lastItem && viewport > 0 && h > viewport ? h - viewport : 0)
    }

    /// Scrolls by `items` items (negative: up), never past the end; false when nothing moved.
    ///
    /// A row taller than the view counts one step per line scrolled inside it: the view moves through it
    /// line by line until its far edge shows, then to the next row.
    package mutating func scroll(byItems items: Int, in geometry: TableViewGeometry) -> Bool {
        guard var top else { return false }
        var offset = topLineOffset
        let limit = geometry.lastTop()
        let viewport = geometry.viewport
        let metrics = geometry.metrics
        var moved = false
        for _ in 0..<abs(items) {
            let h = geometry.itemHeight(top)
            if items > 0 {
                if viewport > 0, h > viewport, offset < h - viewport {
                    offset += 1
                    moved = true
                    continue
                }
                guard top < limit, let next = metrics.next(after: top) else { break }
                top = next
                offset = 0
            } else {
                if offset > 0 {
                    // Inside a tall row, a line up; a row cut by scroll padding shows whole.
                    offset = h > viewport ? min(offset, h - viewport) - 1 : 0
                    moved = true
                    continue
                }
                guard let previous = metrics.previous(before: top) else { break }
                top = previous
                let previousHeight = geometry.itemHeight(previous)
                offset = previousHeight > viewport ? previousHeight - viewport : 0
            }
            moved = true
        }
        setTop(top, lineOffset: offset)
        return moved
    }

    /// The highlightable row `steps` rows away from `start` (negative: up), skipping headers and rows
    /// `isHighlightable` refuses; as far as it got (or `start`) at an end or after ``unselectableRunLimit`` items.
    package static func row(
        _ steps: Int, from start: IndexPath?, in metrics: TableMetrics, isHighlightable: (IndexPath) -> Bool
    ) -> IndexPath? {
        var item: TableItem? = nil
        if let start { item = TableItem(section: start.section, row: start.row) }
        var found = start
        var remaining = abs(steps)
        var guardCount = 0
        while remaining > 0 {
            let next: TableItem?
            if steps > 0 {
                next = metrics.next(after: item)
            } else if let item {
                next = metrics.previous(before: item)
            } else {
                next = nil
            }
            guard let candidate = next else { break }
            item = candidate
            guardCount += 1
            if guardCount > unselectableRunLimit { break }  // a long run of unselectable rows: stop looking
            if let indexPath = candidate.indexPath, isHighlightable(indexPath) {
                found = indexPath
                remaining -= 1
            }
        }
        return found
    }

    /// The first row from `start` (itself included), going in `direction`, where the cursor may stop; nil when none.
    package static func highlightableRow(
        from start: IndexPath, direction: Int, in metrics: TableMetrics, isHighlightable: (IndexPath) -> Bool
    ) -> IndexPath? {
        if isHighlightable(start) { return start }
        let found = row(direction, from: start, in: metrics, isHighlightable: isHighlightable)
        guard let found, found != start, isHighlightable(found) else { return nil }
        return found
    }

    /// Where the cursor lands when moved by `steps` rows (negative: up) from `start` (the cursor, else the first
    /// visible row): without a cursor, the first row from `start` it may stop on; nil when it cannot move.
    package func cursorTarget(
        movedBy steps: Int, from start: IndexPath, in metrics: TableMetrics, isHighlightable: (IndexPath) -> Bool
    ) -> IndexPath? {
        if cursor == nil {
            return Self.highlightableRow(from: start, direction: 1, in: metrics, isHighlightable: isHighlightable)
        }
        guard let target = Self.row(steps, from: start, in: metrics, isHighlightable: isHighlightable),
            target != start
        else { return nil }
        return target
    }
}
