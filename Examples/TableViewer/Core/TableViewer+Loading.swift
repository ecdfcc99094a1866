import Dispatch
import TableViewerKit
import TermTable

extension TableViewer {
    /// After the first frame: on a thread of its own, the column types from the first ``profileRows`` rows (given
    /// to ``retype(_:)`` on the main queue), then the rest of the index (``appendIndexedRows()`` shows its rows).
    /// ``install(in:)`` queues it behind the run loop's first turn, so the first frame waits for neither a thread's
    /// start nor its share of a processor; called again, it does nothing.
    public func startLoading() {
        guard !loadingStarted, !isLoaded || !typesAreFinal else { return }
        loadingStarted = true
        let file = self.file
        let cancellation = self.cancellation
        let beforeIndexing = self.beforeIndexing
        let needsTypes = !typesAreFinal
        TableThread.start(name: "tv-index") {
            beforeIndexing()
            if needsTypes, !cancellation.isCancelled {
                let types = file.profileColumns(sampleRows: TableViewer.profileRows).map(\.type)
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated { self?.retype(types) }
                }
            }
            file.buildIndex(cancellation: cancellation)
        }
    }

    /// The columns typed from the profile of the first ``profileRows`` rows: a column whose type changed gets
    /// its value type and alignment (the cursor's row and column and the top row stay); a sort asked for meanwhile
    /// runs once the file is loaded too.
    public func retype(_ profiled: [ColumnType]) {
        typesAreFinal = true
        for (index, type) in profiled.enumerated()
        where index < types.count && index < identifiers.count && type != types[index] {
            guard var column = table.tableColumn(withIdentifier: identifiers[index]) else { continue }
            column.valueType = Self.valueType(type)
            column.alignment = column.valueType.defaultAlignment
            table.updateTableColumn(column)
        }
        if profiled.count == types.count { types = profiled }
        runPendingSort()
        updateBars()
        app?.setNeedsDisplay()
    }

    /// Appends the rows indexed since the last look; stops looking once the index is complete.
    public func appendIndexedRows() {
        let progress = file.progress
        if progress.records > rowCount, order == nil {
            let added = progress.records - rowCount
            rowCount = progress.records
            table.reloadData(appendingRows: added)
            if cursorRow == nil { setCursor(row: 0) }
        }
        if progress.isComplete, !isLoaded {
            isLoaded = true
            loadMilliseconds = Int((ContinuousClock.now - loadStart) / .milliseconds(1))
            if let loadTimer { app?.cancelTimer(loadTimer) }
            loadTimer = nil
            runPendingSort()
        }
        updateBars()
    }

    /// The sort asked for while the file loaded (or its types were not final yet), once both are done.
    func runPendingSort() {
        guard isLoaded, typesAreFinal, let pendingSort else { return }
        self.pendingSort = nil
        sort(by: pendingSort)
    }
}
