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
            filterScanRunning = false
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
        filterRowsRead = 0
        isFiltering = true
        updateBars()
        startFilterScan(from: 0)
    }

    /// Matches the rows from `start` to the last on a thread of its own (``filterScanned(_:rows:read:generation:)``
    /// shows them): each row is read once, in large chunks, and none on the main actor, whatever is appended
    /// meanwhile (a file growing at 50 MB/s while `/error db` ran froze `logs` for minutes: each appended row was
    /// read on the main actor and looked for among the matches).
    func startFilterScan(from start: Int) {
        let generation = filterGeneration
        let query = FuzzyQuery(filterQuery)
        let rows = start..<max(start, collection.count)
        let files = collection.files
        let ranges = collection.fileRows(in: rows)
        filterScanRunning = true
        LogThread.start(name: "logs-filter") { [self, files, ranges] in
            var matches: [[Int]] = []
            var read = 0
            for (file, range) in zip(files, ranges) {
                var found: [Int] = []
                file.forEachEntry(in: range) { row, bytes in
                    read += 1
                    if query.matches(utf8: bytes.assumingMemoryBound(to: UInt8.self)) { found.append(row) }
                    return true
                }
                matches.append(found)
            }
            let result = matches
            let count = read
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    self.filterScanned(result, rows: rows, read: count, generation: generation)
                }
            }
        }
    }

    /// A scan's matches (each file's rows that matched, of collection rows `rows`) shown, unless a newer scan
    /// started: the first scan's in place of the rows shown, later ones (rows appended since) after the last. Work
    /// here is linear in `rows` (merged) or in the matches (one file), with no reads; rows appended meanwhile are
    /// scanned next.
    func filterScanned(_ matches: [[Int]], rows: Range<Int>, read: Int, generation: Int) {
        guard generation == filterGeneration else { return }
        filterScanRunning = false
        filterRowsRead += read
        var found: [Int] = []
        if collection.isMerged {
            // Each file's matches are in order, as its rows are among the merged rows.
            var next = Array(repeating: 0, count: matches.count)
            for row in rows {
                let (file, fileRow) = collection.locateIndex(row)
                let list = matches[file]
                while next[file] < list.count, list[next[file]] < fileRow { next[file] += 1 }
                if next[file] < list.count, list[next[file]] == fileRow { found.append(row) }
            }
        } else {
            // Not the row standing for the bytes not indexed yet (the filter runs again when they are).
            let gap = collection.files[0].gapRow
            found = (matches.first ?? []).filter { $0 != gap }
        }
        filterMatchedEnd = rows.upperBound
        if isFiltering {
            isFiltering = false
            filteredRows = found
            body.message = "No matching entries"
            table.reloadData()
            goToEnd()
        } else {
            filteredRows = (filteredRows ?? []) + found
            table.reloadData(appendingRows: found.count)
        }
        // Rows appended while it ran.
        if collection.count > filterMatchedEnd { startFilterScan(from: filterMatchedEnd) }
        updateBars()
        app?.setNeedsDisplay()
    }

    /// Rows appended while a filter is in force: matched by a scan of their own (unless one runs: it takes them
    /// when done).
    func filterAppendedRows() {
        guard filteredRows != nil, !isFiltering, !filterScanRunning, collection.count > filterMatchedEnd else { return }
        startFilterScan(from: filterMatchedEnd)
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
