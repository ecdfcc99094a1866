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
        tableView.registerColumnCellIfNeeded()
        let cell = tableView.dequeueReusableCell(withIdentifier: TableView.columnCellIdentifier, for: indexPath)
        cell.columnState.filled.removeAll(keepingCapacity: true)
        for column in tableView.columnsToAsk {
            cell.setText(self.tableView(tableView, textFor: column, at: indexPath), forColumn: column.identifier)
            cell.columnState.filled.insert(column.identifier)
        }
        return cell
    }
}
