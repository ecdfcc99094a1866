import TermTableCore
import TermTableLayout

extension TableView {
    /// The reuse identifier of the table's built-in column cell: a ``TableViewCell`` with one
    /// ``/TermTableCore/Label`` per column, which a ``TableViewColumnDataSource`` fills by default.
    public static let columnCellIdentifier = "TermTable.columnCell"

    /// The table's columns, in display order, hidden ones included; empty (the default) for a table drawn as
    /// before: whole rows, no header built from columns.
    ///
    /// With columns, the table shows a header row of their titles (``showsColumnHeader``), lays the columns out
    /// at every width, scrolls them sideways by whole column (the first ``frozenColumnCount`` kept) and places
    /// each row's cells at their frames: a cell subview whose tag is a column's ``TableColumn/tag``, or the
    /// cell's label for a column made in code (`TableViewCell.setText(_:forColumn:)`). Setting columns with
    /// an identifier used twice keeps the first.
    public var tableColumns: [TableColumn] {
        get { columnModel.columns }
        set {
            var seen: Set<String> = []
            columnModel.columns = newValue.filter { seen.insert($0.identifier).inserted }
            columnsDidChange()
        }
    }

    /// Appends `column`, or replaces the column with the same identifier where it stands.
    public func addTableColumn(_ column: TableColumn) {
        if let index = columnModel.index(of: column.identifier) {
            columnModel.columns[index] = column
        } else {
            columnModel.columns.append(column)
        }
        columnsDidChange()
    }

    /// Removes the column with `identifier` (nothing when there is none).
    public func removeTableColumn(withIdentifier identifier: String) {
        guard let index = columnModel.index(of: identifier) else { return }
        columnModel.columns.remove(at: index)
        columnsDidChange()
    }

    /// Moves the column at `oldIndex` to `newIndex` (indices in ``tableColumns``; out of range: nothing).
    public func moveColumn(_ oldIndex: Int, toColumn newIndex: Int) {
        let columns = columnModel.columns
        guard columns.indices.contains(oldIndex), columns.indices.contains(newIndex), oldIndex != newIndex else {
            return
        }
        columnModel.columns.insert(columnModel.columns.remove(at: oldIndex), at: newIndex)
        columnsDidChange()
    }

    /// Replaces the column with `column`'s identifier (its title, width, hidden state...); nothing when
    /// there is none.
    public func updateTableColumn(_ column: TableColumn) {
        guard let index = columnModel.index(of: column.identifier), columnModel.columns[index] != column else { return }
        columnModel.columns[index] = column
        columnsDidChange()
    }

    /// The index in ``tableColumns`` of the column with `identifier`.
    public func column(withIdentifier identifier: String) -> Int? { columnModel.index(of: identifier) }

    /// The column with `identifier`.
    public func tableColumn(withIdentifier identifier: String) -> TableColumn? {
        columnModel.index(of: identifier).map { columnModel.columns[$0] }
    }

    /// The frame of the column at `index` in a row: x and width in the table's coordinates, y 0 and height 1
    /// (a row's first line); nil when the column does not show (hidden, scrolled out, no room).
    public func frameOfColumn(_ index: Int) -> Rect? {
        guard columnModel.columns.indices.contains(index) else { return nil }
        layoutIfNeeded()
        guard let layout = columnModel.layout, index < layout.placements.count,
            let placement = layout.placements[index]
        else { return nil }
        return Rect(x: columnLeadingInset + placement.x, y: 0, width: placement.width, height: 1)
    }

    /// Measures the fit-content columns again: forgets the widths measured so far, and, with a
    /// ``TableViewColumnDataSource``, asks a sample of rows again (call it after ``reloadData()`` when the
    /// content got narrower).
    public func resetColumnWidths() {
        columnModel.measured.removeAll()
        sampleColumnWidths()
        columnsDidChange()
    }

    /// The first this many shown columns stay at the left while the others scroll sideways (default 0).
    ///
    /// Frozen columns keep at most two thirds of the view: a frozen column that would end past that scrolls
    /// with the others, so that a scrolled column always shows.
    public var frozenColumnCount: Int {
        get { columnModel.frozenCount }
        set {
            guard max(0, newValue) != columnModel.frozenCount else { return }
            columnModel.frozenCount = max(0, newValue)
            columnsDidChange()
        }
    }

    /// The index (in ``tableColumns``) of the first unfrozen column shown while the columns are wider than the
    /// view; moved on to the next column that shows when set to a hidden or frozen one.
    public var firstScrolledColumn: Int {
        get { columnModel.firstScrolled }
        set {
            let value = max(0, min(newValue, max(0, columnModel.columns.count - 1)))
            guard value != columnModel.firstScrolled || columnModel.innerOffset != 0 else { return }
            columnModel.firstScrolled = value
            columnModel.innerOffset = 0
            columnsDidScroll()
        }
    }

    /// Show the header row built from ``tableColumns`` (default true; the table makes it as a
    /// ``ColumnHeaderView`` and keeps it up to date, unless the app set its own ``columnHeader``).
    public var showsColumnHeader: Bool {
        get { columnModel.showsHeader }
        set {
            guard newValue != columnModel.showsHeader else { return }
            columnModel.showsHeader = newValue
            columnsDidChange()
        }
    }

    // MARK: The table's hooks

    /// The columns left of the columns' content: the mark column in multiple selection.
    var columnLeadingInset: Int { showsMarkColumn && selectionMode == .multiple ? 2 : 0 }

    /// The room the columns have: the rows' width less the mark column.
    var columnRoom: Int { max(0, contentWidth - columnLeadingInset) }

    /// The columns a ``TableViewColumnDataSource`` is asked for: those shown in the last layout (all shown
    /// ones before the first).
    var columnsToAsk: [TableColumn] {
        let columns = columnModel.columns
        guard let layout = columnModel.layout, layout.placements.count == columns.count else {
            return columns.filter { !$0.isHidden }
        }
        var asked: [TableColumn] = []
        for (index, placement) in layout.placements.enumerated() where placement != nil { asked.append(columns[index]) }
        return asked
    }

    /// Registers the built-in column cell (``TableView/columnCellIdentifier``) unless it is.
    func registerColumnCellIfNeeded() {
        if reuse.cellClasses[TableView.columnCellIdentifier] == nil {
            register(TableViewCell.self, forCellReuseIdentifier: TableView.columnCellIdentifier)
        }
    }

    /// After the columns or their settings changed: the header follows, the cursor's column stays valid, the
    /// rows are laid out and asked again.
    func columnsDidChange() {
        let model = columnModel
        if !model.columns.isEmpty { registerColumnCellIfNeeded() }
        if columnHeader == nil || columnHeader === model.ownHeader {
            if model.columns.isEmpty {
                columnHeader = nil
            } else if let header = model.ownHeader, header === columnHeader {
                header.setColumns(model.columns)
            } else {
                let header = ColumnHeaderView(columns: model.columns)
                header.sort = sortDescriptors.first?.indicator
                model.ownHeader = header
                columnHeader = header
            }
        }
        if let header = columnHeader, header === model.ownHeader { header.isHidden = !model.showsHeader }
        if let identifier = model.cursorColumn, model.index(of: identifier) == nil { model.cursorColumn = nil }
        if model.shape != .row, model.cursorColumn == nil {
            model.cursorColumn = model.columns.first { !$0.isHidden }?.identifier
        }
        model.firstScrolled = min(model.firstScrolled, max(0, model.columns.count - 1))
        model.layout = nil
        warnAboutCutTitles()
        // The rows are asked again: an app's own cells may show other views for the new columns.
        for item in visibleCells.keys { measurements.staleItems.insert(item) }
        columnsDidScroll()
    }

    /// After the columns scrolled sideways: every row is placed again (a column data source is asked for the
    /// columns that now show, see `placeColumns`).
    func columnsDidScroll() {
        painter.forgetDrawing()
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Asks a ``TableViewColumnDataSource`` for the text of up to 100 rows spread over the table, for the
    /// fit-content columns' widths (never every row).
    func sampleColumnWidths() {
        guard !columnModel.columns.isEmpty, let source = columnDataSource else { return }
        let total = metrics.totalRows
        guard total > 0 else { return }
        let columns = columnModel.columns.filter {
            if case .fixed = $0.width { return false }
            return !$0.isHidden
        }
        guard !columns.isEmpty else { return }
        let samples = min(total, 100)
        for sample in 0..<samples {
            let global = samples == total ? sample : sample * (total - 1) / max(1, samples - 1)
            guard let indexPath = metrics.indexPath(forGlobalRow: global) else { continue }
            for column in columns {
                let text = source.tableView(self, textFor: column, at: indexPath)
                _ = columnModel.measure(TerminalText.width(of: text.string), in: column.identifier)
            }
        }
    }

    /// Warnings about the columns found in debug builds (nothing in release builds), oldest first: a column
    /// title wider than its column can ever be (a fixed width or a maximum narrower than the title) is cut
    /// in the header. Read them in tests or a debug log; the terminal belongs to the table.
    public var columnWarnings: [String] { columnModel.warnings }

    /// In debug builds, records once per column a title wider than its column can ever be (a fixed width or a
    /// maximum narrower than the title): the title is cut in the header.
    func warnAboutCutTitles() {
        #if DEBUG
            for column in columnModel.columns where !columnModel.warnedTitles.contains(column.identifier) {
                let title = TerminalText.width(of: column.title)
                var limit = column.maximumWidth ?? Int.max
                if case .fixed(let width) = column.width { limit = min(limit, width) }
                guard title > limit else { continue }
                columnModel.warnedTitles.insert(column.identifier)
                columnModel.warnings.append(
                    "column \"\(column.identifier)\": its title \"\(column.title)\" is \(title) columns wide, "
                        + "its column at most \(limit): the title is cut")
            }
        #endif
    }
}
