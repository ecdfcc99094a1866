import TermTableCore

/// A data source that gives a table with ``TableView/tableColumns`` the text of each cell: the easy way to fill
/// columns, and the fast one (only the columns on screen are asked).
///
/// Its default ``TableViewDataSource/tableView(_:cellForRowAt:)`` dequeues the table's built-in column cell
/// (``TableView/columnCellIdentifier``) and sets one label per column shown; implement that method yourself
/// to use your own cells. The text also sizes the fit-content columns: the rows drawn, and a sample of up to
/// 100 rows asked at each reload.
///
/// ```swift
/// final class Files: TableViewColumnDataSource {
///     var rows: [[String: String]] = []
///     func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
///     func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
///         StyledText(rows[indexPath.row][column.identifier] ?? "")
///     }
/// }
/// ```
@MainActor
public protocol TableViewColumnDataSource: TableViewDataSource {
    /// The text of the row at `indexPath` in `column`.
    func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText
}

extension TableViewColumnDataSource {
    /// The table's built-in column cell, with the text of every column shown.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.columnCell(at: indexPath) { self.tableView(tableView, textFor: $0, at: indexPath) }
    }
}

/// A data source that is a ``TableViewColumnDataSource`` only when set up so (a diffable one made with
/// `columnText`).
@MainActor
protocol ColumnTextOptional: AnyObject {
    /// True when the data source gives text per column.
    var providesColumnText: Bool { get }
}

extension TableView {
    /// The data source as a column data source: nil when it is not one, or one not set up to give text per column.
    var columnDataSource: TableViewColumnDataSource? {
        guard let source = dataSource as? TableViewColumnDataSource else { return nil }
        if let optional = source as? ColumnTextOptional, !optional.providesColumnText { return nil }
        return source
    }

    /// The built-in column cell for the row at `indexPath`, with `text` of each column shown.
    func columnCell(at indexPath: IndexPath, text: (TableColumn) -> StyledText) -> TableViewCell {
        registerColumnCellIfNeeded()
        let cell = dequeueReusableCell(withIdentifier: TableView.columnCellIdentifier, for: indexPath)
        cell.columnState.filled.removeAll(keepingCapacity: true)
        for column in columnsToAsk {
            cell.setText(text(column), forColumn: column.identifier)
            cell.columnState.filled.insert(column.identifier)
        }
        return cell
    }
}
