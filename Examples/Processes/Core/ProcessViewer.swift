import Foundation
import ProcessKit
import TermTable

/// The process viewer: a title bar, the processes grouped by user under column titles, a status line; a detail view.
///
/// Rows are ``ProcessID``s (pid and start time) in a ``TableViewDiffableDataSource``:
/// the cursor and the marks follow processes across re-sorts, filters and
/// refreshes, and a mark whose process is gone is dropped and reported. Signals
/// go only to marked processes, through ``ProcessSignaller``.
///
/// The columns are the table's (``/TermTable/TableView/tableColumns``, from the `heading=`s of the layout's `proc`
/// cell), and so is the sort: ``/TermTable/TableView/sortDescriptors``, cycled by a click on a title, kept by the
/// data source's ``/TermTable/TableViewDiffableDataSource/sortKey`` as processes come and go.
@MainActor
public final class ProcessViewer: TableViewDelegate {
    /// Reads /proc.
    public let sampler: ProcessSampler
    /// Sends signals to marked processes.
    public let signaller: ProcessSignaller
    /// The processes (restricted to `--pid`s), grouped by user.
    public internal(set) var list = ProcessList()
    /// The process table.
    public let table = TableView()
    /// The top line.
    public let titleBar = Label()
    /// The bottom line.
    public let statusLine = Label()
    /// The detail view, on the detail screen.
    public let detailView: ProcessDetailView
    /// The detail screen (Enter pushes it over the list; Esc or q goes back): a breadcrumb, the detail view and
    /// a status line.
    public let detailScreen: AppScreen
    /// The detail screen's bottom line.
    public let detailStatusLine = Label()
    /// The open files of the detail's process (`f` on the detail pushes it; Esc or q goes back).
    public let filesScreen = ProcessListingScreen(
        title: "open files", noun: "open files", columns: ProcessViewer.fileColumns)
    /// The threads of the detail's process (`t` on the detail pushes it; Esc or q goes back).
    public let threadsScreen = ProcessListingScreen(
        title: "threads", noun: "threads", columns: ProcessViewer.threadColumns)
    /// The app's actions (signal, help, quit), in force on every screen.
    public private(set) var appActions: [AppAction] = []
    /// The list's actions (filter, sort), the root screen's.
    public private(set) var listActions: [AppAction] = []
    /// The table, or "No processes match" when it has no rows.
    public let body: EmptyStateView
    /// The whole screen.
    public let root: VStack
    /// The rows, by identity.
    public private(set) var dataSource: TableViewDiffableDataSource<String, ProcessID>!
    /// The last thing that happened (a signal's outcome, marks dropped), shown in the status line.
    public internal(set) var message: String? {
        didSet { if let message, message != oldValue { app?.announce(message) } }  // a screen reader hears it
    }
    /// The process shown on the detail screen, nil while the list is on top.
    public internal(set) var detailID: ProcessID?
    /// The app, once ``install(in:)`` ran.
    public internal(set) weak var app: Application?

    /// One line per user header: "3 processes · 1.5% CPU · 12M".
    var sectionSummaries: [String: String] = [:]
    /// True while a snapshot is being applied (a deselection then is a dropped mark).
    var isApplying = false
    /// The detail view's process as last seen (kept when it exits).
    var lastDetailEntry: ProcessEntry?
    /// The boot time, read once.
    var bootTime: Int64?
    /// When the last sample was taken (boot time plus the tree's uptime), seconds since 1970.
    public internal(set) var sampledAt: Int64?
    /// True once the user moved the cursor (until then it stays on the first row).
    public internal(set) var cursorWasMoved = false
    /// Marks dropped by the snapshot being applied.
    var droppedMarks: [ProcessID] = []
    /// True while the processes are shown by parent (`t`, `procs --tree`; see ``setTreeMode(_:)``).
    public internal(set) var isTreeMode = false
    /// The tree's data source, made the first time the tree is shown.
    public internal(set) var outline: OutlineDataSource<ProcessID>?
    /// The tree's actions (collapse, expand, mark a subtree), bound to the table while the tree is shown.
    public internal(set) var treeActions: [AppAction] = []
    /// While a signal's summary is shown: the processes it names as skipped (their dropped marks are not said again).
    var reportedSkips: Set<ProcessID>?

    /// The templates of Layouts/Procs.layout, built into the program by TermTableLayoutPlugin.
    public static func bundledLayouts() throws -> LayoutLibrary {
        try ProcsLayout.library()
    }

    /// A viewer of `sampler`'s processes that signals through `signaller`; the list is empty until ``refresh()``.
    public init(sampler: ProcessSampler, signaller: ProcessSignaller, layouts: LayoutLibrary? = nil) throws {
        let library = try layouts ?? Self.bundledLayouts()
        self.sampler = sampler
        self.signaller = signaller
        detailView = ProcessDetailView()
        body = EmptyStateView(table, message: "No processes match")
        root = VStack([titleBar, .fill(body), statusLine])
        detailScreen = AppScreen(VStack([Breadcrumb(), .fill(detailView), detailStatusLine]), title: "")
        titleBar.textStyle = .bold
        statusLine.textStyle = .dim
        detailStatusLine.textStyle = .dim
        try table.registerCells(from: library)
        table.selectionMode = .multiple
        table.showsMarkColumn = true
        table.commandHints = [.toggleSelection: "mark"]
        // The header row and the rows' fields at every width; a click on a sortable title sorts by it.
        table.tableColumns = TableColumn.columns(of: try library.template("proc")).map(Self.configured)
        // Too narrow for pid, CPU and memory at their widths (under 38 columns): the pid stays, h and l scroll the
        // others by column.
        table.frozenColumnCount = 1
        table.delegate = self
        dataSource = TableViewDiffableDataSource(tableView: table) { [unowned self] table, indexPath, id in
            self.cell(for: id, at: indexPath, in: table)
        }
        dataSource.headerProvider = { [unowned self] table, _, user in self.header(for: user, in: table) }
        // The toolkit's fuzzy filter, in the sorted order (the sort stays); marks on hidden rows are kept.
        dataSource.filterText = { [unowned self] id in self.list[id].map(ProcessList.filterText(of:)) ?? "" }
        dataSource.filterOrder = .items
        // The table's sort: each apply sorts the processes of every user by the table's sort descriptors.
        dataSource.sortKey = { [unowned self] id, column in
            self.list[id].map { Self.sortKey(of: $0, column: column) } ?? .empty
        }
        table.sortDescriptors = [TableSortDescriptor(column: "cpu", ascending: false)]
        appActions = makeAppActions()
        listActions = makeListActions()
        detailScreen.actions = makeDetailActions()
        filesScreen.screen.actions = makeFilesActions()
        threadsScreen.screen.actions = makeThreadsActions()
        treeActions = makeTreeActions()
        updateBars()
    }

    // MARK: Data

    /// Reads the processes again and shows them; marks and the cursor stay on their processes.
    public func refresh() {
        list.update(sampler.sample())
        if bootTime == nil { bootTime = sampler.reader.bootTime() }
        if let bootTime, let uptime = sampler.lastUptime { sampledAt = bootTime + Int64(uptime) }
        apply()
        if let detailID { showDetail(of: detailID) }
    }

    /// Shows the list as it is now (after a refresh or a change of `--pid`s); the data source sorts it.
    func apply() {
        if isTreeMode {
            applyTree()
            keepCursorOnTopUntilMoved()
            if !droppedMarks.isEmpty { reportDroppedMarks() }
            updateBars()
            return
        }
        let sections = list.sections
        var snapshot = TableSnapshot<String, ProcessID>()
        sectionSummaries = [:]
        for section in sections {
            snapshot.appendSections([section.user])
            snapshot.appendItems(section.processes, toSection: section.user)
            let entries = section.processes.compactMap { list[$0] }
            let cpu = entries.reduce(0) { $0 + $1.cpuPercent }
            let memory = entries.reduce(Int64(0)) { $0 + $1.residentBytes }
            let count = entries.count == 1 ? "1 process" : "\(entries.count) processes"
            sectionSummaries[section.user] =
                "\(count) · \(ProcessFormat.percent(cpu))% CPU · \(ProcessFormat.bytes(memory))"
        }
        isApplying = true
        droppedMarks = []
        dataSource.apply(snapshot)
        isApplying = false
        keepCursorOnTopUntilMoved()
        if !droppedMarks.isEmpty { reportDroppedMarks() }
        updateBars()
    }

    /// Until the user moves the cursor it stays on the first row (the busiest process, say); once moved, it
    /// follows its process, on the same screen line.
    func keepCursorOnTopUntilMoved() {
        let rows = isTreeMode ? outline?.snapshot().numberOfVisibleItems : dataSource.snapshot().numberOfItems
        guard !cursorWasMoved, (rows ?? 0) > 0 else { return }
        let first = IndexPath(row: 0, section: 0)
        table.setCursor(first, notify: false)
        table.scrollToRow(at: first, at: .top)
    }

    /// Says which marks went, and why: the process exited, or its pid is now another process's (a mark the filter
    /// hides is kept, and counted in the status line).
    ///
    /// After a signal (``reportedSkips`` set) the summary stays and this is added to it, leaving out the
    /// processes the summary already names.
    func reportDroppedMarks() {
        let gone = droppedMarks.filter { !(reportedSkips?.contains($0) ?? false) }
        let livePIDs = Set(list.entries.keys.map(\.pid))
        let reused = gone.filter { livePIDs.contains($0.pid) }
        let exited = gone.filter { !livePIDs.contains($0.pid) }
        var parts: [String] = []
        if !exited.isEmpty {
            parts.append("mark dropped, exited: " + exited.map { String($0.pid) }.joined(separator: ", "))
        }
        if !reused.isEmpty {
            parts.append(
                "mark dropped, pid reused by another process: " + reused.map { String($0.pid) }.joined(separator: ", "))
        }
        if reportedSkips != nil, let summary = message {
            if !parts.isEmpty { message = ([summary] + parts).joined(separator: "; ") }
        } else {
            message = parts.joined(separator: "; ")
        }
    }

    /// The marked processes shown, in table order: K and X signal these (marks the filter hides are not signalled).
    /// In the tree, marks hidden under a collapsed process count as shown (they are signalled); only those the filter
    /// hides are not.
    public var markedProcesses: [ProcessID] {
        guard isTreeMode, let outline else { return dataSource.selectedItemIdentifiers }
        let shown = outline.snapshot()
        return outline.selectedItemIdentifiers.filter(shown.contains)
    }

    /// Every marked process, the filter's hidden ones too.
    var allMarkedProcesses: [ProcessID] {
        guard isTreeMode, let outline else { return dataSource.allSelectedItemIdentifiers }
        return outline.selectedItemIdentifiers
    }

    /// The marked processes shown and those the filter hides.
    var markCounts: (marked: Int, hidden: Int) {
        guard isTreeMode, let outline else { return dataSource?.markCounts ?? (0, 0) }
        let shown = markedProcesses.count
        return (shown, outline.selectedItemIdentifiers.count - shown)
    }

    /// The process under the cursor.
    public var cursorProcess: ProcessID? {
        isTreeMode ? outline?.cursorItemIdentifier : dataSource?.cursorItemIdentifier
    }

    /// The process of the row at `indexPath`.
    func process(at indexPath: IndexPath) -> ProcessID? {
        isTreeMode ? outline?.itemIdentifier(for: indexPath) : dataSource.itemIdentifier(for: indexPath)
    }

    /// The row of `id`, nil when it is not shown.
    func indexPath(of id: ProcessID) -> IndexPath? {
        isTreeMode ? outline?.indexPath(for: id) : dataSource.indexPath(for: id)
    }

    /// The filter's query, "" when none.
    public var filterQuery: String { (isTreeMode ? outline?.filterQuery : dataSource?.filterQuery) ?? "" }

    /// True while a filter hides processes.
    public var isFiltering: Bool { (isTreeMode ? outline?.isFiltering : dataSource?.isFiltering) ?? false }

    // MARK: Bars

    /// The title bar and the status line, from the list and the message.
    func updateBars() {
        let shown =
            (isTreeMode ? outline?.snapshot().numberOfItems : dataSource?.snapshot().numberOfItems) ?? 0
        let users = dataSource?.snapshot().numberOfSections ?? 0
        var title = "procs · \(shown == list.count ? "\(shown)" : "\(shown) of \(list.count)") processes"
        title += isTreeMode ? " · tree" : " · \(users) \(users == 1 ? "user" : "users")"
        if let sort = table.sortDescriptors.first {
            title += " · sort \(Self.sortNames[sort.column] ?? sort.column) \(sort.ascending ? "▲" : "▼")"
        }
        if isFiltering { title += " · filter “\(filterQuery)”" }
        if let sampledAt { title += " · \(ProcessFormat.clock(sampledAt)) UTC" }
        titleBar.text = title
        if detailID != nil {
            detailStatusLine.text =
                message.map { "\($0) · Esc back" }
                ?? "Esc/q back  f files  t threads  K SIGTERM  X SIGKILL (marked)  ? help"
        }
        let counts = markCounts
        let marks = counts.hidden > 0 ? "\(counts.marked) marked, \(counts.hidden) hidden" : "\(counts.marked) marked"
        statusLine.text = "\(marks) · " + (message ?? keyHints)
    }

    // MARK: TableViewDelegate

    /// A mark went: dropped by a refresh (its process left the list), or taken off by the user.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        // During apply this is a mark whose process left the list; otherwise the user unmarked it.
        // (The tree reports its own: applyTree.)
        if isApplying {
            if !isTreeMode, let id = dataSource.itemIdentifier(for: indexPath) { droppedMarks.append(id) }
        } else {
            message = nil
        }
        updateBars()
    }

    /// The user marked a row.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        message = nil
        updateBars()
    }

    /// Enter: the detail view of the row's process.
    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        guard let id = process(at: indexPath) else { return }
        openDetail(of: id)
    }

    /// The user moved the cursor: from now on it follows its process.
    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        cursorWasMoved = true
    }

    /// The sort changed (a key, or a click on a title): the data source has re-sorted; the bars say so.
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        message = nil
        // The list's data source re-sorted itself; the tree orders every process's children again.
        if isTreeMode { apply() }
        keepCursorOnTopUntilMoved()
        updateBars()
    }

    /// Headers are one line (so the table does not ask every section's header cell for its height).
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Int? {
        isTreeMode ? nil : 1
    }
}
