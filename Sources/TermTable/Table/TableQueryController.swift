import TermTableCore

/// Where a ``TableQueryController`` puts the cursor when a new query's matches show.
public enum TableQueryCursorPlacement: Sendable, Hashable {
    /// On the first match, at the top (a find's best match).
    case firstMatch
    /// On the last match, the end in view and followed (a log's newest entry).
    case lastMatch
}

/// Shows a table's rows through a ``TableQuerySource``: the query runs where the data is, off the main actor, and
/// the matches show as they come, the first screen first.
///
/// The table's data source shows every item while no query is in force, and
/// the ``shownIdentifiers`` while one is (row `i` is `shownIdentifiers[i]`, in
/// one section). The controller keeps the rules a filter follows, whatever the
/// source:
///
/// - a new query puts the cursor on its first match (or its last, as
///   ``cursorPlacement`` says); a newer query cancels the older one's scan;
/// - marks on items a query hides are kept (``hiddenSelectedItemIdentifiers``)
///   and marked again when they show;
/// - ``clear()`` shows every item with every mark, and the cursor's item on its
///   line as before the query, unless the user moved the cursor meanwhile (then
///   it stays on its item);
/// - a query that changes only the sort keeps the cursor on its item, on its
///   screen line where it can (as the diffable data source's sort does);
/// - rows appended to the data while a query is in force are matched by a
///   source over them (``sourceDidAppend(_:)``), and count as appended for a
///   table that follows its end (``TableView/followsEnd``).
///
/// ```swift
/// let controller = TableQueryController(
///     tableView: table, source: names, unfilteredItem: { $0 }, unfilteredRow: { $0 })
/// controller.setQuery(TableQuery(text: "smith"))
/// ```
@MainActor
public final class TableQueryController<Source: TableQuerySource> {
    /// The source's item identifier.
    public typealias ItemIdentifier = Source.ItemIdentifier

    /// The table the rows show in (its data source consults ``shownIdentifiers``).
    public private(set) weak var tableView: TableView?
    /// The source queries run in (a new one takes effect with the next query).
    public var source: Source
    /// Where a new query's cursor goes: its first match (the default) or its last.
    public var cursorPlacement = TableQueryCursorPlacement.firstMatch
    /// How many identifiers the first chunk asks for; nil: the table's height in lines.
    public var firstChunk: Int?
    /// At most how often the chunks after the first show (the last chunk shows when the scan ends).
    public var chunkInterval = Duration.milliseconds(100)
    /// Where the source's scans run (nil: the global concurrent executor). A ``WorkerPool`` of the app's own keeps
    /// them from waiting for the cooperative pool's few threads when other work holds them.
    public var executor: (any TaskExecutor)?
    /// Called after the shown rows, the cursor or the running state changed (a status line's hook).
    public var didChange: (@MainActor () -> Void)?

    /// The query in force (empty when none).
    public private(set) var query = TableQuery()
    /// The identifiers shown, one a row, nil when no query is in force (or its first chunk has not come yet).
    public private(set) var shownIdentifiers: [ItemIdentifier]?
    /// True while a scan runs (a query's, or one of rows appended since); its end asks for a frame, so a status line
    /// made in ``Application/willRender`` shows it.
    public private(set) var isRunning = false
    /// The error the last scan ended with, nil when it ended well.
    public private(set) var lastError: (any Error)?

    let unfilteredItem: @MainActor (Int) -> ItemIdentifier?
    let unfilteredRow: @MainActor (ItemIdentifier) -> Int?
    /// The row of each shown identifier, made when first asked (``row(for:)``) and kept up with appends.
    var shownIndex: [ItemIdentifier: Int]?
    /// The filter's rules (hidden marks, the cursor saved and restored, the cursor a sort keeps), shared with the
    /// diffable data source's filter.
    var rules = TableFilterRules<ItemIdentifier>()
    /// Marks carried into a query's first result (those on the rows shown before it).
    var carriedMarks: Set<ItemIdentifier> = []
    /// The scans started for the query in force, in order (a query's, then those of appended rows), and how many
    /// have not ended on the main actor yet.
    var scans: [Task<Void, Never>] = []
    var scansInFlight = 0
    /// Chunks delivered but not shown yet: all but the latest (`held`, shown with the next or at the scan's end).
    var buffer: [ItemIdentifier] = []
    var bufferAppended = 0
    var held: [ItemIdentifier] = []
    var heldAppended = false
    /// The query's first result shown (in place of the rows before it).
    var firstShown = false
    var lastShow = ContinuousClock.now
    var generation = 0
    var task: Task<Void, Never>?
    /// True once the main actor took the end of the query's own scan (not of appended rows): all its chunks shown.
    var firstScanFinished = false

    /// A controller for `tableView`'s rows over `source`; `unfilteredItem` and `unfilteredRow` map the rows shown
    /// while no query is in force (section 0) to identifiers and back.
    public init(
        tableView: TableView, source: Source, unfilteredItem: @escaping @MainActor (Int) -> ItemIdentifier?,
        unfilteredRow: @escaping @MainActor (ItemIdentifier) -> Int?
    ) {
        self.tableView = tableView
        self.source = source
        self.unfilteredItem = unfilteredItem
        self.unfilteredRow = unfilteredRow
    }

    /// True while a query is in force (``clear()`` ends it).
    public var isQuerying: Bool { !query.isEmpty }

    /// The identifier shown at `row` (the unfiltered one when no query is in force).
    public func itemIdentifier(forRow row: Int) -> ItemIdentifier? {
        guard let shownIdentifiers else { return unfilteredItem(row) }
        return shownIdentifiers.indices.contains(row) ? shownIdentifiers[row] : nil
    }

    /// The row showing `item`, nil when none does (the first call while a query is in force indexes the rows shown).
    public func row(for item: ItemIdentifier) -> Int? {
        guard let shownIdentifiers else { return unfilteredRow(item) }
        if let shownIndex { return shownIndex[item] }
        var index: [ItemIdentifier: Int] = [:]
        index.reserveCapacity(shownIdentifiers.count)
        for (row, shown) in shownIdentifiers.enumerated() { index[shown] = row }
        shownIndex = index
        return index[item]
    }

    /// The cursor's item.
    public var cursorItemIdentifier: ItemIdentifier? {
        tableView?.indexPathForSelectedRow.flatMap { itemIdentifier(forRow: $0.row) }
    }

    /// The marked items shown, in row order.
    /// (Marks are those of ``TableView/SelectionMode/multiple``: in single selection the selected row is the cursor's.)
    public var selectedItemIdentifiers: [ItemIdentifier] {
        guard let tableView, tableView.selectionMode == .multiple else { return [] }
        return tableView.indexPathsForSelectedRows.compactMap { itemIdentifier(forRow: $0.row) }
    }

    /// The marked items the query hides (in no particular order): kept, never dropped by a query.
    public var hiddenSelectedItemIdentifiers: Set<ItemIdentifier> { rules.hiddenMarks.union(carriedHidden) }

    /// Carried marks not on a row now (a first result not shown yet).
    var carriedHidden: Set<ItemIdentifier> { carriedMarks.filter { row(for: $0) == nil } }

    /// How many items are marked in all, and how many of those the query hides.
    public var markCounts: (marked: Int, hidden: Int) {
        let hidden = hiddenSelectedItemIdentifiers.count
        return (selectedItemIdentifiers.count + hidden, hidden)
    }

    /// The marks in words for a status line: "3 marked, 1 hidden", "3 marked", or "" when none.
    public var markSummary: String { TableFilterRules<ItemIdentifier>.summary(markCounts) }

    /// Runs `query` in the source and shows its matches as they come (an empty query clears); cancels the scan of
    /// the query before. Returns the task that ends when its matches are shown (those of appends come after).
    ///
    /// A query that changes only the sort keeps the cursor on its item, on its screen line where it can (once the
    /// item's row has come, unless the user moved the cursor meanwhile); any other puts it on the first match (or
    /// the last, ``cursorPlacement``).
    @discardableResult
    public func setQuery(_ query: TableQuery) -> Task<Void, Never>? {
        guard !query.isEmpty else {
            clear()
            return nil
        }
        let sortOnly =
            query.text == self.query.text && query.column == self.query.column
            && query.sortDescriptors != self.query.sortDescriptors
        if !isQuerying { begin() }
        if sortOnly { keepCursor() } else { rules.keptCursor = nil }
        self.query = query
        restart(with: [(source, false)])
        return task
    }

    /// Runs the query in force with `text` as its find text, matched in the column `column` (nil: the whole item);
    /// the sort stays. "" with no sort clears (a find prompt's Esc).
    @discardableResult
    public func setText(_ text: String, column: String? = nil) -> Task<Void, Never>? {
        setQuery(TableQuery(text: text, column: column, sortDescriptors: query.sortDescriptors))
    }

    /// Runs the query in force sorted by `descriptors`; the find text stays. Call it from
    /// ``TableViewDelegate/tableView(_:sortDescriptorsDidChange:)`` with the table's ``TableView/sortDescriptors``.
    @discardableResult
    public func setSortDescriptors(_ descriptors: [TableSortDescriptor]) -> Task<Void, Never>? {
        var query = self.query
        query.sortDescriptors = descriptors
        return setQuery(query)
    }

    /// ``setQuery(_:)``, waiting until its matches show (or a newer query or ``clear()`` replaced it).
    public func run(_ query: TableQuery) async {
        let task = setQuery(query)
        let generation = self.generation
        await task?.value
        while generation == self.generation, !firstShown { await Task.yield() }
    }

    /// Shows every item again: every mark (those the query hid too) and, unless the user moved the cursor while the
    /// query was in force, the cursor's item on its line as before; a moved cursor stays on its item, on its line.
    public func clear() {
        guard isQuerying else { return }
        let cursor = cursorItemIdentifier
        let marks = allMarks()
        let target = rules.restoration(cursor: cursor, line: tableView?.cursorLine)
        cancel()
        query = TableQuery()
        shownIdentifiers = nil
        shownIndex = nil
        rules = TableFilterRules()
        carriedMarks = []
        show(
            cursor: (target.item ?? cursor).flatMap(unfilteredRow), line: target.line,
            top: target.top.flatMap(unfilteredRow), marks: marks.compactMap(unfilteredRow), appended: 0)
        didChange?()
    }

    /// Rows were appended to the data; `appended` is a source over them only, its identifiers those of the whole data.
    ///
    /// While a query is in force its matches show after the rows shown (after the scan running, if any), as rows
    /// appended at the end. Under a sort they belong among the others: the query runs again over ``source`` (set it to
    /// the whole data first), the cursor kept on its item, as a sort keeps it. With no query in force it does
    /// nothing: the table shows the data source's rows (``TableView/reloadData(appendingRows:)``).
    public func sourceDidAppend(_ appended: Source) {
        guard isQuerying else { return }
        guard query.sortDescriptors.isEmpty else {
            keepCursor()
            restart(with: [(source, false)])
            return
        }
        launch(appended, appended: true)
    }

    /// Runs the query in force again over ``source`` (the data changed other than at its end).
    public func reload() {
        guard isQuerying else { return }
        rules.keptCursor = nil
        restart(with: [(source, false)])
    }

    // MARK: Scans

    /// Keeps the cursor on its item, on its screen line, through the rows of the query run again (a sort); a move the
    /// user made before stays a move.
    func keepCursor() {
        // A sort's item still to come stays the one kept (meanwhile the cursor waits where the controller put it).
        if rules.keptCursor != nil, cursorItemIdentifier == rules.placedCursor { return }
        rules.keptCursor = nil
        guard let item = cursorItemIdentifier else { return }
        tableView?.layoutIfNeeded()
        rules.keptCursor = (item, tableView?.cursorLine)
        rules.followed(from: item, to: item)
    }

    /// Remembers where the cursor and the view are before a query begins.
    func begin() {
        rules = TableFilterRules(tableView: tableView) { itemIdentifier(forRow: $0.row) }
        carriedMarks = Set(selectedItemIdentifiers)
    }

    /// Every marked item, shown or hidden.
    func allMarks() -> Set<ItemIdentifier> {
        rules.hiddenMarks.union(carriedHidden).union(selectedItemIdentifiers)
    }

    /// Cancels the scans and drops what they delivered and did not show.
    func cancel() {
        for scan in scans { scan.cancel() }
        scans = []
        task = nil
        generation += 1
        scansInFlight = 0
        buffer = []
        bufferAppended = 0
        held = []
        heldAppended = false
        if isRunning {
            isRunning = false
        }
    }

    /// Cancels the scans and runs `scans` for the query in force, the first result in place of the rows shown.
    func restart(with scans: [(source: Source, appended: Bool)]) {
        carriedMarks = allMarks()
        rules.hiddenMarks = []
        cancel()
        lastError = nil
        firstShown = false
        firstScanFinished = false
        for (source, appended) in scans { launch(source, appended: appended) }
        // The scan ends before the main actor has taken its last chunks (its end is queued, not awaited): the task
        // handed out waits for that end too, so awaiting it means the matches are shown.
        task = self.scans.first.map { scan in
            let generation = self.generation
            return Task { @MainActor [weak self] in
                await scan.value
                while let self, generation == self.generation, !self.firstScanFinished { await Task.yield() }
            }
        }
    }

    /// Starts a scan of `source` off the main actor (on ``executor``), after the scans started before it: the main
    /// actor is asked only to take its chunks and its end, in order, so scans never wait for it (a chain of scans
    /// each started from the main actor waited behind whatever held the main thread, once a scan).
    func launch(_ source: Source, appended: Bool) {
        let generation = self.generation
        let query = self.query
        let first = max(1, firstChunk ?? tableView?.frame.height ?? 50)
        let executor = self.executor
        let previous = scans.last
        scansInFlight += 1
        isRunning = true
        let scan = Task.detached { [weak self] in
            await previous?.value
            // The source hands chunks to an inbox and goes on at once: it never waits for the main actor, which
            // takes them when it runs.
            let inbox = TableQueryInbox<ItemIdentifier>()
            var failure: (any Error)?
            do {
                try Task.checkCancellation()
                try await withTaskExecutorPreference(executor) {
                    try await source.identifiers(for: query, firstChunk: first) { [weak self] chunk in
                        guard inbox.put(chunk) else { return }
                        Task { @MainActor [weak self] in
                            self?.take(inbox, appended: appended, generation: generation)
                        }
                    }
                }
            } catch {
                failure = error
            }
            // Not awaited: the next scan goes on; the main actor runs the ends in the order the scans ended.
            Task { @MainActor [weak self] in
                self?.finish(inbox, appended: appended, generation: generation, failure: failure)
            }
        }
        scans.append(scan)
        didChange?()
    }

    /// A scan ended: the rest of its chunks shown; after the last, the running state ends.
    func finish(_ inbox: TableQueryInbox<ItemIdentifier>, appended: Bool, generation: Int, failure: (any Error)?) {
        guard generation == self.generation else { return }
        if let failure, !(failure is CancellationError) { lastError = failure }
        take(inbox, appended: appended, generation: generation)
        flush(all: true)
        if !firstShown && !appended { showFirst([]) }
        if !appended {
            firstScanFinished = true
            rules.keptCursor = nil
        }
        scansInFlight -= 1
        guard scansInFlight == 0 else { return }
        isRunning = false
        scans = []
        task = nil
        // The end may show no more rows: a frame still comes, for a status line made before each one.
        tableView?.setNeedsDisplay()
        didChange?()
    }

    /// Takes the chunks in `inbox` in the order they were delivered.
    func take(_ inbox: TableQueryInbox<ItemIdentifier>, appended: Bool, generation: Int) {
        for chunk in inbox.takeAll() { receive(chunk, appended: appended, generation: generation) }
    }

    /// A chunk delivered: the query's first shows at once, later ones at most every ``chunkInterval``.
    func receive(_ chunk: [ItemIdentifier], appended: Bool, generation: Int) {
        guard generation == self.generation, !chunk.isEmpty else { return }
        if !firstShown && !appended {
            showFirst(chunk)
            return
        }
        buffer += held
        if heldAppended { bufferAppended += held.count }
        held = chunk
        heldAppended = appended
        if ContinuousClock.now - lastShow >= chunkInterval { flush(all: false) }
    }

    /// Shows the chunks buffered (and the latest one too when `all`) after the rows shown.
    func flush(all: Bool) {
        if all {
            buffer += held
            if heldAppended { bufferAppended += held.count }
            held = []
            heldAppended = false
        }
        guard !buffer.isEmpty else { return }
        let rows = buffer
        let appended = bufferAppended
        buffer = []
        bufferAppended = 0
        append(rows, appended: appended)
    }

    // MARK: Showing

    /// Shows `chunk` in place of the rows shown before: the marks carried that it shows marked, the cursor placed.
    func showFirst(_ chunk: [ItemIdentifier]) {
        // Marks as they stand: those on the rows shown now, the carried ones not on them, the hidden ones.
        rules.hiddenMarks = allMarks()
        firstShown = true
        lastShow = .now
        shownIdentifiers = chunk
        shownIndex = nil
        let marks = rules.reveal(chunk, from: 0)
        carriedMarks = []
        let last = chunk.isEmpty ? nil : chunk.count - 1
        if let kept = rules.keptCursorRow(in: chunk, from: 0, moved: false) {
            show(cursor: kept.row, line: kept.line, top: nil, marks: marks, appended: 0)
            rules.placedCursor = cursorItemIdentifier
        } else {
            switch cursorPlacement {
            case .firstMatch: show(cursor: chunk.isEmpty ? nil : 0, line: 0, top: nil, marks: marks, appended: 0)
            case .lastMatch: show(cursor: last, line: nil, top: nil, marks: marks, appended: 0, toEnd: true)
            }
            // Until a sort's kept item comes, the cursor waits on a match: a move the user made before the sort stays.
            if rules.keptCursor == nil {
                rules.placed(cursorItemIdentifier)
            } else {
                rules.placedCursor = cursorItemIdentifier
            }
        }
        didChange?()
    }

    /// Shows `rows` after the rows shown (the last `appended` of them appended to the data): the cursor and the marks
    /// stay on their rows; the hidden marks among them are marked again.
    func append(_ rows: [ItemIdentifier], appended: Int) {
        guard let start = shownIdentifiers?.count else { return }
        lastShow = .now
        shownIdentifiers?.append(contentsOf: rows)
        let count = start + rows.count
        var marks = Set(tableView?.indexPathsForSelectedRows.map(\.row) ?? [])
        // Only with an index, hidden marks or a kept cursor to keep up: unspecialized (the controller is generic, the
        // app in another module), a row costs about 150 ns here, 1.2 s over `logs`' 8,455,762 rows when its cursor was
        // taken for a mark.
        if shownIndex != nil {
            for (offset, item) in rows.enumerated() { shownIndex?[item] = start + offset }
        }
        marks.formUnion(rules.reveal(rows, from: start))
        let kept = rules.keptCursorRow(in: rows, from: start, moved: cursorItemIdentifier != rules.placedCursor)
        guard let tableView else { return }
        let following = cursorPlacement == .lastMatch && cursorItemIdentifier == rules.placedCursor && appended == 0
        if let kept {
            show(cursor: kept.row, line: kept.line, top: nil, marks: Array(marks), appended: appended)
            rules.placedCursor = cursorItemIdentifier
        } else if following {
            show(cursor: count - 1, line: nil, top: nil, marks: Array(marks), appended: 0, toEnd: true)
            rules.placedCursor = cursorItemIdentifier
        } else {
            tableView.reload(
                cursor: tableView.indexPathForSelectedRow, selected: Set(marks.map { IndexPath(row: $0, section: 0) }),
                cursorLine: nil)
            if appended > 0 { tableView.noteRowsToAppend(appended) }
        }
        didChange?()
    }

    /// Reloads the table with the cursor on `cursor` (its row on `line`, else `top` at the top), `marks` marked.
    func show(
        cursor: Int?, line: Int?, top: Int?, marks: [Int], appended: Int, toEnd: Bool = false
    ) {
        guard let tableView else { return }
        let selected = Set(marks.map { IndexPath(row: $0, section: 0) })
        tableView.reload(cursor: cursor.map { IndexPath(row: $0, section: 0) }, selected: selected, cursorLine: line)
        if appended > 0 { tableView.noteRowsToAppend(appended) }
        if toEnd, cursor != nil {
            tableView.layoutIfNeeded()
            tableView.scrollToEnd()
        } else if line == nil, let top {
            // The reload reveals the cursor; the view was scrolled away from it, so put the view back after that.
            tableView.layoutIfNeeded()
            tableView.topItem = TableItem(section: 0, row: top)
        }
    }
}
