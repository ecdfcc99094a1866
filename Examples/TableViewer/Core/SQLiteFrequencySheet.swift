import TableViewerSQLite
import TermTable

/// `F` on a SQLite grid: a column's values as counted in SQL (``/TableViewerSQLite/SQLiteFrequency``), shown as the
/// CSV grid's sheet shows them (``FrequencySheet``'s columns and rows: value, count, percent, a bar; the values past
/// the bound as "(other values)", the bound said in the title), on a screen pushed over the grid. NULL and BLOBs are
/// shown as the grid shows them. Enter on a value hands it to ``onChoose`` (the grid filters to it).
@MainActor
public final class SQLiteFrequencySheet: TableViewColumnDataSource, TableViewDelegate {
    /// The values counted.
    public let counted: SQLiteFrequency
    /// The sheet's table: value, count, %, a bar.
    public let table = TableView()
    /// The bottom line.
    public let statusLine = Label()
    /// The screen pushed over the grid.
    public let screen: AppScreen
    /// The rows as the CSV grid's sheet has them (the values' text, the other values' row).
    let sheet: FrequencySheet
    /// Enter on a value.
    let onChoose: @MainActor (SQLiteFrequency.Entry) -> Void

    /// The sheet of `counted`, the values of column `name`; Enter on a value calls `onChoose`.
    public init(
        column name: String, counted: SQLiteFrequency, onChoose: @escaping @MainActor (SQLiteFrequency.Entry) -> Void
    ) {
        self.counted = counted
        self.onChoose = onChoose
        var counts = counted.entries.map { (value: $0.value.displayText, count: $0.count) }
        let shown = counted.entries.reduce(0) { $0 + $1.count }
        if counted.total > shown { counts.append((FrequencySheet.otherValues, counted.total - shown)) }
        sheet = FrequencySheet(column: name, counts: counts, total: counted.total)
        var title = TerminalText.sanitize(name) + " counted"
        if counted.isCut {
            title += " (the \(counted.entries.count.grouped) most frequent of \(counted.distinct.grouped) values)"
        }
        screen = AppScreen(VStack([Breadcrumb(), .fill(table), statusLine]), title: title)
        statusLine.textStyle = .dim
        statusLine.text =
            "\(counted.distinct.grouped) values of \(counted.total.grouped) rows · Enter filters the grid to the value"
            + " · Esc back"
        table.tableColumns = FrequencySheet.tableColumns(title: name)
        table.dataSource = self
        table.delegate = self
        table.keyBindings[.escape] = nil
        table.keyBindings[.space] = nil
        table.reloadData()
        if !counts.isEmpty { table.setCursor(IndexPath(row: 0, section: 0), notify: false) }
    }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sheet.counts.count }

    public func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        guard indexPath.row < sheet.counts.count else { return StyledText("") }
        if column.identifier == "value", indexPath.row < counted.entries.count {
            let value = counted.entries[indexPath.row].value
            return value == .text("") ? StyledText("(empty)", style: .dim) : SQLiteViewer.cellText(value)
        }
        if column.identifier == "value", indexPath.row == counted.entries.count {
            return StyledText(FrequencySheet.otherValues, style: .dim)
        }
        let width = tableView.frameOfColumn(3).map(\.width) ?? 20
        return StyledText(sheet.text(ofRow: indexPath.row, column: column.identifier, barWidth: width))
    }

    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        guard indexPath.row < counted.entries.count else { return }
        onChoose(counted.entries[indexPath.row])
    }
}

extension Int {
    /// `12,345`.
    var grouped: String {
        let digits = Array(String(self))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
