import Dispatch
import LogKit
import TermTable

extension LogViewer {
    /// The least time between two reads of a followed file: a writer of a thousand lines a second is read (and
    /// drawn) at most this often, not once a line.
    public static let followCoalescing = Duration.milliseconds(50)

    /// Starts following every file: a file with the toolkit's ``/TermTable/FileFollower`` (its appended bytes
    /// handed to the index as they are read, ``followed(_:_:)``), a pipe through its spool.
    public func startFollowing() {
        stopFollowing()
        for file in collection.files {
            if let spool = file.spool {
                spool.start { [weak self] in self?.filesChanged() }
                spools.append(spool)
                followers.append(nil)
                continue
            }
            let index = followers.count
            // From what the index holds: bytes written since it was made are handed over by the check below.
            let follower = try? FileFollower(
                path: file.path, from: .offset(file.indexedBytes), coalescing: Self.followCoalescing
            ) { [weak self] change in self?.followed(index, change) }
            followers.append(follower)
            follower?.check()
        }
    }

    /// Stops following.
    public func stopFollowing() {
        for follower in followers { follower?.cancel() }
        for spool in spools { spool.stop() }
        followers = []
        spools = []
    }

    /// A follower's change to file `index`: appended bytes go to its index where they are (no second read). After
    /// a truncation, replacement or deletion the file's bytes wait for ``filesChanged()`` (which starts the file
    /// over, or finds the new file itself): the rows change only there, between frames. The rows are updated
    /// once, after the follower's calls of this wake-up.
    func followed(_ index: Int, _ change: FileFollower.Change) {
        switch change {
        case .appended(let bytes):
            guard let follower = followers[index], !awaitingLook.contains(index) else { break }
            collection.files[index].ingest(bytes, at: follower.offset - Int64(bytes.count))
        case .truncated:
            awaitingLook.insert(index)
            truncatedFiles.insert(index)
        case .replaced, .deleted: awaitingLook.insert(index)
        }
        // Once for all the follower's calls of this wake-up (a large append comes in 64 KiB parts).
        guard !needsRefresh else { return }
        needsRefresh = true
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.filesChanged() } }
    }

    /// Reads what changed in the files: appended entries added (keeping the last row on screen when it was),
    /// a truncated or replaced file shown again from its end, a deletion said; draws again.
    public func filesChanged() {
        needsRefresh = false
        defer { app?.setNeedsDisplay() }
        // A truncation a follower saw: the file may have grown past what was read before it was looked at.
        for index in truncatedFiles { collection.files[index].restart() }
        truncatedFiles = []
        awaitingLook = []
        let collectionBefore = collection.count
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
                // What its writer still appends is read too. The file's notice says it was deleted (for as long as
                // it is): a message saying so too showed the same news twice in the status line.
                appended = true
            }
        }
        if restarted {
            restart()
            return
        }
        guard appended else { return }
        if collection.isMerged { collection.mergeNewRows() }
        // One file's rows only come at the end: of those read, only the last can have grown (continuation
        // lines, or the rest of a line written in parts); merged, the last entry of each file can be anywhere
        // near the end.
        if collection.isMerged {
            entryCache.removeAll(keepingCapacity: true)
        } else {
            entryCache[collectionBefore - 1] = nil
        }
        let shownBefore = filteredRows?.count ?? collectionBefore
        // Those that match come in once the filter's thread has read them.
        filterAppendedRows()
        // The last entry may have grown: drawn again, with the new rows, appended after the last. The table follows
        // its end (at the end, the new last row shows; scrolled away, it counts them, ``newEntries``). A partial
        // last line completed adds no row, so it is not counted.
        table.reloadData(appendingRows: rowCount - shownBefore)
        updateBars()
    }

    /// After a truncation or replacement: every row read again, the cursor at the end.
    func restart() {
        collection.resetMerge()
        if !collection.isMerged { tailRowsStart = collection.files[0].rowsBeforeTail }
        startIndexing()
        showAllRowsAtTheEnd()
    }

    /// Several files are indexed and merged: their rows, the cursor at the end.
    func mergeFinished() {
        showAllRowsAtTheEnd()
        app?.setNeedsDisplay()
    }

    /// Every row read again (cached entries, expansions and the filter's rows dropped), the cursor at the end.
    private func showAllRowsAtTheEnd() {
        entryCache.removeAll()
        expandedRows = []
        if rowQuery.isQuerying { runFilter() }
        table.reloadData()
        goToEnd()
        updateBars()
    }

    /// The rows of the part before the end are indexed: they take the gap row's place, the rows found from the end
    /// go further down; the cursor stays on its entry, on its line (on the gap row: the entry it started at).
    func indexingFinished() {
        let oldBefore = tailRowsStart
        tailRowsStart = collection.files[0].rowsBeforeTail
        let shift = tailRowsStart - oldBefore
        entryCache.removeAll()
        expandedRows = Set(expandedRows.map { $0 < oldBefore ? $0 : $0 + shift })
        openRow = openRow.map { $0 < oldBefore ? $0 : $0 + shift }
        if rowQuery.isQuerying {
            runFilter()
        } else {
            let line = table.cursorLine
            let row = cursorRow.map { $0 < oldBefore ? $0 : $0 + shift }
            // The rows come in place of the gap row, above the end: a reload that appends none (not new entries).
            table.reloadData()
            table.layoutIfNeeded()
            setCursor(row: row)
            if let row {
                table.scrollToRow(at: IndexPath(row: row, section: 0), at: line.map { .line($0) } ?? .bottom)
            }
        }
        updateBars()
        app?.setNeedsDisplay()
    }
}
