import TermTableCore

extension TableCommand {
    /// True for the commands that move among columns (they do nothing in a table without columns, whose keys
    /// then go to the character scrolling of ``TableView/allowsHorizontalScrolling``, or to type-to-jump).
    var isColumnCommand: Bool {
        switch self {
        case .moveLeft, .moveRight, .moveToFirstColumn, .moveToLastColumn: return true
        default: return false
        }
    }
}

extension TableView {
    // MARK: The table's hooks

    /// Runs a column command: in row shape the columns scroll sideways by whole column (by
    /// ``horizontalStep`` characters inside a column wider than the view); in cell and column shape the
    /// cursor's column moves. False when nothing moved (or the table has no columns).
    func performColumnCommand(_ command: TableCommand) -> Bool {
        let model = columnModel
        guard !model.columns.isEmpty else { return false }
        let layout = model.layout ?? model.layOut(room: columnRoom)
        let shown = layout.widths.indices.filter { layout.widths[$0] > 0 }
        guard let first = shown.first, let last = shown.last else { return false }
        if model.shape != .row {
            let current = cursorColumn ?? first
            let target: Int?
            switch command {
            case .moveLeft: target = shown.last { $0 < current }
            case .moveRight: target = shown.first { $0 > current }
            case .moveToFirstColumn: target = first
            case .moveToLastColumn: target = last
            default: target = nil
            }
            guard let target, target != cursorColumn else { return false }
            moveCursor(toColumn: target)
            return true
        }
        guard layout.scrolls else { return false }
        let unfrozen = Array(shown.dropFirst(layout.frozenShown))
        guard let start = layout.firstScrolled, let firstUnfrozen = unfrozen.first else { return false }
        switch command {
        case .moveLeft:
            if model.innerOffset > 0, let placement = layout.placements[start], placement.innerOffset > 0 {
                model.innerOffset = max(0, placement.innerOffset - horizontalStep)
                columnsDidScroll()
                return true
            }
            guard let previous = unfrozen.last(where: { $0 < start }) else { return false }
            firstScrolledColumn = previous
            return true
        case .moveRight:
            if let placement = layout.placements[start], placement.innerOffset + placement.width < layout.widths[start]
            {
                model.innerOffset = min(
                    layout.widths[start] - placement.width, placement.innerOffset + horizontalStep)
                columnsDidScroll()
                return true
            }
            // The last column already shows whole: nothing further right.
            if let placement = layout.placements[last], placement.width == layout.widths[last] { return false }
            guard let next = unfrozen.first(where: { $0 > start }) else { return false }
            firstScrolledColumn = next
            return true
        case .moveToFirstColumn:
            guard start != firstUnfrozen || model.innerOffset != 0 else { return false }
            firstScrolledColumn = firstUnfrozen
            return true
        case .moveToLastColumn:
            let before = model.firstScrolled
            revealColumn(last)
            return model.firstScrolled != before
        default:
            return false
        }
    }

    /// Gives every row's cell its column frames and cursor marks, after measuring the fit-content columns in the
    /// rows on screen (a column grown wider lays the columns out again). With a ``TableViewColumnDataSource``,
    /// a row's cell is asked only for the columns it shows: a column shown since (scrolled to, grown into the
    /// room, added) is asked here.
    func placeColumns() {
        let model = columnModel
        let room = columnRoom
        var layout = model.layout.flatMap { model.room == room ? $0 : nil } ?? model.layOut(room: room)
        let columns = model.columns
        var measuredIndices: [Int] = []
        for (index, column) in columns.enumerated() where !column.isHidden {
            if case .fixed = column.width { continue }
            measuredIndices.append(index)
        }
        let source = columnDataSource
        // Measuring only grows the widths, up to their caps: this ends, in practice after one more round.
        for _ in 0..<4 {
            if let source { fillShownColumns(layout, from: source) }
            var grew = false
            for (item, cell) in onScreen where !item.isHeader {
                for index in measuredIndices {
                    let column = columns[index]
                    let view =
                        column.tag != 0
                        ? cell.contentView.viewWithTag(column.tag) : cell.columnState.labels[column.identifier]
                    guard let label = view as? Label else { continue }
                    if model.measure(TerminalText.width(of: label.text), in: column.identifier) { grew = true }
                }
            }
            guard grew else { break }
            model.layOut(room: room)
            // Wider columns may push the cursor's column out of view.
            keepCursorColumnShown()
            layout = model.layout ?? model.layOut(room: room)
        }
        let focused = showsFocusedCursor
        let cursor = state.cursor
        let inset = columnLeadingInset
        for (item, cell) in onScreen where !item.isHeader {
            let isCursorRow = cursor.map { $0.section == item.section && $0.row == item.row } ?? false
            let marks = columnCursorMarks(isCursorRow: isCursorRow, focused: focused, cellStyle: cell.selectionStyle)
            let placement = ColumnCellPlacement(
                columns: columns, layout: layout, inset: inset, shape: model.shape, cursorIndex: marks.index,
                cursorStyle: marks.style, rowStyle: marks.row)
            cell.columnPlacement = placement
        }
    }

    /// Asks a column data source for the text of the shown columns (made in code) that a row's cell was not
    /// asked for yet.
    private func fillShownColumns(_ layout: ColumnLayout, from source: TableViewColumnDataSource) {
        let columns = columnModel.columns
        for (item, cell) in onScreen where !item.isHeader {
            guard let indexPath = item.indexPath, cell.reuseIdentifier == TableView.columnCellIdentifier else {
                continue
            }
            for (index, placement) in layout.placements.enumerated() where placement != nil {
                let column = columns[index]
                guard column.tag == 0, !cell.columnState.filled.contains(column.identifier) else { continue }
                cell.setText(source.tableView(self, textFor: column, at: indexPath), forColumn: column.identifier)
                cell.columnState.filled.insert(column.identifier)
            }
        }
    }
}
