import Dispatch
import TableViewerKit
import TermTable

extension TableViewer {
    /// What a key asks.
    public enum Command: Sendable, Equatable {
        /// The cell cursor one column left or right.
        case left, right
        /// The cell cursor to the first or last column.
        case firstColumn, lastColumn
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

    /// The app's keys, each with its help, in the order of the help box (the grid's own keys: the table's).
    public static let commandBindings: [(binding: KeyBinding, command: Command)] = [
        (KeyBinding([.left, Key("h")], help: "cursor one column left"), .left),
        (KeyBinding([.right, Key("l")], help: "cursor one column right"), .right),
        (KeyBinding([Key("0")], help: "first column"), .firstColumn),
        (KeyBinding([Key("$")], help: "last column"), .lastColumn),
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

    /// Binds the keys, keeps `app`, and appends indexed rows every 50 ms until the file is indexed.
    public func install(in app: Application) {
        self.app = app
        for (binding, command) in Self.commandBindings {
            app.bind(binding) { [unowned self] in self.perform(command) }
        }
        app.willRender = { [unowned self] in
            self.fitColumnsToVisibleRows()
            self.updateBars()
        }
        app.onResize = { [unowned self] _ in
            self.root.setNeedsLayout()
            self.revealCursorColumn()
        }
        app.focus(table)
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
        case .left: moveCursor(toColumn: cursorColumn - 1)
        case .right: moveCursor(toColumn: cursorColumn + 1)
        case .firstColumn: moveCursor(toColumn: 0)
        case .lastColumn: moveCursor(toColumn: columns.columns.count - 1)
        case .sortAscending: sort(by: SortKey(column: cursorColumn, ascending: true))
        case .sortDescending: sort(by: SortKey(column: cursorColumn, ascending: false))
        case .find: promptFind()
        case .findNext: find(forward: true, from: (cursorRow ?? -1) + 1)
        case .findPrevious: find(forward: false, from: (cursorRow ?? rowCount) - 1)
        case .frequency: countColumn()
        case .toggleFrozen:
            columns.frozenCount = columns.frozenCount == 0 ? 1 : 0
            revealCursorColumn()
        case .quit, .back, .help: break
        }
        updateBars()
        table.setNeedsDisplay()
    }

    /// The cell cursor to column `index` (kept in range), scrolled into view.
    public func moveCursor(toColumn index: Int) {
        guard !columns.columns.isEmpty else { return }
        cursorColumn = min(max(0, index), columns.columns.count - 1)
        revealCursorColumn()
    }

    func revealCursorColumn() {
        columns.reveal(cursorColumn, width: table.frame.width > 0 ? table.frame.width : 80)
        table.reloadData()
        header.setNeedsDisplay()
    }

    // MARK: Sorting

    /// Sorts the grid by `key` on a thread of its own (the Kit's radix sort, by the column's type); the cursor goes
    /// to the first row when done. While the file is still indexed, the sort waits for the index.
    public func sort(by key: SortKey) {
        guard !isSorting else {
            message = "a sort is running"
            return
        }
        guard isLoaded else {
            pendingSort = key
            message = "sorting once loaded"
            return
        }
        isSorting = true
        let file = self.file
        let types = columns.columns.map(\.type)
        let cancellation = self.cancellation
        let started = ContinuousClock.now
        TableThread.start(name: "tv-sort") {
            let order = file.sortedRows(by: [key], types: types, cancellation: cancellation)
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, let order else { return }
                    let milliseconds = Int((ContinuousClock.now - started) / .milliseconds(1))
                    self.sorted(order, by: key, milliseconds: milliseconds)
                }
            }
        }
    }

    /// A sort's result shown.
    func sorted(_ order: [UInt32], by key: SortKey, milliseconds: Int) {
        isSorting = false
        self.order = order
        sortKey = key
        rowCount = order.count
        rowCache.removeAll(keepingCapacity: true)
        table.reloadData()
        setCursor(row: rowCount > 0 ? 0 : nil)
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top)
        let direction = key.ascending ? "ascending" : "descending"
        message = "sorted \(direction) in \(grouped(milliseconds)) ms"
        updateBars()
        app?.setNeedsDisplay()
    }

    // MARK: Finding

    /// `/`: a prompt; Enter finds the query (fuzzy) in the cursor's column from the cursor's row down.
    func promptFind() {
        app?.prompt("find in \(columns.columns[cursorColumn].name): ", text: findQuery) { [weak self] query in
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
                    self.frequencyTable.reloadData()
                    self.frequencyTable.setCursor(IndexPath(row: 0, section: 0), notify: false)
                    self.show(.frequency)
                    self.app?.setNeedsDisplay()
                }
            }
        }
    }
}
