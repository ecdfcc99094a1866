import Dispatch
import FoundationEssentials
import LogKit
import TermTable

extension LogViewer {
    /// Shows only the entries whose text matches `text` fuzzily (``/TermTableCore/FuzzyQuery``); "" shows all.
    ///
    /// The scan reads the files in large chunks on a thread of its own; a newer
    /// query makes an older scan's result moot. The cursor goes to the last match.
    public func setFilter(_ text: String) {
        filterQuery = text
        message = nil
        if FuzzyQuery(text).isEmpty {
            filterGeneration += 1
            isFiltering = false
            let row = cursorRow.flatMap { filteredRows?.indices.contains($0) == true ? filteredRows?[$0] : nil }
            filteredRows = nil
            // All the rows again, in place of the matches: a reload that appends none (not new entries).
            table.reloadData()
            table.layoutIfNeeded()
            if let row {
                setCursor(row: row)
                table.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle)
            } else {
                goToEnd()
            }
            updateBars()
            return
        }
        runFilter()
    }

    /// ``setFilter(_:)``, then waits until its matches show (tests).
    public func filter(_ text: String) async {
        setFilter(text)
        while isFiltering { await Task.yield() }
    }

    /// Scans every row for ``filterQuery`` off the main actor, then shows the matches.
    func runFilter() {
        filterGeneration += 1
        let generation = filterGeneration
        let query = FuzzyQuery(filterQuery)
        isFiltering = true
        updateBars()
        // Each file's rows to scan, now (rows added meanwhile are matched as they arrive).
        let files = collection.files
        let counts = files.map(\.rowCount)
        LogThread.start(name: "logs-filter") { [self, files, counts] in
            var matches: [[Int]] = []
            for (file, count) in zip(files, counts) {
                var found: [Int] = []
                file.forEachEntry(in: 0..<count) { row, bytes in
                    if query.matches(utf8: bytes.assumingMemoryBound(to: UInt8.self)) { found.append(row) }
                    return true
                }
                matches.append(found)
            }
            let result = matches
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.filterDone(result, generation: generation, base: counts.first ?? 0) }
            }
        }
    }

    /// Shows a scan's matches (unless a newer scan started).
    func filterDone(_ matches: [[Int]], generation: Int, base: Int) {
        guard generation == filterGeneration else { return }
        isFiltering = false
        var rows: [Int]
        if collection.isMerged {
            let sets = matches.map(Set.init)
            rows = (0..<collection.count).filter { row in
                let (file, fileRow) = collection.locate(row)
                guard let index = collection.files.firstIndex(where: { $0 === file }) else { return false }
                return sets[index].contains(fileRow)
            }
        } else {
            // Not the row standing for the bytes not indexed yet (the filter runs again when they are).
            let gap = collection.files[0].gapRow
            rows = (matches.first ?? []).filter { $0 != gap }
            // Rows appended while scanning.
            let query = FuzzyQuery(filterQuery)
            let scanned = rows.last.map { $0 + 1 } ?? 0
            for row in max(scanned, base)..<collection.count where !rows.contains(row) {
                if query.matches(collection.entry(atRow: row).text) { rows.append(row) }
            }
        }
        filteredRows = rows
        body.message = "No matching entries"
        table.reloadData()
        goToEnd()
        updateBars()
        app?.setNeedsDisplay()
    }

    /// `/`: filters as you type; Enter keeps the filter, Esc clears it.
    func promptFilter() {
        guard let app else { return }
        app.prompt(
            "/", text: filterQuery,
            onChange: { [unowned self] text in self.setFilter(text) },
            onCancel: { [unowned self] in self.setFilter("") })
    }
}
