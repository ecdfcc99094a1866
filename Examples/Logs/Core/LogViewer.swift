import LogKit
import TermTable

/// The log viewer: a title bar, one row per entry (time, coloured level, component, message) under column titles,
/// a status line; Enter pushes a screen showing a whole entry.
///
/// Rows come from a ``/LogKit/LogCollection``: entry offsets only, each entry read
/// back with `pread` when its row is drawn. It opens at the end and follows: when
/// the last row is on screen, appended rows keep it there; scrolled away, the view
/// stays put and the status line counts the new entries. `/` filters with the
/// toolkit's ``/TermTableCore/FuzzyQuery`` on a thread of its own (the file can be
/// larger than memory, so not through a diffable data source); `n`/`N` go to the
/// next or previous error; letters no key takes jump to the next row whose
/// component starts with them (``/TermTable/TypeToJump``, within
/// ``typeToJumpReach`` rows of the cursor).
@MainActor
public final class LogViewer: TableViewDataSource, TableViewDelegate {
    /// The logs shown.
    public let collection: LogCollection
    /// The entries.
    public let table = TableView()
    /// The top line.
    public let titleBar = Label()
    /// The bottom line.
    public let statusLine = Label()
    /// The column titles.
    public let columnHeader: ColumnHeaderView
    /// The table, or "No entries" / "No matching entries".
    public let body: EmptyStateView
    /// The whole entry (Enter), wrapped and scrolled by the toolkit's text view, on the entry screen.
    public let entryView = TextView()
    /// The entry screen (Enter pushes it over the list, which keeps its cursor, filter, following and scroll; Esc or
    /// q goes back): a breadcrumb, the entry, a status line.
    public let entryScreen: AppScreen
    /// The entry screen's bottom line: the entry's number, lines and bytes, and its keys.
    public let entryStatusLine = Label()
    /// The app's actions (keys, quit), in force on every screen.
    public private(set) var appActions: [AppAction] = []
    /// The list's actions (filter, errors, expand), bound to the table.
    public private(set) var listActions: [AppAction] = []
    /// The whole screen.
    public let root: VStack
    /// The app, once ``install(in:watch:)`` ran.
    public internal(set) weak var app: Application?

    /// How many entries of a single file are indexed from its start at once (the first screens, while the rest is
    /// indexed in the background; as many are indexed from its end).
    public static let topEntries = 4096

    /// How many rows from the cursor type-to-jump looks (each row it looks at is read from the file).
    public static let typeToJumpReach = 5_000

    /// The collection rows the filter shows, nil when not filtering.
    public var filteredRows: [Int]? { rowQuery.shownIdentifiers }
    /// The filter's query ("" when none).
    public internal(set) var filterQuery = ""
    /// True while a filter scan runs (a query's, or one of rows appended since).
    public var isFiltering: Bool { rowQuery.isRunning }
    /// The filter: the toolkit's query controller over ``LogQuerySource`` (identifiers are collection rows).
    lazy var rowQuery: TableQueryController<LogQuerySource> = {
        let controller = TableQueryController(
            tableView: table, source: LogQuerySource(collection: collection, rows: 0..<0, counter: filterCounter),
            unfilteredItem: { $0 }, unfilteredRow: { $0 })
        controller.cursorPlacement = .lastMatch
        controller.executor = LogQuerySource.scanners
        controller.didChange = { [unowned self] in self.filterChanged() }
        return controller
    }()
    /// True from Enter on the filter prompt until the filter's count is announced.
    var announcesFilterResult = false
    /// The last thing that happened (truncation, rotation, no more errors, a filter's count), shown in the status
    /// line and announced (``/TermTable/Application/announce(_:)``).
    public internal(set) var message: String? {
        didSet { if let message, message != oldValue { app?.announce(message) } }  // a screen reader hears it
    }
    /// The cursor's row (kept from the table's reports and the viewer's own moves), nil when none.
    public internal(set) var cursorRow: Int?
    /// The collection row of the entry screen's entry, nil while the list is on top.
    public internal(set) var openRow: Int?
    /// The entry view's status: the entry's number, its lines (all of them counted,
    /// ``/LogKit/LogFile/lineCount(ofRow:byteLimit:)``) and bytes, as when it was opened.
    var openEntryStatus = ""
    /// The collection rows handed to the filter's scans (those from here on are not matched yet).
    var filterMatchedEnd = 0
    /// Counts the rows the filter's scans read.
    var filterCounter = LogScanCounter()
    /// The rows the filter has read since its query was set, all off the main actor: each row once (a query's scan,
    /// then the rows appended since).
    public var filterRowsRead: Int { filterCounter.value }
    /// The toolkit's followers, one per file (nil for a pipe's spool, or a file that could not be followed).
    var followers: [FileFollower?] = []
    /// The spools of pipes, while following.
    var spools: [LogSpool] = []
    /// True when a follower handed over a change not yet shown (``filesChanged()`` is queued).
    var needsRefresh = false
    /// Files (by index) a follower said were truncated, replaced or deleted: bytes wait for ``filesChanged()``.
    var awaitingLook: Set<Int> = []
    /// Files a follower said were truncated: started over by ``filesChanged()``.
    var truncatedFiles: Set<Int> = []
    /// The first row found from the end (after the rows found from the start and the gap row), as last shown:
    /// where the rows move from when the rest is indexed.
    var tailRowsStart = 0
    /// The collection rows expanded into their lines (Space).
    public internal(set) var expandedRows: Set<Int> = []
    /// ``keyHints`` once made, with the key map they were made with.
    var keyHintsText: (map: KeyMap, text: String)?
    /// The entry screen's key hints, made when it is pushed.
    var entryHints = ""
    /// Reads of the rows drawn recently: row (of the collection) to entry.
    var entryCache: [Int: LogEntry] = [:]

    /// The templates of Layouts/Logs.layout, built into the program by TermTableLayoutPlugin.
    public static func bundledLayouts() throws -> LayoutLibrary { try LogsLayout.library() }

    /// A viewer of `files` (one, or several merged by time), each already opened; indexes the end of each now.
    ///
    /// One file: its first and last entries at once (a row for the bytes between), the rest in the background
    /// (``startIndexing()``).
    /// Several: each indexed whole and merged on a thread of their own (``startIndexing()``).
    public init(files: [LogFile], layouts: LayoutLibrary? = nil) throws {
        let library = try layouts ?? Self.bundledLayouts()
        collection = LogCollection(files: files)
        columnHeader = ColumnHeaderView(template: try library.template("entry"))
        body = EmptyStateView(table, message: "No entries")
        root = VStack([titleBar, .fill(body), statusLine])
        entryScreen = AppScreen(VStack([Breadcrumb(), .fill(entryView), entryStatusLine]), title: "")
        entryView.paragraphStyles = [0: Style(attributes: .bold)]
        titleBar.textStyle = .bold
        statusLine.textStyle = .dim
        entryStatusLine.textStyle = .dim
        try table.registerCells(from: library)
        // One line a row, but an expanded entry as tall as its lines (``tableView(_:heightForRowAt:)``).
        table.rowHeight = nil
        // At the end, appended entries keep it in view; scrolled away, the table counts them.
        table.followsEnd = true
        setUpHorizontalScrolling()
        table.columnHeader = columnHeader
        table.commandHints = [.activate: "entry"]
        table.dataSource = self
        table.delegate = self
        table.typeToJump = TypeToJump { [unowned self] indexPath in self.jumpText(at: indexPath.row) }
        appActions = Self.makeAppActions(for: self)
        listActions = Self.makeListActions(for: self)
        entryScreen.actions = Self.makeEntryActions(for: self)
        for file in files { file.openAtEnd(top: collection.isMerged ? 0 : Self.topEntries) }
        if !collection.isMerged { tailRowsStart = files[0].rowsBeforeTail }
        table.reloadData()
        goToEnd()
        updateBars()
    }

    /// Indexes the rest of a single file in the background; the rows before those found from the end are added
    /// when done (the cursor stays on its entry). Several files are indexed and merged in the background, the
    /// rows shown when done, at the end.
    public func startIndexing() {
        guard collection.isMerged else {
            collection.files[0].indexRest { [weak self] in self?.indexingFinished() }
            return
        }
        collection.mergeInBackground { [weak self] in self?.mergeFinished() }
    }

    // MARK: Rows

    /// The number of rows shown.
    public var rowCount: Int { filteredRows?.count ?? collection.count }

    /// The collection row of table row `row`.
    public func collectionRow(_ row: Int) -> Int { filteredRows?[row] ?? row }

    /// The entry of table row `row` (read from its file, or from the cache of rows drawn).
    public func entry(atRow row: Int) -> LogEntry {
        let source = collectionRow(row)
        if let cached = entryCache[source] { return cached }
        if entryCache.count > 512 { entryCache.removeAll(keepingCapacity: true) }
        let entry = collection.entry(atRow: source)
        entryCache[source] = entry
        return entry
    }

    /// Moves the cursor to table row `row` (nil: none) without telling the delegate.
    func setCursor(row: Int?) {
        cursorRow = row
        table.setCursor(row.map { IndexPath(row: $0, section: 0) }, notify: false)
    }

    /// Entries appended while the view was away from its end, as the table counts them
    /// (``/TermTable/TableView/rowsAppendedBelow``: only rows appended after the last, never those indexed above
    /// or shown again when the filter is cleared); 0 once the end shows again.
    public var newEntries: Int { table.rowsAppendedBelow }

    /// The cursor on the last row, the last row at the bottom, following again (``/TermTable/TableView/scrollToEnd()``).
    public func goToEnd() {
        guard rowCount > 0 else { return }
        table.scrollToEnd()
        cursorRow = rowCount - 1  // every row takes the cursor
    }

    // MARK: TableViewDataSource

    /// One row per entry shown.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowCount }

    /// An `entry` row.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cell(forRow: indexPath.row, at: indexPath, in: tableView)
    }

    // MARK: TableViewDelegate

    /// One line, or, for an expanded entry, as many as its cell needs at the table's width.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight {
        expandedRows.contains(collectionRow(indexPath.row)) ? .automatic : .lines(1)
    }

    /// Enter: the entry screen.
    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        openEntry(atRow: indexPath.row)
    }

    /// The cursor moved: a message about the last thing that happened goes.
    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        cursorRow = indexPath.row
        message = nil
    }

    /// The count of entries appended below changed: the status line says it ("N new entries"), or not at 0.
    public func tableView(_ tableView: TableView, didChangeRowsAppendedBelow count: Int) {
        updateBars()
    }
}
