import Dispatch
import TableViewerKit
import TermTable

extension TableViewer {
    /// What a key asks.
    public enum Command: Sendable, Equatable {
        /// Sort by the cursor's column, ascending or descending.
        case sortAscending, sortDescending
        /// Find in the cursor's column; the next or previous match.
        case find, findNext, findPrevious
        /// The cursor's column counted.
        case frequency
        /// The first column frozen, or not.
        case toggleFrozen
        /// Back to the grid.
        case back
        /// The keys.
        case help
        /// Quit.
        case quit
    }

    /// The app's keys, each with its help, in the order of the help box (the grid's own keys, rows and columns
    /// (←/→, h/l, 0, $), are the table's).
    public static let commandBindings: [(binding: KeyBinding, command: Command)] = [
        (KeyBinding([Key("[")], help: "sort ascending by the column", hint: "sort"), .sortAscending),
        (KeyBinding([Key("]")], help: "sort descending by the column"), .sortDescending),
        (KeyBinding([Key("/")], help: "find in the column (fuzzy)", hint: "find"), .find),
        (KeyBinding([Key("n")], help: "next match"), .findNext),
        (KeyBinding([Key("N")], help: "previous match"), .findPrevious),
        (KeyBinding([Key("F")], help: "the column's values counted", hint: "frequency"), .frequency),
        (KeyBinding([Key("!")], help: "freeze the first column, or not"), .toggleFrozen),
        (KeyBinding([.escape], help: "back to the grid"), .back),
        (KeyBinding([Key("?")], help: "these keys", hint: "keys"), .help),
        (KeyBinding([Key("q")], help: "quit", hint: "quit"), .quit),
    ]

    /// The most rows one find looks at (`n` goes on from where it stopped).
    public static let findReach = 500_000

    /// Binds the keys, keeps `app`, starts loading the rest of the file once the main queue runs after this (after
    /// the run loop's first frame: ``startLoading()``), and appends indexed rows every 50 ms until it is indexed.
    public func install(in app: Application) {
        self.app = app
        for (binding, command) in Self.commandBindings {
            app.bind(binding) { [unowned self] in self.perform(command) }
        }
        app.willRender = { [unowned self] in self.updateBars() }
        app.onResize = { [unowned self] _ in self.root.setNeedsLayout() }
        app.focus(table)
        if !isLoaded || !typesAreFinal {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.startLoading() }
            }
        }
        if !isLoaded {
            loadTimer = app.schedule(after: .milliseconds(50), repeats: true) { [weak self] in
                self?.appendIndexedRows()
            }
        } else {
            loadMilliseconds = Int((ContinuousClock.now - loadStart) / .milliseconds(1))
        }
        updateBars()
    }

    /// Does what a key asked.
    public func perform(_ command: Command) {
        switch command {
        case .quit:
            app?.quit()
            return
        case .back:
            if sheet != .grid { show(.grid) }
            return
        case .help:
            app?.showHelp(title: "tv keys")
            return
        default: break
        }
        guard sheet == .grid else { return }
        message = nil
        switch command {
        case .sortAscending, .sortDescending:
            // One level, by the cursor's column (a click on a title adds levels: the table's sortByColumn).
            guard cursorColumn < identifiers.count else { break }
            table.sortDescriptors = [
                TableSortDescriptor(column: identifiers[cursorColumn], ascending: command == .sortAscending)
            ]
        case .find: promptFind()
        case .findNext: find(forward: true, from: (cursorRow ?? -1) + 1)
        case .findPrevious: find(forward: false, from: (cursorRow ?? rowCount) - 1)
        case .frequency: countColumn()
        case .toggleFrozen: table.frozenColumnCount = table.frozenColumnCount == 0 ? 1 : 0
        case .quit, .back, .help: break
        }
        updateBars()
        table.setNeedsDisplay()
    }

    // MARK: Sorting

    /// Sorts the grid by `keys` on a thread of its own (the kit's radix sort, each column by its type); the cursor
    /// goes to the first row when done. A sort asked for while the file is still indexed, or while another runs,
    /// runs after it. No keys: the file's order.
    public func sort(by keys: [SortKey]) {
        guard !keys.isEmpty else {
            order = nil
            sortKeys = []
            rowCount = file.rowCount
            rowCache.removeAll(keepingCapacity: true)
            table.reloadData()
            return
        }
        guard isLoaded, typesAreFinal, !isSorting else {
            pendingSort = keys
            message = isSorting ? "sorting again after this sort" : "sorting once loaded"
            return
        }
        isSorting = true
        let file = self.file
        let types = self.types
        let cancellation = self.cancellation
        let started = ContinuousClock.now
        TableThread.start(name: "tv-sort") {
            let order = file.sortedRows(by: keys, types: types, cancellation: cancellation)
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, let order else { return }
                    let milliseconds = Int((ContinuousClock.now - started) / .milliseconds(1))
                    self.sorted(order, by: keys, milliseconds: milliseconds)
                }
            }
            // Then the sort's key columns and buffers (tens of MB for millions of rows) go back to the system (the
            // result does not wait for the trim).
            TableFile.releaseFreedMemory()
        }
    }

    /// A sort's result shown.
    func sorted(_ order: [UInt32], by keys: [SortKey], milliseconds: Int) {
        isSorting = false
        self.order = order
        sortKeys = keys
        rowCount = order.count
        rowCache.removeAll(keepingCapacity: true)
        table.reloadData()
        setCursor(row: rowCount > 0 ? 0 : nil)
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top)
        let direction = keys[0].ascending ? "ascending" : "descending"
        message = "sorted \(direction) in \(grouped(milliseconds)) ms"
        runPendingSort()
        updateBars()
        app?.setNeedsDisplay()
    }

    // MARK: Finding

    /// `/`: a prompt; Enter finds the query (fuzzy) in the cursor's column from the cursor's row down.
    func promptFind() {
        let name = cursorColumn < file.columns.count ? file.columns[cursorColumn] : ""
        app?.prompt("find in \(TerminalText.sanitize(name)): ", text: findQuery) { [weak self] query in
            guard let self else { return }
            self.findQuery = query
            self.find(forward: true, from: self.cursorRow ?? 0)
        }
    }

    /// The cursor to the next (or previous) row from `start` whose cell in the cursor's column matches the find
    /// query, looking at most ``findReach`` rows (it says so when it stops).
    public func find(forward: Bool, from start: Int) {
        guard !findQuery.isEmpty, rowCount > 0 else {
            if findQuery.isEmpty { message = "/ to find first" }
            return
        }
        let query = FuzzyQuery(findQuery)
        var row = start
        var looked = 0
        var scratch: [UInt8] = []
        let offsets = file.offsets
        let column = cursorColumn
        while row >= 0, row < rowCount, looked < Self.findReach {
            let text = file.withField(row: fileRow(row), column: column, offsets: offsets, scratch: &scratch) {
                TableText.decode($0, limit: 1024).text
            }
            if query.match(text) != nil {
                setCursor(row: row)
                table.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle)
                message = "“\(TerminalText.sanitize(findQuery))” in row \(grouped(row + 1))"
                return
            }
            row += forward ? 1 : -1
            looked += 1
        }
        if looked >= Self.findReach {
            setCursor(row: row)
            table.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle)
            message = "not in the \(grouped(looked)) rows looked at (n goes on)"
        } else {
            message = "“\(TerminalText.sanitize(findQuery))” not found \(forward ? "below" : "above")"
        }
    }

    // MARK: Frequency

    /// `F`: the cursor's column counted on a thread of its own (the rows indexed so far), then its sheet.
    func countColumn() {
        let file = self.file
        let column = cursorColumn
        let offsets: RecordOffsets = file.offsets
        let cancellation = self.cancellation
        message = "counting…"
        TableThread.start(name: "tv-count") {
            let sheet = FrequencySheet.count(file, column: column, offsets: offsets, cancellation: cancellation)
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, let sheet, self.sheet == .grid else { return }
                    self.frequency = sheet
                    self.message = nil
                    self.frequencyTable.tableColumns = FrequencySheet.tableColumns(title: sheet.column)
                    self.frequencyTable.reloadData()
                    self.frequencyTable.setCursor(IndexPath(row: 0, section: 0), notify: false)
                    self.show(.frequency)
                    self.app?.setNeedsDisplay()
                }
            }
        }
    }
}
