import TermTableCore

/// A data source that keeps its rows in the table's sort order (a diffable one with a sort key).
@MainActor
protocol TableSortingDataSource: AnyObject {
    /// True when it sorts its rows by the table's ``TableView/sortDescriptors``.
    var sortsItems: Bool { get }
    /// The table's sort descriptors changed: put the rows in the new order.
    func tableViewSortDescriptorsDidChange(_ tableView: TableView)
}

extension TableView {
    /// The most levels ``sortByColumn(_:ascending:)`` keeps (the new one and two before it).
    static let sortLevelLimit = 3

    /// The columns a sort index counts in (``sortByColumn(_:ascending:)``, header clicks, the sort keys): the
    /// table's ``tableColumns``, else (a header built from a template) the header's columns.
    var sortableColumns: [TableColumn] { tableColumns.isEmpty ? columnHeader?.columns ?? [] : tableColumns }

    /// True when a click on a column title changes ``sortDescriptors``: the table has ``tableColumns`` (the app
    /// sorts in ``TableViewDelegate/tableView(_:sortDescriptorsDidChange:)``, as with NSTableView) or the data
    /// source sorts the rows itself (a diffable one with a ``TableViewDiffableDataSource/sortKey``). A table whose
    /// header comes from a template and whose app sorts in ``TableViewDelegate/tableView(_:didSelectColumn:)``
    /// keeps that: the click only tells the delegate.
    var headerClickSorts: Bool {
        !columnModel.columns.isEmpty || (dataSource as? TableSortingDataSource)?.sortsItems == true
    }

    /// Sorts by the column at `index` (in the header's columns) in the given direction: it becomes the first
    /// level of ``sortDescriptors``, the levels before it follow (at most three in all, the column once).
    ///
    /// The column's ``TableColumn/sortDescriptorPrototype`` names what is sorted by (its own identifier when it
    /// has none). An index out of range does nothing.
    public func sortByColumn(_ index: Int, ascending: Bool) {
        let columns = sortableColumns
        guard columns.indices.contains(index) else { return }
        let column = columns[index]
        let key = column.sortDescriptorPrototype?.column ?? column.identifier
        let first = TableSortDescriptor(column: key, ascending: ascending)
        sortDescriptors = [first] + sortDescriptors.filter { $0.column != key }.prefix(Self.sortLevelLimit - 1)
    }

    /// Sorts by the column with `identifier` (``TableColumn/identifier``) as ``sortByColumn(_:ascending:)``
    /// does, in the given direction, or (nil) in the direction of its ``TableColumn/sortDescriptorPrototype``
    /// (ascending without one), as a first click on its title does. A column that is not there does nothing.
    public func sortByColumn(withIdentifier identifier: String, ascending: Bool? = nil) {
        guard let index = sortableColumns.firstIndex(where: { $0.identifier == identifier }) else { return }
        sortByColumn(index, ascending: ascending ?? sortableColumns[index].sortDescriptorPrototype?.ascending ?? true)
    }

    /// A click on a sortable column's title: not sorted by it yet, sorted in its prototype's direction;
    /// sorted by it, reversed.
    func cycleSort(by column: TableColumn) {
        guard headerClickSorts, let prototype = column.sortDescriptorPrototype,
            let index = sortableColumns.firstIndex(of: column)
        else { return }
        if let first = sortDescriptors.first, first.column == prototype.column {
            sortByColumn(index, ascending: !first.ascending)
        } else {
            sortByColumn(index, ascending: prototype.ascending)
        }
    }

    /// ``TableCommand/sortAscending`` and ``TableCommand/sortDescending``: the cursor's column (cell and column
    /// shape), else the first sorted column, else the first sortable one, sorted in that direction; false when no
    /// column can be sorted.
    func performSort(ascending: Bool) -> Bool {
        let columns = sortableColumns
        if let cursor = cursorColumn, columns.indices.contains(cursor), columns[cursor].sortDescriptorPrototype != nil {
            sortByColumn(cursor, ascending: ascending)
            return true
        }
        let sorted = sortDescriptors.first.flatMap { first in
            columns.firstIndex { $0.sortDescriptorPrototype?.column == first.column }
        }
        guard let index = sorted ?? columns.firstIndex(where: { $0.sortDescriptorPrototype != nil }) else {
            return false
        }
        sortByColumn(index, ascending: ascending)
        return true
    }

    /// The first level's column, when its width comes from its content (fit content, fraction), grows to show its
    /// title and the indicator (`▲ SIZE`) rather than cut the title (`▲ SIZ`); a fixed column keeps its width.
    func makeRoomForTheSortIndicator() {
        guard let first = sortDescriptors.first,
            let column = columnModel.columns.first(where: { $0.sortDescriptorPrototype?.column == first.column })
        else { return }
        if case .fixed = column.width { return }
        let width = TerminalText.width(of: column.title) + 2
        if columnModel.measure(width, in: column.identifier) { columnsDidChange() }
    }

    /// After ``sortDescriptors`` changed: the header shows the first level, the data source re-sorts, the
    /// delegate hears it.
    func sortDescriptorsChanged(from old: [TableSortDescriptor]) {
        guard sortDescriptors != old else { return }
        columnHeader?.sort = sortDescriptors.first?.indicator
        makeRoomForTheSortIndicator()
        (dataSource as? TableSortingDataSource)?.tableViewSortDescriptorsDidChange(self)
        delegate?.tableView(self, sortDescriptorsDidChange: old)
    }
}
