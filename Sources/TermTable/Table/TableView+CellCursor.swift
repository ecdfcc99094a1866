import TermTableCore
import TermTableLayout

extension TableView {
    /// What the cursor covers in a table with ``tableColumns`` (Textual's `cursor_type`).
    public enum CursorShape: Sendable {
        /// A whole row (the default, and the only shape of a table without columns).
        case row
        /// One cell: the cursor's row in the cursor's column. The cell gets the cursor's style, the rest of the
        /// row a lighter mark (bold while the table has the focus).
        case cell
        /// One column: the cursor's column is marked in every row; the cursor's row still moves with ↑/↓.
        case column
    }

    /// What the cursor covers (default ``CursorShape/row``); cell and column shapes need ``tableColumns``.
    ///
    /// In cell and column shape ←/h and →/l move the cursor's column (``cursorColumn``), revealing it; in row
    /// shape they scroll the columns sideways by whole column.
    public var cursorShape: CursorShape {
        get { columnModel.shape }
        set {
            guard newValue != columnModel.shape else { return }
            columnModel.shape = newValue
            columnsDidChange()
        }
    }

    /// The index (in ``tableColumns``) of the cursor's column; nil in row shape or without columns.
    public var cursorColumn: Int? {
        guard columnModel.shape != .row, let identifier = columnModel.cursorColumn else { return nil }
        return columnModel.index(of: identifier)
    }

    /// Moves the cursor to the column at `index` (in ``tableColumns``; a hidden column or one out of range:
    /// nothing), scrolls sideways to show it, and tells the delegate
    /// (``TableViewDelegate/tableView(_:didMoveCursorToColumn:)``). In row shape it only reveals the column.
    public func moveCursor(toColumn index: Int) {
        let columns = columnModel.columns
        guard columns.indices.contains(index), !columns[index].isHidden else { return }
        revealColumn(index)
        guard columnModel.shape != .row, columnModel.cursorColumn != columns[index].identifier else { return }
        columnModel.cursorColumn = columns[index].identifier
        painter.forgetDrawing()
        setNeedsLayout()
        setNeedsDisplay()
        delegate?.tableView(self, didMoveCursorToColumn: columns[index])
    }

    /// The style of the cursor's cell in cell shape (nil: the row cursor's style,
    /// ``focusedCursorStyle`` / ``unfocusedCursorStyle`` or the cell's own).
    public var cursorCellStyle: SelectionStyle? {
        get { columnModel.cursorCellStyle }
        set {
            columnModel.cursorCellStyle = newValue
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    // MARK: The table's hooks

    /// The index of the column shown at `x` (in the table's coordinates), nil between columns.
    func columnIndex(atX x: Int) -> Int? {
        guard let layout = columnModel.layout else { return nil }
        let x = x - columnLeadingInset
        return layout.placements.firstIndex { $0.map { x >= $0.x && x < $0.x + $0.width } ?? false }
    }

    /// Scrolls sideways so the column at `index` shows whole (or from its start, when wider than the room).
    func revealColumn(_ index: Int) {
        let model = columnModel
        let room = columnRoom
        var layout = model.layout ?? model.layOut(room: room)
        guard layout.scrolls else { return }
        // Shown whole, or the first scrolled column (which may be wider than the room): nothing to do.
        if let placement = layout.placements[index],
            placement.width == layout.widths[index] || index == layout.firstScrolled
        {
            return
        }
        if index < (layout.firstScrolled ?? 0) {
            firstScrolledColumn = index
            return
        }
        // Further right: the first scrolled column moves right until the column shows whole, or is the first.
        var start = layout.firstScrolled ?? index
        while start < index {
            start += 1
            layout = ColumnLayout(
                columns: model.columns, contentWidths: model.contentWidths, room: room, frozenCount: model.frozenCount,
                firstScrolled: start)
            if let placement = layout.placements[index], placement.width == layout.widths[index] { break }
        }
        firstScrolledColumn = layout.firstScrolled ?? start
    }

    /// In cell and column shape, keeps the cursor's column on a column that shows: moved to the next shown one
    /// when its column is hidden (or hidden below the width), scrolled into view when it is scrolled out (after
    /// a resize, a column change). Called by the layout pass.
    func keepCursorColumnShown() {
        let model = columnModel
        guard model.shape != .row, let layout = model.layout else { return }
        let shown = layout.widths.indices.filter { layout.widths[$0] > 0 }
        guard let last = shown.last else { return }
        let current = model.cursorColumn.flatMap(model.index(of:)) ?? -1
        var index = current
        if !shown.contains(index) {
            index = shown.first { $0 > current } ?? last
            model.cursorColumn = model.columns[index].identifier
        }
        revealColumn(index)
        if model.layout == nil || model.firstScrolled != layout.firstScrolled { model.layOut(room: columnRoom) }
    }

    /// The cursor's marks of one row's columns: which column is drawn with which style, and the row's mark.
    func columnCursorMarks(isCursorRow: Bool, focused: Bool, cellStyle: SelectionStyle) -> (
        index: Int?, style: Style?, row: Style?
    ) {
        let model = columnModel
        guard model.shape != .row, selectionMode != .none, let identifier = model.cursorColumn,
            let index = model.index(of: identifier)
        else { return (nil, nil, nil) }
        let rowCursor = focused ? focusedCursorStyle : (unfocusedCursorStyle ?? focusedCursorStyle)
        let style = (focused ? model.cursorCellStyle : nil) ?? rowCursor ?? cellStyle
        switch model.shape {
        case .row: return (nil, nil, nil)
        case .cell:
            guard isCursorRow else { return (nil, nil, nil) }
            return (index, style.style, focused ? Style(role: .title) : nil)
        case .column:
            return (index, style.style, nil)
        }
    }
}
