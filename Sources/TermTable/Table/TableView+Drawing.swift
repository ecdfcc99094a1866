import TermTableCore

/// What the drawing of the rows starts from: the lines to draw, the last frame's rows and the lines the
/// screen scrolled them up by (``TableView/decideScroll(in:screenFrame:)``).
struct RowsScroll {
    /// The lines (of the rows' view) that must be drawn.
    var dirty: [Bool]
    /// The last frame's rows, sorted by item like the placed items (empty: draw every row).
    var previous: [TableDrawing.Row]
    /// The lines the screen moved the last frame's rows up by (negative: down).
    var shift: Int
}

extension TableView {
    /// Draws the rows that changed, the empty lines below the rows and the scroll indicator: decides the
    /// scroll, draws the rows, then records the drawing for the next frame.
    func renderRows(in context: DrawContext) {
        // The rows are drawn below the column header, in their own lines.
        let width = max(0, frame.width)
        let screenFrame = Rect(
            x: context.origin.x, y: context.origin.y + rowsTop, width: width, height: rowsHeight)
        if dataSourceWasReleased {
            // Say why the table is empty instead of ignoring the keys silently.
            context.fill(Rect(x: 0, y: 0, width: width, height: rowsHeight))
            context.put(
                "⚠ the table's data source was released: TableView holds its dataSource weakly (as UIKit does); keep a reference to it",
                at: .zero, style: Style(role: .error, attributes: .bold))
            painter.forgetDrawing()
            return
        }
        if rowsTop > 0, let columnHeader { renderColumnHeader(columnHeader, in: context) }
        // The indicator has a column of its own (cells are laid out in ``contentWidth``).
        let indicator = showsScrollIndicator && width > 1 ? scrollIndicator() : nil
        let scroll = decideScroll(in: context, screenFrame: screenFrame)
        let rows = drawRows(scroll, indicator: indicator, in: context, screenFrame: screenFrame)
        recordDrawing(rows, indicator: indicator, screen: context.screen, screenFrame: screenFrame)
    }

    /// The lines to draw, after scrolling the screen's lines when the last frame's rows moved by whole lines:
    /// every line unless the last frame can be reused.
    func decideScroll(in context: DrawContext, screenFrame: Rect) -> RowsScroll {
        let screen = context.screen
        let height = screenFrame.height
        var scroll = RowsScroll(dirty: [Bool](repeating: true, count: height), previous: [], shift: 0)
        let painter = self.painter
        guard redrawsOnlyChangedRows, let last = painter.lastDrawing, last.screenFrame == screenFrame,
            context.clip == Rect(origin: context.origin, size: frame.size), last.lineVersions.count == height
        else { return scroll }
        for y in 0..<height { scroll.dirty[y] = screen.lineVersion(screenFrame.y + y) != last.lineVersions[y] }
        scroll.previous = last.rows
        let shift = painter.scrollDistance(placed: placedItems, onScreen: onScreen, from: last, rowsHeight: height)
        scroll.shift = shift
        guard shift != 0 else { return scroll }
        let stuck = painter.stickyTop(placed: placedItems, last: last, rowsHeight: height)
        let region = Rect(x: screenFrame.x, y: screenFrame.y + stuck, width: screenFrame.width, height: height - stuck)
        if screen.scroll(region, by: shift) {
            // Lines keep their dirtiness as they move; uncovered lines must be drawn.
            let before = scroll.dirty
            for y in stuck..<height {
                let from = y + shift
                scroll.dirty[y] = from < stuck || from >= height || before[from]
            }
        } else {
            scroll.dirty = [Bool](repeating: true, count: height)
            scroll.previous.removeAll()
        }
        return scroll
    }

    /// Draws the rows that changed or stand on lines to draw, clears the lines below the rows that need it and
    /// draws the scroll indicator's column; returns the rows as drawn.
    func drawRows(
        _ scroll: RowsScroll, indicator: Range<Int>?, in context: DrawContext, screenFrame: Rect
    ) -> [TableDrawing.Row] {
        let top = rowsTop
        let height = screenFrame.height
        let width = screenFrame.width
        let shift = scroll.shift
        // A top row scrolled by lines starts above the rows' first line (or under the sticky header): its
        // drawing is clipped to the lines below those (a context made only then: copies cost retains).
        var stickyLines = 0
        var cutsTopRow = false
        for placed in placedItems {
            if placed.isSticky {
                stickyLines = placed.height
                continue
            }
            cutsTopRow = placed.y < stickyLines
            break
        }
        // A row under a sticky header that came, went or changed height shows other lines than it did, at the
        // same place: it is drawn again.
        var oldStickyLines = 0
        if let first = scroll.previous.first, first.isSticky { oldStickyLines = first.height }
        let uncoveredTop = oldStickyLines == stickyLines ? 0 : max(oldStickyLines, stickyLines)
        var next = 0  // merge pointer into `previous`
        var drawnRows: [TableDrawing.Row] = []
        drawnRows.reserveCapacity(placedItems.count)
        var redrawn = [Bool](repeating: false, count: height)
        for (placed, (_, cell)) in zip(placedItems, onScreen) {
            let identity = ObjectIdentifier(cell)
            var needsDrawing = true
            while next < scroll.previous.count && scroll.previous[next].item < placed.item { next += 1 }
            if next < scroll.previous.count, scroll.previous[next].item == placed.item,
                case let old = scroll.previous[next],
                old.cell == identity, old.version == cell.drawVersion,
                old.height == placed.height, old.isSticky == placed.isSticky,
                old.y - (placed.isSticky ? 0 : shift) == placed.y
            {
                needsDrawing = !placed.isSticky && placed.y < uncoveredTop
                for y in max(0, placed.y)..<max(0, min(height, placed.y + placed.height)) where scroll.dirty[y] {
                    needsDrawing = true
                }
            }
            if needsDrawing {
                if cutsTopRow && !placed.isSticky && placed.y < stickyLines {
                    var rowsContext = context
                    rowsContext.clip = context.clip.intersection(
                        Rect(
                            x: screenFrame.x, y: screenFrame.y + stickyLines, width: width,
                            height: max(0, height - stickyLines)))
                    renderRow(cell, in: rowsContext)
                } else {
                    renderRow(cell, in: context)
                }
                for y in max(0, placed.y)..<max(0, min(height, placed.y + placed.height)) { redrawn[y] = true }
            }
            drawnRows.append(
                TableDrawing.Row(
                    item: placed.item, cell: identity, version: cell.drawVersion,
                    y: placed.y, height: placed.height, isSticky: placed.isSticky))
        }
        // Where the last frame's rows ended, after the screen scroll moved them (by `shift` lines up).
        // (Loops and `if let` here, not closures: see `View.anySubviewNeedsLayout`.)
        // (The lowest row, not the last item: after rows moved in the data, items and lines need not agree.)
        var previousBottom = 0
        for row in scroll.previous { previousBottom = max(previousBottom, row.y + row.height - min(0, shift)) }
        // Lines below the last row are cleared, so nothing of an earlier frame stays (none when a row is cut by the bottom edge).
        var bottom = 0
        if let last = placedItems.last { bottom = min(height, max(0, last.y + last.height)) }
        let lastDrawing = painter.lastDrawing
        for y in bottom..<height where scroll.dirty[y] || lastDrawing == nil || previousBottom > y {
            context.fill(Rect(x: 0, y: top + y, width: width, height: 1))
            redrawn[y] = true
        }
        if showsScrollIndicator && width > 1 {
            let changed = lastDrawing == nil || indicator != lastDrawing?.indicator || shift != 0
            for y in 0..<height where changed || redrawn[y] || scroll.dirty[y] {
                guard let indicator else {
                    context.put(" ", at: Point(x: width - 1, y: top + y))
                    continue
                }
                let inThumb = y >= indicator.lowerBound && y < indicator.upperBound
                context.put(
                    inThumb ? "┃" : "│", at: Point(x: width - 1, y: top + y),
                    style: inThumb ? .plain : scrollIndicatorStyle)
            }
        }
        return drawnRows
    }

    /// Remembers what the rows' lines show, for the next frame to reuse (nothing when the screen keeps no line
    /// versions).
    func recordDrawing(_ rows: [TableDrawing.Row], indicator: Range<Int>?, screen: any Screen, screenFrame: Rect) {
        var lineVersions: [Int] = []
        lineVersions.reserveCapacity(screenFrame.height)
        for y in 0..<screenFrame.height {
            guard let version = screen.lineVersion(screenFrame.y + y) else {
                painter.forgetRows()
                return
            }
            lineVersions.append(version)
        }
        painter.lastDrawing = TableDrawing(
            screenFrame: screenFrame, rows: rows, lineVersions: lineVersions, indicator: indicator)
    }
}

extension TableView {
    /// Draws the column header's line when it changed, or something else wrote over it, since the last frame.
    func renderColumnHeader(_ header: ColumnHeaderView, in context: DrawContext) {
        let width = max(0, frame.width)
        let line = Rect(x: context.origin.x, y: context.origin.y, width: width, height: 1)
        let current = ColumnHeaderDrawing(
            screenFrame: line, version: header.drawVersion,
            lineVersion: context.screen.lineVersion(line.y))
        if redrawsOnlyChangedRows, current.lineVersion != nil, painter.lastHeaderDrawing == current,
            context.clip.intersection(line) == line
        {
            return
        }
        context.fill(Rect(x: 0, y: 0, width: width, height: 1))
        renderRow(header, in: context)
        painter.lastHeaderDrawing = ColumnHeaderDrawing(
            screenFrame: line, version: header.drawVersion,
            lineVersion: context.screen.lineVersion(line.y))
    }
}
