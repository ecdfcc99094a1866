import TermTableCore

/// What a key bound in ``TableView/keyBindings`` does.
public enum TableCommand: String, Sendable, CaseIterable {
    /// The cursor moves up a row (in selection mode none, the view scrolls).
    case moveUp
    /// The cursor moves down a row.
    case moveDown
    /// The cursor and view move up a page.
    case pageUp
    /// The cursor and view move down a page.
    case pageDown
    /// The cursor goes to the first row.
    case moveToTop
    /// The cursor goes to the last row.
    case moveToBottom
    /// The delegate's primary action on the cursor's row (Enter).
    case activate
    /// The cursor's row joins or leaves the selection (multiple selection).
    case toggleSelection
    /// Every row is selected (multiple selection).
    case selectAll
    /// The selection is emptied.
    case selectNone
    /// In a table with columns: the cursor moves a column left (cell and column shape), or the columns scroll
    /// a column right-to-left (row shape). In an outline with a row cursor: the cursor's item collapses, or the
    /// cursor goes to its parent. ←/h by default.
    case moveLeft
    /// In a table with columns: the cursor moves a column right, or the columns scroll a column. In an outline
    /// with a row cursor: the cursor's item expands, or the cursor goes to its first child. →/l by default.
    case moveRight
    /// In a table with columns: the cursor goes to the first column, or the columns scroll back to it. 0 by default.
    case moveToFirstColumn
    /// In a table with columns: the cursor goes to the last column, or the columns scroll to show it. $ by default.
    case moveToLastColumn
    /// The rows are sorted smallest first by the cursor's column (cell and column shape), else the first sorted
    /// column, else the first sortable one; not bound by default (VisiData binds `[`).
    case sortAscending
    /// The rows are sorted largest first by the cursor's column (cell and column shape), else the first sorted
    /// column, else the first sortable one; not bound by default (VisiData binds `]`).
    case sortDescending
    /// In an outline (an ``OutlineDataSource``): the cursor's item expands (`+` by default).
    case expandItem
    /// In an outline: the cursor's item collapses (`-` by default).
    case collapseItem
    /// In an outline: the cursor's item and everything below it expand (`*` by default).
    case expandAllBelow
}

extension TableView {
    /// The default keys: arrows and j/k, PgUp/PgDn and Ctrl-B/Ctrl-F, Home/End and g/G, Enter, Space, Ctrl-A, Esc;
    /// ←/h, →/l, 0 and $ for the columns (in a table without columns they go on to the character scrolling
    /// of ``allowsHorizontalScrolling`` or to type-to-jump, as before; in an outline whose cursor is a row, with
    /// or without columns, ←/h and →/l collapse and expand); `+`, `-` and `*` expand, collapse and expand all below
    /// in an outline.
    public static let defaultKeyBindings: [Key: TableCommand] = [
        .up: .moveUp, Key("k"): .moveUp,
        .down: .moveDown, Key("j"): .moveDown,
        .pageUp: .pageUp, .ctrl("b"): .pageUp,
        .pageDown: .pageDown, .ctrl("f"): .pageDown,
        .home: .moveToTop, Key("g"): .moveToTop,
        .end: .moveToBottom, Key("G"): .moveToBottom,
        .enter: .activate,
        .space: .toggleSelection,
        .ctrl("a"): .selectAll,
        .escape: .selectNone,
        .left: .moveLeft, Key("h"): .moveLeft,
        .right: .moveRight, Key("l"): .moveRight,
        Key("0"): .moveToFirstColumn, Key("$"): .moveToLastColumn,
        Key("+"): .expandItem, Key("-"): .collapseItem, Key("*"): .expandAllBelow,
    ]

    // MARK: Cursor

    /// Moves the cursor to `indexPath` (nil removes it) and scrolls to show it.
    ///
    /// In single selection the selection follows: the delegate hears
    /// `didDeselectRowAt` for the old row and `didSelectRowAt` for the new one.
    public func setCursor(_ indexPath: IndexPath?, notify: Bool = true) {
        if needsReload { loadMetrics() }
        // Without a selection mode there is no cursor.
        let target = selectionMode == .none ? nil : indexPath.flatMap { metrics.contains($0) ? $0 : nil }
        let old = state.cursor
        let marks = moveCursorAndSelection(to: target)
        // A cursor removed on purpose stays removed until the user moves it; one placed clears that.
        cursorWasCleared = target == nil
        needsReveal = target != nil
        setNeedsLayout()
        setNeedsDisplay()
        guard target != old, notify else { return }
        tellMoved(to: target, marks: marks)
    }

    /// Moves the cursor; in single selection the selection follows it. Returns the rows unmarked and marked.
    func moveCursorAndSelection(to target: IndexPath?) -> (deselected: IndexPath?, selected: IndexPath?) {
        guard selectionMode == .single else {
            state.moveCursor(to: target)
            return (nil, nil)
        }
        return state.moveCursorSelecting(target)
    }

    /// Tells the delegate the cursor moved to `target`, after the selection changes that came with it.
    func tellMoved(to target: IndexPath?, marks: (deselected: IndexPath?, selected: IndexPath?)) {
        if let gone = marks.deselected { delegate?.tableView(self, didDeselectRowAt: gone) }
        if let new = marks.selected { delegate?.tableView(self, didSelectRowAt: new) }
        if let target { delegate?.tableView(self, didMoveCursorTo: target) }
    }

    /// Scrolls so the row at `indexPath` is visible, with the least scrolling (``scrollToRow(at:at:)`` with `.none`).
    public func scrollToRow(at indexPath: IndexPath) {
        scrollToRow(at: indexPath, at: .none)
    }

    /// True when the cursor may stop on the row: the delegate decides, else the cell's `isSelectable`.
    public func isHighlightable(_ indexPath: IndexPath) -> Bool {
        if let answer = delegate?.tableView(self, shouldHighlightRowAt: indexPath) { return answer }
        let item = TableItem(section: indexPath.section, row: indexPath.row)
        if let known = measurements.selectable[item] { return known }
        let answer = cell(for: item)?.isSelectable ?? true
        measurements.selectable[item] = answer
        return answer
    }

    /// The highlightable row `steps` rows away from `start` (skipping headers and rows that cannot be highlighted;
    /// ``TableViewState/row(_:from:in:isHighlightable:)``).
    func row(_ steps: Int, from start: IndexPath?) -> IndexPath? {
        TableViewState.row(steps, from: start, in: metrics, isHighlightable: isHighlightable)
    }

    /// The first row from `start` (itself included), going in `direction`, where the cursor may stop; nil when none.
    func highlightableRow(from start: IndexPath, direction: Int) -> IndexPath? {
        TableViewState.highlightableRow(
            from: start, direction: direction, in: metrics, isHighlightable: isHighlightable)
    }

    /// Moves the cursor by `steps` rows (negative is up); returns false when it could not move.
    @discardableResult
    public func moveCursor(by steps: Int) -> Bool {
        if needsReload { loadMetrics() }
        guard selectionMode != .none else { return scroll(by: steps) }
        guard let start = state.cursor ?? firstVisibleRow(),
            let target = state.cursorTarget(movedBy: steps, from: start, in: metrics, isHighlightable: isHighlightable)
        else { return false }
        setCursor(target)
        return true
    }

    private func firstVisibleRow() -> IndexPath? {
        placedItems.first { !$0.isSticky && $0.item.indexPath != nil }?.item.indexPath ?? firstRow()
    }

    /// The first row of the table (headers skipped), nil when it has none.
    func firstRow() -> IndexPath? {
        var item = metrics.firstItem
        while let current = item, current.isHeader { item = metrics.next(after: current) }
        return item?.indexPath
    }

    /// The last row of the table (headers skipped), nil when it has none.
    func lastRow() -> IndexPath? {
        var item = metrics.lastItem
        while let current = item, current.isHeader { item = metrics.previous(before: current) }
        return item?.indexPath
    }

    /// The number of rows that make one page (the rows on screen, less one).
    var pageSize: Int {
        max(1, placedItems.filter { !$0.isSticky && !$0.item.isHeader }.count - 1)
    }

    /// Scrolls the view by `items` items without moving the cursor; returns false at an end.
    ///
    /// A row taller than the view counts one step per line scrolled inside it: the view moves through it
    /// line by line until its far edge shows, then to the next row.
    @discardableResult
    public func scroll(by items: Int) -> Bool {
        if needsReload { loadMetrics() }
        guard state.top != nil else { return false }
        let moved = movePosition { $0.scroll(byItems: items, in: $1) }
        setNeedsLayout()
        setNeedsDisplay()
        return moved
    }

    /// The top item that shows the last row at the bottom: the view never scrolls past it.
    func lastTop() -> TableItem { geometry.lastTop() }

    /// Runs a command; returns false when it does not apply (so the key can go elsewhere).
    @discardableResult
    public func perform(_ command: TableCommand) -> Bool {
        if needsReload { loadMetrics() }
        switch command {
        case .moveUp: return scrollTallCursorRow(by: -1) || moveCursor(by: -1)
        case .moveDown: return scrollTallCursorRow(by: 1) || moveCursor(by: 1)
        case .pageUp, .pageDown:
            // A row taller than the view (the cursor's, or any in selection mode none) moves by a page of lines.
            let lines = command == .pageDown ? pageLines : -pageLines
            if selectionMode == .none ? scrollTallTopRow(by: lines) : scrollTallCursorRow(by: lines) { return true }
            let steps = command == .pageDown ? pageSize : -pageSize
            if selectionMode == .none { return scroll(by: steps) }
            // The cursor moves a page of rows and stays on its screen line, headers crossed or not.
            let line = cursorLine
            let moved = moveCursor(by: steps)
            if let line, let cursor = state.cursor {
                // A cursor row scrolled by lines (above line 0) leaves its lines as they are when it stays.
                if moved || line >= 0 {
                    movePosition {
                        $0.place(TableItem(section: cursor.section, row: cursor.row), atLine: max(0, line), in: $1)
                    }
                    setNeedsLayout()
                }
            } else {
                scroll(by: steps)
            }
            needsReveal = true
            return moved
        case .moveToTop:
            if selectionMode == .none {
                state.setTop(metrics.firstItem)
                setNeedsLayout()
                setNeedsDisplay()
                return true
            }
            guard let first = firstRow() else { return false }
            state.setTop(metrics.firstItem)
            setNeedsLayout()  // the top (and its line offset) changed even when no row can take the cursor
            guard let target = highlightableRow(from: first, direction: 1) else { return false }
            setCursor(target)
            return true
        case .moveToBottom:
            if selectionMode == .none {
                scrollToLastLine()
                setNeedsLayout()
                setNeedsDisplay()
                return true
            }
            guard let last = lastRow() else { return false }
            // The end of the list is shown, rows the cursor cannot stop on included (the cursor is revealed from
            // there); shown too when no row can take the cursor, as the top is for g.
            let target = highlightableRow(from: last, direction: -1)
            if let target { setCursor(target) }
            scrollToLastLine()
            setNeedsLayout()
            setNeedsDisplay()
            return target != nil
        case .activate:
            guard let cursor = state.cursor else { return false }
            delegate?.tableView(self, performPrimaryActionForRowAt: cursor)
            return true
        case .toggleSelection:
            guard selectionMode == .multiple, let cursor = state.cursor else { return false }
            toggleSelection(of: cursor)
            return true
        case .selectAll:
            guard selectionMode == .multiple else { return false }
            selectAll()
            return true
        case .selectNone:
            guard !state.selected.isEmpty, selectionMode == .multiple else { return false }
            deselectAll()
            return true
        case .moveLeft, .moveRight:
            // A tree with a row cursor: ←/h and →/l are the tree's (collapse or go to the parent, expand or go to
            // the first child), as in NSOutlineView and Finder's list view; with a cell or column cursor they stay
            // the columns' (the tree's keys are then `-` and `+`).
            if arrowsAreOutlines, let outline = dataSource as? any OutlineCommandHandling {
                return outline.performOutlineCommand(command, in: self)
            }
            return performColumnCommand(command)
        case .moveToFirstColumn, .moveToLastColumn:
            return performColumnCommand(command)
        case .expandItem, .collapseItem, .expandAllBelow:
            guard let outline = dataSource as? any OutlineCommandHandling else { return false }
            return outline.performOutlineCommand(command, in: self)
        case .sortAscending, .sortDescending:
            return performSort(ascending: command == .sortAscending)
        }
    }

    // MARK: Selection

    /// The cursor's row (the row under the bar), nil when the table has no cursor.
    ///
    /// As UIKit's: in ``SelectionMode/single`` it is the selected row. In ``SelectionMode/multiple`` the
    /// cursor and the marked rows are apart: the marked rows are ``indexPathsForSelectedRows``.
    public var indexPathForSelectedRow: IndexPath? { state.cursor }

    /// The selected rows, in order.
    public var indexPathsForSelectedRows: [IndexPath] { state.selected.sorted() }

    /// Adds a row to the selection (in single selection, it becomes the cursor's row).
    public func selectRow(at indexPath: IndexPath) {
        if needsReload { loadMetrics() }
        guard metrics.contains(indexPath), selectionMode != .none else { return }
        if selectionMode == .single {
            setCursor(indexPath)
            return
        }
        if state.select(indexPath) { delegate?.tableView(self, didSelectRowAt: indexPath) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Removes a row from the selection.
    public func deselectRow(at indexPath: IndexPath) {
        if state.deselect(indexPath) { delegate?.tableView(self, didDeselectRowAt: indexPath) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Toggles a row's membership of the selection (multiple selection).
    public func toggleSelection(of indexPath: IndexPath) {
        if state.selected.contains(indexPath) { deselectRow(at: indexPath) } else { selectRow(at: indexPath) }
    }

    /// Selects every row (multiple selection). Memory grows with the number of rows.
    public func selectAll() {
        if needsReload { loadMetrics() }
        guard selectionMode == .multiple else { return }
        for section in 0..<metrics.sectionCount {
            for row in 0..<metrics.rowCounts[section] {
                let indexPath = IndexPath(row: row, section: section)
                if state.select(indexPath) { delegate?.tableView(self, didSelectRowAt: indexPath) }
            }
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Empties the selection.
    public func deselectAll() {
        let old = state.selected.sorted()
        state.setSelection([])
        for indexPath in old { delegate?.tableView(self, didDeselectRowAt: indexPath) }
        setNeedsLayout()
        setNeedsDisplay()
    }
}
