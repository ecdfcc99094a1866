import TermTableCore
import TermTableLayout

extension TableView {
    /// The table's layout pass: loads the counts when a reload is due, settles the scroll position (following
    /// the end, the cursor's line, revealing the cursor), places the items that show, and gives each a cell —
    /// kept when it stayed on screen, reused from its queue, or asked of the data source.
    func layOutRows() {
        if dataSourceWasReleased && !metrics.rowCounts.isEmpty { needsReload = true }
        if needsReload { loadMetrics() }
        if !columnModel.columns.isEmpty {
            columnModel.layOut(room: columnRoom)
            keepCursorColumnShown()
        }
        followEndAfterResize()
        restoreCursorLine()
        if state.top == nil || !metrics.contains(state.top!) {
            state.setTop(state.top.flatMap(metrics.clamp) ?? metrics.firstItem)
        }
        measurements.trimToLimit()
        recycleStaleCells()
        var reveal: TableItem? = nil
        if needsReveal, let cursor = state.cursor { reveal = TableItem(section: cursor.section, row: cursor.row) }
        needsReveal = false
        let startTop = state.top
        let startOffset = state.topLineOffset
        // Header cells measured on the way (see `measureLazyHeader`) change the metrics the pass started
        // with: a header counted as 1 line may have 6, or none. Place again until no measurement changes
        // them (each pass measures more; a header is measured once, so this ends, usually at once).
        for _ in 0..<8 {
            let measuredBefore = measurements.lazyHeaderMeasurements
            state.setTop(startTop.flatMap(metrics.clamp) ?? metrics.firstItem)
            if startOffset > 0, rowsHeight > 0, let top = state.top, top == startTop {
                // The same top row keeps its scrolled-out lines (fewer than its height; none without a view).
                state.setTopLineOffset(max(0, min(startOffset, height(of: top) - 1)))
            }
            if let reveal { self.reveal(reveal) }
            placeRows()
            // Never leave empty lines at the bottom while lines above are scrolled out of view (after a resize, a
            // delete): the top row's scrolled-out lines come back first, then whole rows.
            // (Nothing placed, e.g. a top row of no lines at the end: the bottom is the first line.)
            if case let bottom = placedItems.last.map({ $0.y + $0.height }) ?? 0, bottom < rowsHeight,
                state.topLineOffset > 0
            {
                state.bringBackTopLines(rowsHeight - bottom)
                placeRows()
            }
            if case let bottom = placedItems.last.map({ $0.y + $0.height }) ?? 0, bottom < rowsHeight,
                let top = state.top, top != metrics.firstItem, case let limit = lastTop(), limit < top
            {
                state.setTop(limit)
                placeRows()
            }
            if measurements.lazyHeaderMeasurements == measuredBefore { break }
        }
        reuse.noteOnScreen(placedItems.count)
        noteEndAfterPass()
        reconcileCells()
        updatePrefetching()
        if let columnHeader {
            columnHeader.frame = Rect(x: -drawnHorizontalOffset, y: 0, width: cellWidth, height: rowsTop)
            columnHeader.leadingInset = showsMarkColumn && selectionMode == .multiple ? 2 : 0
            if !columnModel.columns.isEmpty { columnHeader.columnLayout = columnModel.layout }
        }
        super.layoutSubviews()
    }

    /// Places the items from the scroll position down (`placedItems`).
    private func placeRows() {
        placedItems = TableLayout.visibleItems(
            from: state.top, topOffset: state.topLineOffset, height: rowsHeight, metrics: metrics,
            stickyHeaders: stickyHeaders, itemHeight: height(of:))
    }

    /// Puts the right cells on screen: keeps those still visible, recycles the rest, asks for the new ones.
    ///
    /// The rows on screen before and after are both sorted, so one merge of the
    /// two lists tells what stays, what leaves and what arrives, without hashing
    /// every visible row each frame.
    private func reconcileCells() {
        // Local copies: the merge reads them once per item, not through the class's properties.
        let onScreen = self.onScreen
        let placedItems = self.placedItems
        var cells = [TableViewCell?](repeating: nil, count: placedItems.count)
        var leaving: [(item: TableItem, cell: TableViewCell)] = []
        var i = 0
        var j = 0
        let noStaleItems = measurements.staleItems.isEmpty
        while i < onScreen.count || j < placedItems.count {
            if j == placedItems.count || (i < onScreen.count && onScreen[i].item < placedItems[j].item) {
                leaving.append(onScreen[i])
                i += 1
            } else if i == onScreen.count || placedItems[j].item < onScreen[i].item {
                j += 1
            } else {
                if noStaleItems || !measurements.staleItems.contains(onScreen[i].item) {
                    cells[j] = onScreen[i].cell
                } else {
                    leaving.append(onScreen[i])
                }
                i += 1
                j += 1
            }
        }
        // Cells leaving the screen go back to their queues first, so new rows can reuse them.
        for (item, cell) in leaving {
            visibleCells.removeValue(forKey: item)
            endDisplaying(cell, item: item)
        }
        if !noStaleItems { measurements.staleItems.removeAll(keepingCapacity: true) }  // no new storage each pass
        // A cell that stayed on screen keeps its marks unless they changed: the table's mark settings (all
        // cells), the cursor (its old and new rows) or, with multiple selection, the selection (all cells).
        // Arriving cells are marked as they arrive.
        let marks = MarkPass(table: self)
        for (index, placed) in placedItems.enumerated() where cells[index] == nil {
            var cell =
                reuse.takeMeasuredCell(for: placed.item) ?? makeCell(for: placed.item)
                ?? TableViewCell(reuseIdentifier: nil)
            // A data source that hands out one cell for two rows gets a copy for the second. Cells that
            // left are out of the tree by now, so a cell still in one is on screen (kept, or placed just
            // above) or in another view.
            if cell.superview != nil {
                let isPlaceholder = cell.isPlaceholder
                cell = cell.copy()
                cell.isPlaceholder = isPlaceholder
                reuse.noteCellCopied()
            }
            cell.tableView = self
            cell.indexPath = placed.item.indexPath
            if cell.superview !== self { addSubview(cell, relayout: false) }  // placed below
            visibleCells[placed.item] = cell
            cells[index] = cell
            marks.apply(to: cell, item: placed.item)
            if let indexPath = placed.item.indexPath {
                delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            }
        }
        reuse.returnMeasuredCells(keepingCapacity: true)
        if !measurements.replacedItems.isEmpty { measurements.replacedItems.removeAll(keepingCapacity: true) }
        painter.movedCells = nil  // the cells that moved with their rows went back to them
        var nowOnScreen: [(item: TableItem, cell: TableViewCell)] = []
        nowOnScreen.reserveCapacity(placedItems.count)
        for (index, placed) in placedItems.enumerated() { nowOnScreen.append((placed.item, cells[index]!)) }
        self.onScreen = nowOnScreen
        // Place every visible cell; mark again the kept cells whose marks may have changed.
        let width = cellWidth
        let x = -drawnHorizontalOffset  // scrolled sideways
        var moved = false
        for (placed, (_, cell)) in zip(placedItems, self.onScreen) {
            let frame = Rect(x: x, y: rowsTop + placed.y, width: width, height: placed.height)
            if cell.frame != frame {
                moved = true
                cell.setFrame(frame, tellingSuperview: false)  // the table marks itself once, below
            }
            if marks.remarkAll || placed.item == marks.cursor || placed.item == marks.oldCursor {
                marks.apply(to: cell, item: placed.item)
            }
        }
        if moved { setNeedsDisplay() }
        if !columnModel.columns.isEmpty { placeColumns() }
    }

    /// Sends the cells of rows reconfigured since the last pass (stale: they show old content) back to their
    /// queues before the rows are measured again: the cell made to measure such a row is the one it then shows
    /// (``CellReuseQueue/keepMeasuredCell(_:for:held:)``), and it can be the old cell itself, so a reconfigured
    /// row costs one request to the data source and no cell more.
    private func recycleStaleCells() {
        guard !measurements.staleItems.isEmpty else { return }
        var kept: [(item: TableItem, cell: TableViewCell)] = []
        kept.reserveCapacity(onScreen.count)
        for (item, cell) in onScreen {
            guard measurements.staleItems.contains(item) else {
                kept.append((item, cell))
                continue
            }
            measurements.replacedItems.insert(item)
            visibleCells.removeValue(forKey: item)
            endDisplaying(cell, item: item)
            // The row may get this very cell back, configured as it was: it is drawn again all the same (a
            // reconfigured row is always redrawn), as its drawing version no longer matches the last frame's.
            cell.setNeedsDisplay()
        }
        onScreen = kept
        measurements.staleItems.removeAll(keepingCapacity: true)
    }

    private func endDisplaying(_ cell: TableViewCell, item: TableItem) {
        // A control in the cell had the keyboard: the table takes it back, or keys would go nowhere.
        if cell.containsFocusedView { host?.focus(self) }
        cell.removeFromSuperview()
        if let indexPath = item.indexPath { delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
        cell.tableView = nil
        cell.indexPath = nil
        reuse.enqueue(cell)
    }

    /// Sends every visible cell back to its queue (after a reload).
    func recycleAll() {
        for (item, cell) in onScreen { endDisplaying(cell, item: item) }
        onScreen.removeAll()
        visibleCells.removeAll()
        reuse.returnMeasuredCells()
    }
}
