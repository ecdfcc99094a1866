import TableViewerKit
import TermTable

/// `tv`'s screen: a table file as a grid on the toolkit's column model (a header that stays, the first column frozen
/// on `!`, a cell cursor, the sort's ▲/▼), a status line, and two sheets pushed over it as screens of their own
/// (``recordScreen``, Enter; ``frequencyScreen``, `F`), which Esc pops back to the grid as it was left: cursor cell,
/// sort and scroll. Every key is an ``/TermTable/AppAction`` (``appActions``, ``gridActions``): the help box, the
/// hints, `tv --keys`, a `keys.conf` and the command palette work from them.
///
/// Rows come from a ``/TableViewerKit/TableFile``: the file is mapped, the first screen's
/// rows are indexed and typed at once, and the rest is indexed (and the columns typed
/// from 1,000 rows) on a thread of its own after the first frame; the grid shows the
/// rows indexed so far (a timer appends them every 50 ms, the status line says how far
/// it is), so the first screen and every key are answered while it loads. A row's fields are read from the mapping only
/// when it is drawn, and only the columns on screen are asked
/// (``/TermTable/TableViewColumnDataSource``). Sorting (`[`/`]`, a click on a title)
/// sets the table's ``/TermTable/TableView/sortDescriptors`` and runs the kit's radix
/// sort on a thread of its own; counting (`F`) too; both come back on the main queue.
@MainActor
public final class TableViewer: TableViewColumnDataSource, TableViewDelegate {
    /// Which sheet shows.
    public enum Sheet: Sendable, Equatable {
        /// The grid.
        case grid
        /// A row as a record (the row in the file).
        case record(Int)
        /// A column's frequency sheet.
        case frequency
    }

    /// The file.
    public let file: TableFile
    /// The grid: one column a file column, the cursor a cell.
    public let table = TableView()
    /// The top line: the file, rows, columns.
    public let titleBar = Label()
    /// The bottom line: where the cursor is, loading, sorting, messages.
    public let statusLine = Label()
    /// The record sheet (Enter).
    public let record = RecordSheet()
    /// The record sheet's text.
    public var recordView: TextView { record.textView }
    /// The frequency sheet: value, count, percent, a bar.
    public let frequencyTable = TableView()
    /// The grid's screen (the root screen's view).
    public let root: VStack
    /// The record sheet's screen: a breadcrumb, the record, a status line.
    public var recordScreen: AppScreen { record.screen }
    /// The frequency sheet's screen: a breadcrumb, the values counted, a status line.
    public let frequencyScreen: AppScreen
    /// The record sheet's bottom line.
    public var recordStatusLine: Label { record.statusLine }
    /// The frequency sheet's bottom line.
    public let frequencyStatusLine = Label()
    /// The app's actions (help, quit), in force on every screen.
    public private(set) var appActions: [AppAction] = []
    /// The grid's actions (sort, find, count, freeze), the root screen's.
    public private(set) var gridActions: [AppAction] = []
    /// The app, once installed.
    public internal(set) weak var app: Application?

    /// Each file column's type: from the first screen's rows, then (``typesAreFinal``) from the first 1,000 rows.
    public internal(set) var types: [ColumnType]
    /// True once ``types`` come from the first 1,000 rows (or from every row of a shorter file): sorts wait for it.
    public internal(set) var typesAreFinal: Bool
    /// The grid's column identifiers, one a file column (`0`, `1`, …: a header may repeat a name).
    let identifiers: [String]
    let columnIndex: [String: Int]
    /// The cursor's row in the grid, nil before it has one.
    public internal(set) var cursorRow: Int?
    /// The row (in the file) the record sheet shows.
    var recordRow = 0
    /// The grid's order: grid row to file row (nil: the file's order).
    public internal(set) var order: [UInt32]?
    /// The sort in force (the grid's order), empty for the file's order.
    public internal(set) var sortKeys: [SortKey] = []
    /// The rows the grid shows.
    public internal(set) var rowCount = 0
    /// True once the file is indexed.
    public internal(set) var isLoaded = false
    /// True while a sort runs.
    public internal(set) var isSorting = false
    /// A sort asked for while the index was still growing, or while another ran: run when it can.
    var pendingSort: [SortKey]?
    /// The counted values shown by the frequency sheet.
    public internal(set) var frequency: FrequencySheet?
    /// The last find's query.
    public internal(set) var findQuery = ""
    /// The last thing that happened, for the status line.
    public internal(set) var message: String? {
        didSet { if let message, message != oldValue { app?.announce(message) } }  // a screen reader hears it
    }
    /// How long the index took, once done.
    public internal(set) var loadMilliseconds: Int?
    var loadStart = ContinuousClock.now
    var loadTimer: Int?
    /// True once the index thread was started (after the first frame).
    var loadingStarted = false
    /// Called on the index thread before it indexes past the first screen (tests hold the index back with it).
    let beforeIndexing: @Sendable () -> Void
    let cancellation = Cancellation()
    /// Rows read recently: file row to fields.
    var rowCache: [Int: [String]] = [:]
    var markedRows: Set<Int> = []

    /// The widest a column is made from its content (a longer cell is cut).
    public static let maximumColumnWidth = 32

    /// The rows the column types are taken from once the first frame is drawn.
    nonisolated public static let profileRows = 1000

    /// A viewer of `file` whose first screen shows `screenRows` rows: indexes and types that many rows here (the
    /// first frame needs no more; widths: the toolkit's fit-content columns, from the rows shown), and, once
    /// installed and the first frame drawn, the rest on a thread of its own (``startLoading()``), calling
    /// `beforeIndexing` there first.
    public init(file: TableFile, screenRows: Int = 100, beforeIndexing: @escaping @Sendable () -> Void = {}) {
        self.file = file
        self.beforeIndexing = beforeIndexing
        let firstRows = max(1, screenRows)
        file.buildIndex(recordLimit: firstRows, cancellation: cancellation)
        types = file.profileColumns(sampleRows: firstRows).map(\.type)
        // A file whose rows all fit on the first screen was typed from all of them.
        typesAreFinal = file.progress.isComplete
        identifiers = file.columns.indices.map { String($0) }
        columnIndex = Dictionary(uniqueKeysWithValues: identifiers.enumerated().map { ($0.element, $0.offset) })
        root = VStack([titleBar, .fill(table), statusLine])
        frequencyScreen = AppScreen(
            VStack([Breadcrumb(), .fill(frequencyTable), frequencyStatusLine]), title: "frequency")
        titleBar.textStyle = .bold
        for line in [statusLine, frequencyStatusLine] { line.textStyle = .dim }
        table.tableColumns = file.columns.enumerated().map { index, name in
            TableColumn(
                identifiers[index], title: name, maximumWidth: Self.maximumColumnWidth,
                valueType: Self.valueType(index < types.count ? types[index] : .text))
        }
        table.cursorShape = .cell
        table.dataSource = self
        table.delegate = self
        table.keyBindings[.escape] = nil
        table.keyBindings[.space] = nil
        frequencyTable.dataSource = self
        frequencyTable.delegate = self
        frequencyTable.keyBindings[.escape] = nil
        frequencyTable.keyBindings[.space] = nil
        rowCount = file.rowCount
        isLoaded = file.progress.isComplete
        table.reloadData()
        if rowCount > 0 { setCursor(row: 0) }
        appActions = Self.appActions { [weak self] in self }
        gridActions = Self.gridActions { [weak self] in self }
        updateBars()
    }

    /// The column model's value type of a kit column type (a date with a time is a date; numbers right-aligned).
    nonisolated public static func valueType(_ type: ColumnType) -> ColumnValueType { type.valueType }

    /// The cursor's column (a file column).
    public var cursorColumn: Int { table.cursorColumn ?? 0 }

    /// Stops the background work (the index, a sort).
    public func stop() { cancellation.cancel() }

    // MARK: Rows

    /// The file row of grid row `row`.
    public func fileRow(_ row: Int) -> Int {
        guard let order, row < order.count else { return row }
        return Int(order[row])
    }

    /// The fields of grid row `row` (read from the mapping, kept while it is on screen).
    public func fields(ofRow row: Int) -> [String] {
        let source = fileRow(row)
        if let cached = rowCache[source] { return cached }
        if rowCache.count > 1024 { rowCache.removeAll(keepingCapacity: true) }
        let read = file.row(source)
        if TablePrinter.problem(of: read) != nil { markedRows.insert(source) }
        rowCache[source] = read.fields
        return read.fields
    }

    /// True when grid row `row` has a problem (ragged, a quote, invalid UTF-8): its first cell is in the theme's error colour.
    func rowIsMarked(_ row: Int) -> Bool { markedRows.contains(fileRow(row)) }

    /// Moves the grid's cursor to `row` (scrolling it into view) without telling the delegate.
    func setCursor(row: Int?) {
        cursorRow = row
        table.setCursor(row.map { IndexPath(row: $0, section: 0) }, notify: false)
    }

    // MARK: TableViewColumnDataSource

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        tableView === frequencyTable ? frequency?.counts.count ?? 0 : rowCount
    }

    public func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        if tableView === frequencyTable {
            guard let frequency, indexPath.row < frequency.counts.count else { return StyledText("") }
            let width = tableView.frameOfColumn(3).map(\.width) ?? 20
            return StyledText(frequency.text(ofRow: indexPath.row, column: column.identifier, barWidth: width))
        }
        guard let index = columnIndex[column.identifier], indexPath.row < rowCount else { return StyledText("") }
        let fields = fields(ofRow: indexPath.row)
        let text = index < fields.count ? fields[index] : ""
        if index == 0, rowIsMarked(indexPath.row) { return StyledText(text, style: Style(role: .error)) }
        return StyledText(text)
    }

    // MARK: TableViewDelegate

    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        guard tableView === table else { return }
        cursorRow = indexPath.row
        message = nil
        updateBars()
    }

    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        guard tableView === table else { return }
        openRecord(atRow: indexPath.row)
    }

    public func tableView(_ tableView: TableView, didMoveCursorToColumn column: TableColumn) {
        guard tableView === table else { return }
        message = nil
        updateBars()
    }

    /// A sort key, `[`/`]`, or a click on a title: the kit's sort by the table's descriptors.
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        guard tableView === table else { return }
        sort(
            by: tableView.sortDescriptors.compactMap { descriptor in
                columnIndex[descriptor.column].map { SortKey(column: $0, ascending: descriptor.ascending) }
            })
    }

    // MARK: Bars

    /// The title bar and the status line.
    public func updateBars() {
        let name = TableText.printable(file.file.path)
        var title = "tv · \(name) · \(grouped(rowCount)) rows"
        if !isLoaded { title += " so far" }
        title += " × \(file.columns.count) columns"
        let issues = file.issueCount
        if issues > 0 { title += " · \(grouped(issues)) \(issues == 1 ? "row with a problem" : "rows with problems")" }
        titleBar.text = title
        var status: [String] = []
        let sheet = self.sheet
        switch sheet {
        case .grid:
            if let cursorRow { status.append("row \(grouped(cursorRow + 1))/\(grouped(rowCount))") }
            if cursorColumn < file.columns.count {
                let type = cursorColumn < types.count ? types[cursorColumn] : .text
                status.append("\(TerminalText.sanitize(file.columns[cursorColumn])) (\(type.rawValue))")
            }
        case .record(let row): status.append("record of row \(grouped(row + 1))")
        case .frequency:
            if let frequency {
                status.append("\(grouped(frequency.counts.count)) values of \(grouped(frequency.total)) rows")
            }
        }
        if !isLoaded {
            status.append("loading \(Int(file.progress.fraction * 100))%")
        } else if let loadMilliseconds {
            status.append("loaded in \(grouped(loadMilliseconds)) ms")
        }
        if isSorting { status.append("sorting…") }
        if let message { status.append(message) }
        status.append(keyHints)
        let text = status.joined(separator: " · ")
        switch sheet {
        case .grid: statusLine.text = text
        case .record: recordStatusLine.text = text
        case .frequency: frequencyStatusLine.text = text
        }
    }

    /// `12,345`.
    nonisolated func grouped(_ number: Int) -> String { number.grouped }
}
