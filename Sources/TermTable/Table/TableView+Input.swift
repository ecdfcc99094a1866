import TermTableCore

extension TableView {
    /// Runs the command bound to `key`, if any.
    func handleTableKey(_ key: Key) -> Bool {
        guard let command = keyBindings[key] else { return handleHorizontalScrollKey(key) }
        let outline = dataSource is any OutlineCommandHandling
        // An outline with a row cursor (no columns, or columns in row shape): ←/h and →/l are the tree's.
        if outline, arrowsAreOutlines, command == .moveLeft || command == .moveRight {
            return perform(command)
        }
        // A table without columns: the column keys scroll by character (when on) or go elsewhere, as before; the
        // outline keys of a table that is not an outline are as if unbound.
        if command.isColumnCommand && columnModel.columns.isEmpty || command.isOutlineCommand && !outline {
            return handleHorizontalScrollKey(key)
        }
        return perform(command)
    }

    /// Scrolls on the wheel; a click on the scroll indicator's column jumps there; a click moves the cursor (on an
    /// outline's disclosure mark it also expands or collapses the item); a double click activates. In multiple selection a click marks only with Ctrl held or in the mark column (a plain click
    /// reads a row, it does not add it to what `d` deletes).
    func handleTableMouse(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .wheelUp, .wheelDown:
            scroll(by: event.kind == .wheelUp ? -3 : 3)
            keepCursorInView()
            return true
        case .press, .doubleClick:
            guard event.button == .left else { return false }
            if point.y < rowsTop {
                // A column title: the sort cycles when the data source sorts, then the delegate hears it (and may
                // sort itself); between titles nothing happens. A quick second
                // click arrives as a double click and is a second selection (to reverse a sort), not dropped.
                if let columnHeader, let column = columnHeader.column(atX: point.x - columnHeader.frame.x) {
                    cycleSort(by: column)
                    delegate?.tableView(self, didSelectColumn: column)
                }
                return true
            }
            if showsScrollIndicator, frame.width > 1, point.x >= frame.width - 1 {
                // The scroll indicator's column: jump so the thumb is centred on the click.
                scrollToIndicatorLine(point.y - rowsTop)
                return true
            }
            let rowPoint = Point(x: point.x, y: point.y - rowsTop)
            guard let placed = placedItems.first(where: { rowPoint.y >= $0.y && rowPoint.y < $0.y + $0.height }) else {
                // The empty area below the last row: the selection is cleared.
                clearSelectionByClick()
                return true
            }
            guard let indexPath = placed.item.indexPath, selectionMode != .none else { return true }
            if let cell = visibleCells[placed.item], cell.accessory != .none,
                point.x - cell.frame.x >= cell.frame.width - cell.accessoryWidth, point.x < contentWidth
            {
                delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
                return true
            }
            guard isHighlightable(indexPath) else { return true }
            if event.kind == .doubleClick {
                setCursor(indexPath)
                delegate?.tableView(self, performPrimaryActionForRowAt: indexPath)
            } else if let outline = dataSource as? any OutlineCommandHandling,
                outline.handleDisclosureClick(at: point, row: indexPath, in: self)
            {
                // An outline's disclosure mark: its item expanded or collapsed (the cursor on it).
            } else {
                setCursor(indexPath)
                if cursorShape != .row, let column = columnIndex(atX: point.x) { moveCursor(toColumn: column) }
                if selectionMode == .multiple, event.modifiers.contains(.control) || isInMarkColumn(point, of: placed) {
                    toggleSelection(of: indexPath)
                }
            }
            return true
        case .release:
            return false
        }
    }

    /// After a wheel scroll: a cursor pushed off screen moves to the nearest visible row.
    ///
    /// What the scroll shows is computed, not laid out: laying out here would give cells to rows
    /// that the cursor's move scrolls away again before any frame is drawn (more cells than rows shown).
    func keepCursorInView() {
        guard selectionMode != .none, let cursor = state.cursor else { return }
        if needsReload { loadMetrics() }
        let top = state.top.flatMap(metrics.clamp) ?? metrics.firstItem
        let placed = TableLayout.visibleItems(
            from: top, topOffset: top == state.top ? state.topLineOffset : 0, height: rowsHeight, metrics: metrics,
            stickyHeaders: stickyHeaders, itemHeight: height(of:))
        // Rows shown whole (a row cut by an edge does not count, unless none is whole).
        let stickyLines = placed.first(where: \.isSticky)?.height ?? 0
        let placedRows = placed.filter { !$0.isSticky && !$0.item.isHeader }
        let whole = placedRows.filter { $0.y >= stickyLines && $0.y + $0.height <= rowsHeight }
        let rows = (whole.isEmpty ? placedRows : whole).compactMap { $0.item.indexPath }
        guard let first = rows.first, let last = rows.last, cursor < first || cursor > last else { return }
        let target = cursor < first ? first : last
        setCursor(highlightableRow(from: target, direction: cursor < first ? 1 : -1) ?? cursor)
    }

    /// Whether `point` (in the table) falls in the `✓` column of the row `placed` (``showsMarkColumn``).
    private func isInMarkColumn(_ point: Point, of placed: PlacedItem) -> Bool {
        guard let cell = visibleCells[placed.item], cell.markColumnWidth > 0 else { return false }
        let x = point.x - cell.frame.x
        return x >= 0 && x < cell.markColumnWidth
    }

    private func clearSelectionByClick() {
        let hadSelection = !state.selected.isEmpty || (selectionMode == .single && state.cursor != nil)
        deselectAll()
        if selectionMode == .single {
            state.moveCursor(to: nil)
            cursorWasCleared = true
            setNeedsLayout()
        }
        if hadSelection { delegate?.tableViewDidClearSelection(self) }
    }
}
