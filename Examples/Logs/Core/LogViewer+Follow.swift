import LogKit
import TermTable

extension LogViewer {
    /// Starts following every file: each change is read at once (``filesChanged()``).
    public func startFollowing() {
        stopFollowing()
        for file in collection.files {
            let watch = file.makeGrowthWatch()
            watch.start { [weak self] in self?.filesChanged() }
            watches.append(watch)
        }
    }

    /// Stops following.
    public func stopFollowing() {
        for watch in watches { watch.stop() }
        watches = []
    }

    /// Reads what changed in the files: appended entries added (keeping the last row on screen when it was),
    /// a truncated or replaced file shown again from its end, a deletion said.
    public func filesChanged() {
        let oldCount = rowCount
        let collectionBefore = collection.count
        let wasShowingLast = showsLastRow
        let cursorWasLast = cursorRow == nil || cursorRow == oldCount - 1
        var appended = false
        var restarted = false
        for file in collection.files {
            switch file.update() {
            case .none: break
            case .appended: appended = true
            case .truncated:
                restarted = true
                message = "\(file.name) was truncated: shown again from its end"
            case .replaced:
                restarted = true
                message = "\(file.name) was replaced (rotated): showing the new file"
            case .deleted:
                message = "\(file.name) was deleted: showing what was read"
            }
        }
        if restarted {
            restart()
            return
        }
        guard appended else {
            app?.setNeedsDisplay()
            return
        }
        if collection.isMerged { collection.mergeNewRows() }
        // One file's rows only come at the end: of those read, only the last can have grown (continuation
        // lines); merged, the last entry of each file can be anywhere near the end.
        if collection.isMerged {
            entryCache.removeAll(keepingCapacity: true)
        } else {
            entryCache[collectionBefore - 1] = nil
        }
        let newRows = collectionBefore..<collection.count
        if filteredRows != nil {
            let query = FuzzyQuery(filterQuery)
            filteredRows! += newRows.filter { query.matches(collection.entry(atRow: $0).text) }
        }
        let count = rowCount
        // The last entry may have grown (continuation lines): drawn again, with the new rows.
        table.reloadData()
        guard count > oldCount else {
            app?.setNeedsDisplay()
            return
        }
        if wasShowingLast {
            if cursorWasLast { setCursor(row: count - 1) }
            table.scrollToRow(at: IndexPath(row: count - 1, section: 0), at: .bottom)
        } else {
            newEntries += count - oldCount
        }
        updateBars()
        app?.setNeedsDisplay()
    }

    /// After a truncation or replacement: every row read again, the cursor at the end.
    func restart() {
        collection.resetMerge()
        if collection.isMerged {
            for file in collection.files { file.indexAll() }
            collection.mergeNewRows()
        } else {
            startIndexing()
        }
        entryCache.removeAll()
        newEntries = 0
        if filteredRows != nil { runFilter() }
        table.reloadData()
        goToEnd()
        updateBars()
        app?.setNeedsDisplay()
    }

    /// The rows of the part before the end are indexed: they go above, the cursor stays on its entry, on its line.
    func indexingFinished() {
        let shift = collection.files[0].headCount
        entryCache.removeAll()
        if filteredRows != nil {
            runFilter()
        } else if shift > 0 {
            let line = table.cursorLine
            let row = cursorRow.map { $0 + shift }
            table.reloadData()
            setCursor(row: row)
            if let row { table.scrollToRow(at: IndexPath(row: row, section: 0), at: line.map { .line($0) } ?? .bottom) }
        }
        updateBars()
        app?.setNeedsDisplay()
    }
}
