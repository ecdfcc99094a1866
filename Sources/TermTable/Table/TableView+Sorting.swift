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
    /// table's ``tableColumns``, or a template header's columns when it has none.
    var sortableColumns: [TableColumn] { tableColumns.isEmpty ? columnHeader?.columns ?? [] : tableColumns }

    /// True when a click on a column title changes ``sortDescriptors``: the data source sorts the rows itself (a
    /// diffable one with a ``TableViewDiffableDataSource/sortKey``). A table whose app sorts in
    /// ``TableViewDelegate/tableView(_:didSelectColumn:)`` keeps that: the click only tells the delegate.
    var headerClickSorts: Bool { (dataSource as? TableSortingDataSource)?.sortsItems == true }

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

    /// ``TableCommand/sortAscending`` and ``TableCommand/sortDescending``: the first sorted column, else the first
    /// sortable one, sorted in that direction; false when no column can be sorted.
    func performSort(ascending: Bool) -> Bool {
        let columns = sortableColumns
        let sorted = sortDescriptors.first.flatMap { first in
            columns.firstIndex { $0.sortDescriptorPrototype?.column == first.column }
        }
        guard let index = sorted ?? columns.firstIndex(where: { $0.sortDescriptorPrototype != nil }) else {
            return false
        }
        sortByColumn(index, ascending: ascending)
        return true
    }

    /// After ``sortDescriptors`` changed: the header shows the first level, the data source re-sorts, the
    /// delegate hears it.
    func sortDescriptorsChanged(from old: [TableSortDescriptor]) {
        guard sortDescriptors != old else { return }
        columnHeader?.sort = sortDescriptors.first?.indicator
        (dataSource as? TableSortingDataSource)?.tableViewSortDescriptorsDidChange(self)
        delegate?.tableView(self, sortDescriptorsDidChange: old)
    }
}
