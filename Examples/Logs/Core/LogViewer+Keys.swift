import Dispatch
import LogKit
import TermTable

extension LogViewer {
    /// The app's actions, in force on every screen: the keys, quit.
    ///
    /// Made for `viewer` (nil: actions that do nothing, for ``defaultActionScopes``), as are the others.
    static func makeAppActions(for viewer: LogViewer?) -> [AppAction] {
        [
            AppAction("app.help", keys: [Key("?")], help: "these keys", hint: "keys") { [weak viewer] in
                viewer?.showHelp()
            },
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { [weak viewer] in viewer?.app?.quit()
            },
        ]
    }

    /// The list's actions, bound to the table: filter, errors, expand.
    static func makeListActions(for viewer: LogViewer?) -> [AppAction] {
        [
            AppAction(
                "logs.filter", keys: [Key("/")], help: "filter as you type (Enter keeps, Esc clears)", hint: "filter"
            ) {
                [weak viewer] in viewer?.promptFilter()
            },
            AppAction("logs.next-error", keys: [Key("n")], help: "next error below", hint: "next error") {
                [weak viewer] in viewer?.jumpToError(forward: true)
            },
            AppAction("logs.previous-error", keys: [Key("N")], help: "previous error above") { [weak viewer] in
                viewer?.jumpToError(forward: false)
            },
            AppAction("logs.copy", keys: [Key("y")], help: "copy the cursor's entry, all its lines") {
                [weak viewer] in viewer?.copyEntry()
            },
            AppAction(
                "logs.expand", keys: [.space], help: "expand the entry into its lines (a stack trace), or back",
                hint: "expand"
            ) { [weak viewer] in viewer?.toggleExpansion() },
        ]
    }

    /// The entry screen's actions: q goes back (as Esc does).
    static func makeEntryActions(for viewer: LogViewer?) -> [AppAction] {
        [
            AppAction("entry.back", keys: [Key("q")], help: "back to the list", hint: "back") { [weak viewer] in
                viewer?.closeEntry()
            }
        ]
    }

    /// Every action of `logs` by scope (the app's, the list's, the entry screen's) with their default keys: what
    /// `logs --keys` prints and a key map is checked against, without a viewer.
    public static var defaultActionScopes: [[AppAction]] {
        [makeAppActions(for: nil), makeListActions(for: nil), makeEntryActions(for: nil)]
    }

    /// This viewer's actions by scope (the app's, the list's, the entry screen's), with their default keys.
    public var actionScopes: [[AppAction]] { [appActions, listActions, entryScreen.actions] }

    /// Lines of the help box that name no key.
    public static let otherHelp: [(key: String, action: String)] = [
        ("letters", "jump to the next entry whose component starts with them"),
        ("at the end", "new entries keep the last row on screen; scrolled up, the status line counts them"),
    ]

    /// The status line's key hints: the list's keys that have a hint (the table's Enter,
    /// ``/TermTable/TableView/commandHints``, then the list's and the app's actions, with the user's keys), as a
    /// ``/TermTable/KeyHintBar`` shows them.
    ///
    /// The list's, not those of the view in focus: the line stays while the filter prompt is up. Made once for a
    /// key map (the status line is set every frame).
    public var keyHints: String {
        let map = app?.keyMap ?? KeyMap()
        if let keyHintsText, keyHintsText.map == map { return keyHintsText.text }
        let bindings = table.keyHelp + (map.applied(to: listActions) + map.applied(to: appActions)).map(\.binding)
        let text = KeyHintBar.text(for: bindings.filter(\.showsInHintBar), width: Int.max / 2, separator: "  ")
        keyHintsText = (map, text)
        return text
    }

    /// `?`: the keys in force (those of the screen on top), and on the list what no key says.
    func showHelp() {
        guard let app else { return }
        app.showHelp(title: "logs keys", adding: app.topScreen === entryScreen ? [] : Self.otherHelp)
    }

    /// Binds the actions (the app's, the list's to the table) and keeps `app`, and starts indexing and following (a
    /// single file: once the main queue runs after this, that is after the run loop's first frame); `watch` false:
    /// no file watching (tests call ``filesChanged()``).
    public func install(in app: Application, watch: Bool = true) {
        self.app = app
        app.announcementView = statusLine
        app.rootScreen.title = "logs · " + collection.files.map(\.name).joined(separator: " + ")
        app.addActions(appActions)
        app.addActions(listActions, to: table)
        app.willRender = { [unowned self] in
            self.updateHorizontalContentWidth()
            self.updateBars()
        }
        app.onResize = { [unowned self] _ in self.root.setNeedsLayout() }
        app.focus(table)
        // One file: its end is on the first screen, so the indexing thread and the follower start after that frame
        // (queued behind the run loop's first turn): the first screen at the end waits for neither a thread start
        // nor the indexing thread's share of a processor (4.7 of 19 ms on a loaded 2-core machine). Several files
        // show nothing before they are merged: that starts at once.
        guard !collection.isMerged else {
            startIndexing()
            if watch { startFollowing() }
            return
        }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.startIndexing()
                if watch { self.startFollowing() }
            }
        }
    }

    /// `n`/`N`: the cursor to the next error below (or above); says so when there is none.
    public func jumpToError(forward: Bool) {
        guard openRow == nil else { return }
        let from = cursorRow ?? (forward ? -1 : rowCount)
        var found: Int?
        if let filteredRows {
            var row = forward ? from + 1 : from - 1
            while row >= 0, row < filteredRows.count {
                if collection.level(ofRow: filteredRows[row]).isError {
                    found = row
                    break
                }
                row += forward ? 1 : -1
            }
        } else {
            found = collection.nextError(from: from, forward: forward)
        }
        guard let found else {
            message = forward ? "no error below" : "no error above"
            updateBars()
            return
        }
        setCursor(row: found)
        table.scrollToRow(at: IndexPath(row: found, section: 0), at: .middle)
        message = nil
        updateBars()
    }

    /// The title bar and the status line.
    public func updateBars() {
        // The row for the bytes not indexed yet is not an entry.
        let gap = !collection.isMerged && collection.files[0].gapRow != nil
        let total = collection.count - (gap ? 1 : 0)
        let entries = gap ? "entries so far" : "entries"
        var title = "logs · " + collection.files.map(\.name).joined(separator: " + ")
        if let filteredRows {
            title += " · \(filteredRows.count) of \(total) \(entries) · filter “\(LogText.printable(filterQuery))”"
        } else {
            title += " · \(total) \(entries)"
        }
        if isFiltering { title += " · filtering…" }
        if collection.isMerging { title += " · indexing and merging…" }
        if !collection.isMerged, !collection.files[0].isComplete {
            let file = collection.files[0]
            if let cursorRow, filteredRows == nil, cursorRow < file.rowCount {
                title += " · at ≈\(Int(file.fraction(ofRow: cursorRow) * 100))%"
            }
            title += " · indexing \(Int(file.indexingProgress * 100))%"
        }
        titleBar.text = title
        var status: [String] = []
        if newEntries > 0 { status.append("\(newEntries) new \(newEntries == 1 ? "entry" : "entries") (G: end)") }
        if let message { status.append(message) }
        for file in collection.files { if let notice = file.notice { status.append("\(file.name): \(notice)") } }
        status.append(keyHints)
        statusLine.text = status.joined(separator: " · ")
        if openRow != nil { entryStatusLine.text = openEntryStatus + " · " + entryHints }
    }
}
