import TableViewerSQLite
import TermTable

/// `tv FILE.sqlite TABLE` (and `--query`): a SQLite table, view or read-only query as a grid that never holds it.
///
/// The grid is the toolkit's column model over a source that answers later (``/TermTable/TableViewDataSourcePrefetching``):
/// rows are read a page of ``pageSize`` at a time on a thread of their own by the kit's
/// ``/TableViewerSQLite/SQLiteTableReader`` (keyset pages on its own connection), kept in a bounded cache
/// (``cacheLimit`` rows) and put in with ``/TermTable/TableView/reconfigureRows(at:)``; the table draws placeholders
/// meanwhile. The count is `COUNT(*)` on a second connection (a filter's reads its first 65,537 matching rowids, kept
/// to narrow a longer query, then counts the rest), estimated until it is known
/// (``/TermTable/TableViewDataSource/rowCountIsEstimated(in:)``). `[`/`]` sort by the cursor's column and `/` filters it
/// in SQL (`ORDER BY`, `LIKE`); each new order interrupts the queries of the one before (`sqlite3_interrupt`), and Esc
/// stops what runs.
@MainActor
public final class SQLiteViewer: TableViewColumnDataSource, TableViewDataSourcePrefetching, TableViewDelegate {
    /// The rows a page holds (a read, a cache unit).
    public static let pageSize = 64
    /// The most rows kept: past it, the pages farthest from the cursor go.
    public static let cacheLimit = 4096

    /// What is shown (a table's name, or the query).
    public let source: SQLiteSource
    /// The columns (the reader's: at most ``/TableViewerSQLite/SQLiteTableReader/columnLimit``).
    public let columns: [SQLiteColumn]
    /// How many columns the table has (more than ``columns`` past the limit).
    public let totalColumnCount: Int
    /// The grid.
    public let table = TableView()
    /// The top line: the file, the table, rows and columns, the order.
    public let titleBar = Label()
    /// The bottom line: the cursor, what runs, messages, keys.
    public let statusLine = Label()
    /// The screen's view.
    public let root: VStack
    /// The grid's actions (sort, filter, stop, reload).
    public private(set) var actions: [AppAction] = []
    /// The app, once installed.
    public internal(set) weak var app: Application?
    /// The screen the grid is on, once installed (Esc stops queries on it while they run).
    weak var screen: AppScreen?
    /// The file's path, for the title.
    let path: String

    /// The page reader, used on page threads one at a time.
    let reader: Locked<SQLiteTableReader>
    /// The connection the pages are read on (interrupted when the order changes or on Esc).
    let pageDatabase: SQLiteDatabase
    /// The connection the count runs on, used by one count thread at a time.
    let countDatabase: Locked<SQLiteDatabase>
    /// Stops the queries of the order shown (cancelled by a new order, Esc, leaving).
    var cancellation = SQLiteCancellation()

    /// The order and filter shown.
    public internal(set) var order = SQLiteOrder()
    /// Bumped by each new order, reload or stop: answers of an older one are dropped.
    var generation = 0
    /// The rows at hand, by row (at most ``cacheLimit``).
    public internal(set) var rows: [Int: SQLiteRow] = [:]
    /// Pages asked and not answered.
    var pagesInFlight: Set<Int> = []
    /// Pages whose read was stopped or failed: shown as such until reloaded.
    var failedPages: Set<Int> = []
    /// The rows the grid has.
    public internal(set) var rowCount = 0
    /// True once the count is `COUNT(*)`'s.
    public internal(set) var countIsExact = false
    /// True when ``rowCount`` came from the rowids (the end is then where reads from the end put it).
    var countIsRowidSpan = false
    /// True while the count runs.
    public internal(set) var isCounting = false
    /// True while the count waits for the first page (a filter or a query: a short first page is the count).
    var countIsPending = false
    /// How many counts (`COUNT(*)`) were started.
    public internal(set) var countsStarted = 0
    /// The last thing that happened.
    public internal(set) var message: String? {
        didSet { if let message, message != oldValue { app?.announce(message) } }  // a screen reader hears it
    }
    /// The last error a read gave.
    public internal(set) var lastError: SQLiteError?
    /// When the order now shown was asked for (its first page's time is told).
    var orderStarted = ContinuousClock.now
    /// True once the first page of the order shown came.
    var firstPageShown = false

    /// Enter's record sheet.
    public let record = RecordSheet()
    /// `F`'s sheet, while it is shown.
    public internal(set) var frequencySheet: SQLiteFrequencySheet?
    /// The last `/` query (`n`/`N` look for it; it stays when the filter is cleared).
    public internal(set) var lastQuery: (column: Int, text: String)?
    /// A reader on a third connection for `n`/`N` and `F` (so they never hold up a page or the count), opened the
    /// first time one runs.
    var jobReader: Locked<SQLiteTableReader>?
    /// Stops the job running (a newer one, Esc, a new order).
    var jobCancellation = SQLiteCancellation()
    /// Bumped by each job: the answers of an older one are dropped.
    var jobGeneration = 0
    /// True while `n`/`N` or `F` runs.
    public internal(set) var isSearching = false

    /// A viewer of `source` in the file at `path`: opens two read-only connections (pages, count) and reads the
    /// columns. Throws what the kit throws (an unknown table lists the tables; a query that writes is refused).
    public init(path: String, source: SQLiteSource) throws(SQLiteError) {
        self.path = path
        self.source = source
        pageDatabase = try SQLiteDatabase(path: path)
        countDatabase = Locked(try SQLiteDatabase(path: path))
        let reader = try SQLiteTableReader(database: pageDatabase, source: source)
        columns = reader.columns
        totalColumnCount = reader.totalColumnCount
        self.reader = Locked(reader)
        root = VStack([titleBar, .fill(table), statusLine])
        titleBar.textStyle = .bold
        statusLine.textStyle = .dim
        table.tableColumns = columns.enumerated().map { index, column in
            TableColumn(
                String(index), title: column.name, maximumWidth: TableViewer.maximumColumnWidth,
                valueType: column.affinity == .integer ? .integer : column.isNumeric ? .decimal : .text)
        }
        table.cursorShape = .cell
        table.dataSource = self
        table.delegate = self
        table.prefetchDataSource = self
        table.keyBindings[.escape] = nil
        table.keyBindings[.space] = nil
        actions = Self.actions { [weak self] in self }
        start(firstRows: 0)
    }

    /// A viewer that reads its first `firstRows` rows here, before the first frame (cheap for a table in its own
    /// order: one keyset page), and the rest as the table asks.
    public convenience init(path: String, source: SQLiteSource, firstRows: Int) throws(SQLiteError) {
        try self.init(path: path, source: source)
        if firstRows > 0, case .table = source { readFirstRows(firstRows) }
    }

    /// Binds the grid's actions to `screen` (the root screen, or the screen pushed from the table list) and keeps
    /// `app`.
    public func install(in app: Application, screen: AppScreen) {
        self.app = app
        app.announcementView = statusLine
        self.screen = screen
        app.focus(table)
        updateBars()
    }

    /// True while a query runs (the count, a page): Esc then stops them instead of going back.
    public var isRunning: Bool { isCounting || !pagesInFlight.isEmpty || isSearching }

    /// The screen's actions: the grid's, and Esc while a query runs.
    func refreshActions() {
        guard let screen else { return }
        let running = isRunning
        guard screen.actions.count != actions.count + (running ? 1 : 0) else { return }
        screen.actions = actions + (running ? [Self.stopAction { [weak self] in self }] : [])
    }

    /// Esc while a query runs: stop the queries (bound only then, so Esc goes back otherwise).
    static func stopAction(on viewer: @escaping @MainActor () -> SQLiteViewer?) -> AppAction {
        AppAction("query.stop", keys: [.escape], help: "stop the queries running", hint: "stop") {
            guard let viewer = viewer() else { return }
            viewer.stopQueries()
            viewer.updateBars()
        }
    }

    /// The SQLite grid's actions with no viewer behind them: what `tv --keys` lists and keys.conf is checked against.
    public static var actionScopes: [[AppAction]] { [actions { nil } + [stopAction { nil }]] }

    /// Stops every query (leaving).
    public func stop() {
        generation += 1
        cancellation.cancel()
        jobCancellation.cancel()
    }

    // MARK: Rows

    /// The text of a value in a cell: controls made visible, NULL and BLOBs dim.
    nonisolated public static func cellText(_ value: SQLiteValue) -> StyledText {
        switch value {
        case .null, .blob: StyledText(value.displayText, style: .dim)
        default: StyledText(TerminalText.sanitize(value.displayText))
        }
    }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowCount }

    public func rowCountIsEstimated(in tableView: TableView) -> Bool { !countIsExact }

    public func tableView(_ tableView: TableView, isRowAvailableAt indexPath: IndexPath) -> Bool {
        rows[indexPath.row] != nil || failedPages.contains(indexPath.row / Self.pageSize)
    }

    public func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        guard let index = Int(column.identifier) else { return StyledText("") }
        guard let row = rows[indexPath.row] else {
            let failed = failedPages.contains(indexPath.row / Self.pageSize)
            return index == 0 && failed ? StyledText("(not read: R)", style: .dim) : StyledText("")
        }
        return index < row.values.count ? Self.cellText(row.values[index]) : StyledText("")
    }

    public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        var pages: [Int] = []
        for indexPath in indexPaths {
            let page = indexPath.row / Self.pageSize
            if !pagesInFlight.contains(page), !failedPages.contains(page), !pages.contains(page) { pages.append(page) }
        }
        for page in pages { read(page: page) }
    }

    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // A page read is a few milliseconds: it is let finish (its rows are kept in the cache).
    }

    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        openRecord(atRow: indexPath.row)
    }

    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        message = nil
        updateBars()
    }

    public func tableView(_ tableView: TableView, didMoveCursorToColumn column: TableColumn) { updateBars() }

    /// A click on a title, or `[`/`]`: the order by the table's first sort descriptor (one level).
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        var newOrder = order
        if let descriptor = tableView.sortDescriptors.first, let column = Int(descriptor.column) {
            newOrder.sortColumn = column
            newOrder.ascending = descriptor.ascending
        } else {
            newOrder.sortColumn = nil
            newOrder.ascending = true
        }
        apply(newOrder)
    }

    // MARK: Bars

    /// The title bar and the status line.
    public func updateBars() {
        refreshActions()
        let name: String
        switch source {
        case .table(let table): name = table
        case .query(let sql): name = "query " + sql
        }
        var title = "tv · \(TerminalText.sanitize(path)) · \(TerminalText.sanitize(name)) · "
        let rows = "\(grouped(rowCount)) \(rowCount == 1 ? "row" : "rows")"
        title += countIsExact ? rows : "about \(rows)"
        title += " × \(grouped(totalColumnCount)) \(totalColumnCount == 1 ? "column" : "columns")"
        if totalColumnCount > columns.count { title += " (the first \(grouped(columns.count)) shown)" }
        if let filter = order.filter {
            title +=
                " · “\(TerminalText.sanitize(filter.text))” in \(TerminalText.sanitize(columns[filter.column].name))"
        }
        if let equality = order.equality {
            title +=
                " · \(TerminalText.sanitize(columns[equality.column].name)) = "
                + TerminalText.sanitize(equality.value.displayText)
        }
        titleBar.text = title
        var status: [String] = []
        if let row = table.indexPathForSelectedRow?.row { status.append("row \(grouped(row + 1))") }
        if let column = table.cursorColumn, column < columns.count {
            let declared = columns[column].declaredType.isEmpty ? "no type" : columns[column].declaredType
            status.append("\(TerminalText.sanitize(columns[column].name)) (\(TerminalText.sanitize(declared)))")
        }
        if isCounting { status.append("counting…") }
        if isSearching { status.append("searching…") }
        if !pagesInFlight.isEmpty { status.append("reading…") }
        if let message { status.append(message) }
        if let lastError { status.append("⚠ " + TerminalText.sanitize(lastError.message)) }
        let map = app?.keyMap ?? KeyMap()
        status.append(
            KeyHintBar.text(
                for: map.applied(to: screen?.actions ?? actions).map(\.binding).filter(\.showsInHintBar),
                width: Int.max / 2, separator: " · "))
        statusLine.text = status.joined(separator: " · ")
    }

    /// `12,345`.
    nonisolated func grouped(_ number: Int) -> String { number.grouped }
}
