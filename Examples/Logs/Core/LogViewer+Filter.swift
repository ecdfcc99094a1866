import LogKit
import TermTable

extension LogViewer {
    /// Shows only the entries whose text matches `text` fuzzily (``/TermTableCore/FuzzyQuery``); "" shows all.
    ///
    /// The toolkit's ``/TermTable/TableQueryController`` runs it through
    /// ``LogQuerySource`` (the files read in large chunks off the main actor, the
    /// matches shown as they come); a newer query cancels an older one's scan. The
    /// cursor goes to the last match; cleared, it goes back as the controller's rules say.
    public func setFilter(_ text: String) {
        filterQuery = text
        message = nil
        if FuzzyQuery(text).isEmpty {
            rowQuery.clear()
            return
        }
        runFilter()
    }

    /// ``setFilter(_:)``, then waits until its matches show (tests).
    public func filter(_ text: String) async {
        setFilter(text)
        while isFiltering { await Task.yield() }
    }

    /// Runs ``filterQuery`` over every row (again, when the rows changed other than at their end).
    func runFilter() {
        filterCounter = LogScanCounter()
        filterMatchedEnd = collection.count
        rowQuery.source = LogQuerySource(collection: collection, rows: 0..<filterMatchedEnd, counter: filterCounter)
        rowQuery.setQuery(TableQuery(text: filterQuery))
    }

    /// Rows appended while a filter is in force: matched by a scan of their own, after the scans before it.
    func filterAppendedRows() {
        guard rowQuery.isQuerying, collection.count > filterMatchedEnd else { return }
        let rows = filterMatchedEnd..<collection.count
        filterMatchedEnd = collection.count
        rowQuery.sourceDidAppend(LogQuerySource(collection: collection, rows: rows, counter: filterCounter))
    }

    /// The filter's rows, cursor or scan changed: the cursor's row and the bars follow.
    func filterChanged() {
        cursorRow = table.indexPathForSelectedRow?.row
        body.message = rowQuery.isQuerying ? "No matching entries" : "No entries"
        announceFilterResultIfDone()
        updateBars()
        app?.setNeedsDisplay()
    }

    /// After Enter kept a filter: once its scan ended, "N matching entries" (``message``, announced).
    func announceFilterResultIfDone() {
        guard announcesFilterResult, !isFiltering else { return }
        announcesFilterResult = false
        guard let filteredRows else { return }
        message = filteredRows.count == 1 ? "1 matching entry" : "\(filteredRows.count) matching entries"
    }

    /// `/`: filters as you type; Enter keeps the filter (and says how many entries match), Esc clears it.
    func promptFilter() {
        guard let app else { return }
        app.prompt(
            "/", text: filterQuery,
            onChange: { [unowned self] text in self.setFilter(text) },
            onSubmit: { [unowned self] _ in
                self.announcesFilterResult = true
                self.announceFilterResultIfDone()
            },
            onCancel: { [unowned self] in self.setFilter("") })
    }
}
