import Dispatch
import TableViewerKit
import TermTable

extension TableViewer {
    /// An action that runs `body` on the viewer `viewer` gives (none: it does nothing, as `tv --keys` lists it), then
    /// redraws the bars and the grid.
    static func action(
        _ name: String, _ key: Key, _ help: String, hint: String? = nil, section: String? = nil,
        on viewer: @escaping @MainActor () -> TableViewer?, _ body: @escaping @MainActor (TableViewer) -> Void
    ) -> AppAction {
        AppAction(name, keys: [key], help: help, hint: hint, section: section) {
            guard let viewer = viewer() else { return }
            body(viewer)
            viewer.updateBars()
            viewer.table.setNeedsDisplay()
        }
    }

    /// The app's actions, in force on every screen: help and quit.
    static func appActions(on viewer: @escaping @MainActor () -> TableViewer?) -> [AppAction] {
        [
            action("app.help", Key("?"), "these keys", hint: "keys", on: viewer) { $0.app?.showHelp(title: "tv keys") },
            action("app.quit", Key("q"), "quit", hint: "quit", on: viewer) { $0.app?.quit() },
        ]
    }

    /// The grid's actions (the root screen's): sort, find, count, freeze (the grid's own keys, rows and columns
    /// (←/→, h/l, 0, $), are the table's). Not in force on a sheet.
    static func gridActions(on viewer: @escaping @MainActor () -> TableViewer?) -> [AppAction] {
        func grid(
            _ name: String, _ key: Character, _ help: String, section: String? = nil,
            _ body: @escaping @MainActor (TableViewer) -> Void
        ) -> AppAction {
            action(name, Key(key), help, section: section, on: viewer) { viewer in
                viewer.message = nil
                body(viewer)
            }
        }
        return [
            grid("sort.ascending", "[", "sort ascending by the column", section: "Sort") {
                $0.sortByCursorColumn(ascending: true)
            },
            grid("sort.descending", "]", "sort descending by the column", section: "Sort") {
                $0.sortByCursorColumn(ascending: false)
            },
            grid("find.start", "/", "find in the column (fuzzy)", section: "Find") { $0.promptFind() },
            grid("find.next", "n", "next match", section: "Find") {
                $0.find(forward: true, from: ($0.cursorRow ?? -1) + 1)
            },
            grid("find.previous", "N", "previous match", section: "Find") {
                $0.find(forward: false, from: ($0.cursorRow ?? $0.rowCount) - 1)
            },
            grid("copy.cell", "y", "copy the cell (Y: the row, as TSV)", section: "Copy") { $0.copyCell() },
            grid("copy.row", "Y", "copy the row as tab-separated values", section: "Copy") { $0.copyRow() },
            grid("column.frequency", "F", "the column's values counted") { $0.countColumn() },
            grid("column.freeze", "!", "freeze the first column, or not") {
                $0.table.frozenColumnCount = $0.table.frozenColumnCount == 0 ? 1 : 0
            },
        ]
    }

    /// Every action of `tv` by scope (the app's, the grid's), with their default keys: what `tv --keys` prints and a
    /// key map is checked against. The sheets have none of their own: Esc pops them.
    public static var actionScopes: [[AppAction]] { [appActions { nil }, gridActions { nil }] }

    /// The status line's hints of the screen on top: the grid's and the app's actions that have one (Esc back
    /// instead of the grid's on a sheet), with the user's keys.
    var keyHints: String {
        let map = app?.keyMap ?? KeyMap()
        let onGrid = sheet == .grid
        let back = onGrid ? [] : [KeyBinding([.escape], help: "back to the grid", hint: "back")]
        let actions = onGrid ? map.applied(to: gridActions) + map.applied(to: appActions) : map.applied(to: appActions)
        let bindings = back + actions.map(\.binding).filter(\.showsInHintBar)
        return KeyHintBar.text(for: bindings, width: Int.max / 2, separator: " · ")
    }

    /// The most rows one find looks at (`n` goes on from where it stopped).
    public static let findReach = 500_000

    /// Binds the actions (the app's, the grid's on the root screen), keeps `app`, starts loading the rest of the file
    /// once the main queue runs after this (after the run loop's first frame: ``startLoading()``), and appends
    /// indexed rows every 50 ms until it is indexed.
    public func install(in app: Application) {
        self.app = app
        app.announcementView = statusLine
        app.rootScreen.title = "tv · " + TableText.printable(file.file.path)
        app.addActions(appActions)
        app.rootScreen.actions = gridActions
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

    /// `[` or `]`: one level of sort, by the cursor's column (a click on a title adds levels: the table's
    /// sortByColumn).
    func sortByCursorColumn(ascending: Bool) {
        guard cursorColumn < identifiers.count else { return }
        table.sortDescriptors = [TableSortDescriptor(column: identifiers[cursorColumn], ascending: ascending)]
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
                    self.message = nil
                    self.showFrequency(sheet)
                }
            }
        }
    }
}
