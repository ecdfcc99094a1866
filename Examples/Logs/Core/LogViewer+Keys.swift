import Dispatch
import LogKit
import TermTable

extension LogViewer {
    /// The app's keys, each with its help and the command it runs, in the order of the help box.
    ///
    /// The table's own keys (cursor, g/G, PgUp/PgDn, Enter) come with their help from
    /// the table (``/TermTable/TableView/keyHelp``); the `?` box lists both.
    public static let commandBindings: [(binding: KeyBinding, command: LogCommand)] = [
        (KeyBinding([Key("/")], help: "filter as you type (Enter keeps, Esc clears)", hint: "filter"), .filter),
        (KeyBinding([Key("n")], help: "next error below", hint: "next error"), .nextError),
        (KeyBinding([Key("N")], help: "previous error above"), .previousError),
        (
            KeyBinding([.space], help: "expand the entry into its lines (a stack trace), or back", hint: "expand"),
            .expand
        ),
        (KeyBinding([.escape], help: "close the entry"), .closeEntry),
        (KeyBinding([Key("?")], help: "these keys", hint: "keys"), .help),
        (KeyBinding([Key("q")], help: "quit (in the entry: back)", hint: "quit"), .back),
    ]

    /// Lines of the help box that name no key.
    public static let otherHelp: [(key: String, action: String)] = [
        ("letters", "jump to the next entry whose component starts with them"),
        ("at the end", "new entries keep the last row on screen; scrolled up, the status line counts them"),
    ]

    /// The status line's key hints, as a ``/TermTable/KeyHintBar`` shows them (made once: the status line is
    /// set every frame).
    public var keyHints: String {
        if let keyHintsText { return keyHintsText }
        let bindings = table.keyHelp + Self.commandBindings.map(\.binding)
        let text = KeyHintBar.text(for: bindings.filter(\.showsInHintBar), width: Int.max / 2, separator: "  ")
        keyHintsText = text
        return text
    }

    /// Binds the keys and keeps `app`, and starts indexing and following (a single file: once the main queue runs
    /// after this, that is after the run loop's first frame); `watch` false: no file watching (tests call
    /// ``filesChanged()``).
    public func install(in app: Application, watch: Bool = true) {
        self.app = app
        for (binding, command) in Self.commandBindings {
            app.bind(binding) { [unowned self] in self.perform(command) }
        }
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

    /// Does what a key asked.
    public func perform(_ command: LogCommand) {
        switch command {
        case .back: if openRow != nil { closeEntry() } else { app?.quit() }
        case .closeEntry: if openRow != nil { closeEntry() }
        case .help: app?.showHelp(title: "logs keys", adding: Self.otherHelp)
        case .expand: toggleExpansion()
        case .filter: promptFilter()
        case .nextError: jumpToError(forward: true)
        case .previousError: jumpToError(forward: false)
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

    /// Enter: the whole entry of table row `row`, instead of the list.
    public func openEntry(atRow row: Int) {
        guard row < rowCount else { return }
        openRow = collectionRow(row)
        openCursorLine = table.cursorLine
        body.isHidden = true
        columnHeader.isHidden = true
        entryView.isHidden = false
        root.setNeedsLayout()
        entryView.text = ""  // the same entry again starts at its top too
        let entry = collection.entry(atRow: collectionRow(row))
        let lines = entry.isCut ? collection.lineCount(ofRow: collectionRow(row)) : (entry.lineCount, true)
        entryView.text = Self.displayText(of: entry, lines: lines)
        openEntryStatus = "entry \(collectionRow(row) + 1) · \(Self.lineText(lines)) · \(entry.length) bytes"
        app?.focus(entryView)
        updateBars()
    }

    /// An entry's text for the entry view: tabs as four spaces, and a note when it was cut for display, with its
    /// lines shown of `lines` (all of them; the entry's own count when nil).
    nonisolated public static func displayText(of entry: LogEntry, lines: (count: Int, isExact: Bool)? = nil) -> String
    {
        var text = entry.text.replacing("\t", with: "    ")
        if entry.isCut {
            let all = lines ?? (entry.lineCount, true)
            text +=
                "\n… cut: \(LogFile.displayLimit / 1024) KiB shown of \(entry.length) bytes"
                + " (\(entry.lineCount) of \(lineText(all)))"
        }
        return text
    }

    /// "12 lines", or "at least 12 lines" when not all of them were counted.
    nonisolated static func lineText(_ lines: (count: Int, isExact: Bool)) -> String {
        (lines.isExact ? "" : "at least ") + "\(lines.count) \(lines.count == 1 ? "line" : "lines")"
    }

    /// Esc or q: back to the list, the cursor on the entry that was open, on its line.
    ///
    /// The table, hidden meanwhile, was laid out with no height, which moved its cursor to the last row while it
    /// followed its end (every entry on screen: g j Enter Esc left the cursor on the last entry), so the cursor is
    /// put back on the entry's row.
    public func closeEntry() {
        let opened = openRow
        openRow = nil
        entryView.isHidden = true
        body.isHidden = false
        columnHeader.isHidden = false
        root.setNeedsLayout()
        app?.focus(table)
        if let opened, let row = tableRow(ofCollectionRow: opened) {
            root.layoutIfNeeded()
            setCursor(row: row)
            table.scrollToRow(at: IndexPath(row: row, section: 0), at: openCursorLine.map { .line($0) } ?? .middle)
        }
        updateBars()
    }

    /// The table row showing collection row `row`, nil when none does (filtered out, or gone).
    func tableRow(ofCollectionRow row: Int) -> Int? {
        guard let filteredRows else { return row < collection.count ? row : nil }
        var low = 0
        var high = filteredRows.count
        while low < high {
            let middle = (low + high) / 2
            if filteredRows[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low < filteredRows.count && filteredRows[low] == row ? low : nil
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
        if openRow != nil {
            status.append(openEntryStatus)
            status.append("Esc/q back")
        } else {
            if newEntries > 0 { status.append("\(newEntries) new \(newEntries == 1 ? "entry" : "entries") (G: end)") }
            if let message { status.append(message) }
            for file in collection.files { if let notice = file.notice { status.append("\(file.name): \(notice)") } }
            status.append(keyHints)
        }
        statusLine.text = status.joined(separator: " · ")
    }
}
