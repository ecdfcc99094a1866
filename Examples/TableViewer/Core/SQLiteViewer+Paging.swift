import Dispatch
import TableViewerKit
import TableViewerSQLite
import TermTable

extension SQLiteViewer {
    /// Shows `newOrder` (a sort, a filter): the queries of the one before are interrupted, the rows forgotten, the
    /// count estimated again and run; the first page comes first (the table asks for the rows on screen).
    public func apply(_ newOrder: SQLiteOrder) {
        order = newOrder
        start(firstRows: 0)
        table.setCursor(rowCount > 0 ? IndexPath(row: 0, section: 0) : nil, notify: false)
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top)
        updateBars()
    }

    /// A new generation for ``order``: the cache emptied, the count estimated (from the rowids at once, for a table
    /// in its own order) and run on its own connection.
    func start(firstRows: Int) {
        generation += 1
        cancellation.cancel()
        cancellation = SQLiteCancellation()
        jobCancellation.cancel()
        rows = [:]
        pagesInFlight = []
        failedPages = []
        lastError = nil
        firstPageShown = false
        orderStarted = .now
        let estimate = reader.withLock { reader in
            reader.setOrder(order)
            return reader.quickEstimate()
        }
        countIsRowidSpan = estimate != nil
        countIsExact = false
        // Without an estimate, a page's worth: it grows as full pages come, and is exact when a short one does.
        rowCount = estimate ?? Self.pageSize
        table.reloadData()
        // A filter's (or a query's) count waits for its first page: a short one is the count, and a full one is
        // not slowed by a second scan of the table on the other connection meanwhile.
        countIsPending = estimate == nil
        if !countIsPending { count() }
    }

    /// Reads the first `count` rows here (the first frame shows them).
    func readFirstRows(_ count: Int) {
        let order = self.order
        let read = try? reader.withLock { reader throws(SQLiteError) in
            reader.setOrder(order)
            return try reader.rows(0..<count, total: nil)
        }
        for (offset, row) in (read ?? []).enumerated() { rows[offset] = row }
        if let read, read.count < count {
            rowCount = read.count
            countIsExact = true
        }
        table.reloadData()
        if rowCount > 0 { table.setCursor(IndexPath(row: 0, section: 0), notify: false) }
        if countIsPending {
            countIsPending = false
            if !countIsExact { self.count() }
        }
    }

    /// The count of the order on the count connection, on a thread of its own (a filter's keeps its rowids, up to
    /// 65,536, for narrowing).
    func count() {
        isCounting = true
        countsStarted += 1
        let generation = self.generation
        let counting = reader.withLock { $0.counting }
        let database = countDatabase
        let cancellation = self.cancellation
        let reader = self.reader
        TableThread.start(name: "tv-count") {
            let result: Result<Int, SQLiteError> = database.withLock { database in
                do throws(SQLiteError) {
                    let (count, rowids) = try database.withCancellation(cancellation) { () throws(SQLiteError) in
                        try counting.run(on: database)
                    }
                    // A filter's few matches (a count run to its end): a longer query looks only at them.
                    if let rowids { reader.withLock { $0.keepMatches(rowids, of: counting.order) } }
                    return .success(count)
                } catch {
                    return .failure(error)
                }
            }
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.counted(result, generation: generation) }
            }
        }
    }

    /// The count came (or failed, or was stopped).
    func counted(_ result: Result<Int, SQLiteError>, generation: Int) {
        guard generation == self.generation else { return }
        isCounting = false
        switch result {
        case .success(let count):
            let before = rowCount
            countIsExact = true
            rowCount = count
            if before != count {
                // Rows read from the end were placed by the estimate: read them again where they are.
                if countIsRowidSpan { rows = [:] }
                table.reloadData()
            }
        case .failure(let error):
            if error.kind != .interrupted { lastError = error }
            message = error.kind == .interrupted ? "count stopped" : nil
        }
        updateBars()
        app?.setNeedsDisplay()
    }

    /// Reads page `page` on a thread of its own (the reader is used by one at a time), then puts its rows in.
    func read(page: Int) {
        pagesInFlight.insert(page)
        let generation = self.generation
        let order = self.order
        let range = (page * Self.pageSize)..<((page + 1) * Self.pageSize)
        let total: Int? = countIsExact || countIsRowidSpan ? rowCount : nil
        let reader = self.reader
        let cancellation = self.cancellation
        TableThread.start(name: "tv-page") {
            let result: Result<[SQLiteRow], SQLiteError> = reader.withLock { reader in
                do throws(SQLiteError) {
                    reader.setOrder(order)
                    return .success(
                        try reader.database.withCancellation(cancellation) { () throws(SQLiteError) in
                            try reader.rows(range, total: total)
                        })
                } catch {
                    return .failure(error)
                }
            }
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.received(result, page: page, generation: generation) }
            }
        }
    }

    /// A page's rows came: kept (the cache bounded around the cursor), redrawn in place; a short page ends an
    /// estimated count, a full last one grows it.
    func received(_ result: Result<[SQLiteRow], SQLiteError>, page: Int, generation: Int) {
        let first = page * Self.pageSize
        guard generation == self.generation else {
            // An answer for an older order: the table still counts its rows as asked, so they are reconfigured
            // (still not at hand) and it asks for them again, for the order shown.
            let waiting = (first..<min(first + Self.pageSize, rowCount)).filter { rows[$0] == nil }
            if !waiting.isEmpty { table.reconfigureRows(at: waiting.map { IndexPath(row: $0, section: 0) }) }
            return
        }
        pagesInFlight.remove(page)
        switch result {
        case .success(let read):
            for (offset, row) in read.enumerated() { rows[first + offset] = row }
            if !countIsExact, !countIsRowidSpan {
                if read.count < Self.pageSize {
                    rowCount = first + read.count
                    countIsExact = true
                    table.reloadData()
                } else if first + read.count >= rowCount {
                    let grown = first + read.count + Self.pageSize
                    let added = grown - rowCount
                    rowCount = grown
                    table.reloadData(appendingRows: added)
                }
            }
            if countIsPending {
                countIsPending = false
                if !countIsExact { count() }
            }
            if !firstPageShown, page == 0 {
                firstPageShown = true
                let milliseconds = Int((ContinuousClock.now - orderStarted) / .milliseconds(1))
                if order != SQLiteOrder() { message = "first page in \(grouped(milliseconds)) ms" }
                if let filter = order.filter { cursorToBestMatch(in: read, query: filter) }
            }
            trimCache()
            let shown = (first..<(first + read.count)).filter { $0 < rowCount }.map { IndexPath(row: $0, section: 0) }
            table.reconfigureRows(at: shown)
        case .failure(let error):
            failedPages.insert(page)
            if error.kind == .interrupted {
                message = "stopped (R reads again)"
            } else {
                lastError = error
            }
            let shown = (first..<min(first + Self.pageSize, rowCount)).map { IndexPath(row: $0, section: 0) }
            table.reconfigureRows(at: shown)
        }
        updateBars()
        app?.setNeedsDisplay()
    }

    /// The fuzzy ranking of the first page of `LIKE`'s candidates: the cursor goes to the row whose value the query
    /// matches best (``/TermTable/FuzzyQuery``'s score; the first of equals).
    func cursorToBestMatch(in read: [SQLiteRow], query: (column: Int, text: String)) {
        let fuzzy = FuzzyQuery(query.text)
        var best: (row: Int, score: Int)?
        for (row, values) in read.enumerated() where query.column < values.values.count {
            guard let match = fuzzy.match(values.values[query.column].displayText) else { continue }
            if best == nil || match.score > best!.score { best = (row, match.score) }
        }
        guard let best else { return }
        table.setCursor(IndexPath(row: best.row, section: 0), notify: false)
    }

    /// Keeps at most ``cacheLimit`` rows: the pages farthest from the cursor go.
    func trimCache() {
        guard rows.count > Self.cacheLimit else { return }
        let cursor = table.indexPathForSelectedRow?.row ?? 0
        let keep = Self.cacheLimit / 2
        rows = rows.filter { abs($0.key - cursor) < keep }
    }

    /// Esc: stops the queries running (the count, pages); the rows not read say so until `R`.
    public func stopQueries() {
        guard isRunning else { return }
        cancellation.cancel()
        jobCancellation.cancel()
        // Rows asked after this are read (scrolling to them asks again).
        cancellation = SQLiteCancellation()
        message = "stopping…"
    }

    /// `R`: the order read again (the count too), from the whole table (not narrowed to the rows of a query before).
    public func reload() {
        reader.withLock { $0.forgetMatchesRead() }
        apply(order)
    }

    /// `/`: a prompt; Enter filters the cursor's column (an empty query: no filter).
    func promptFilter() {
        let column = table.cursorColumn ?? 0
        guard column < columns.count else { return }
        let current = order.filter?.column == column ? order.filter?.text ?? "" : ""
        app?.prompt(
            "filter \(TerminalText.sanitize(columns[column].name)): ", text: current,
            onChange: { [weak self] query in
                guard let self else { return }
                var newOrder = self.order
                newOrder.filter = query.isEmpty ? nil : (column, query)
                self.apply(newOrder)
            },
            onSubmit: { [weak self] query in
                guard let self else { return }
                // `n`/`N` look for the query submitted (it stays when the filter is cleared); Enter on an empty
                // query clears `F`'s value filter too.
                guard query.isEmpty else {
                    self.lastQuery = (column, query)
                    return
                }
                guard self.order.isFiltered else { return }
                var newOrder = self.order
                newOrder.filter = nil
                newOrder.equality = nil
                self.apply(newOrder)
            })
    }

    /// The grid's actions: sort, filter, stop, read again, quit and help.
    static func actions(on viewer: @escaping @MainActor () -> SQLiteViewer?) -> [AppAction] {
        func action(
            _ name: String, _ key: Key, _ help: String, hint: String? = nil,
            _ body: @escaping @MainActor (SQLiteViewer) -> Void
        ) -> AppAction {
            AppAction(name, keys: [key], help: help, hint: hint) {
                guard let viewer = viewer() else { return }
                body(viewer)
                viewer.updateBars()
                viewer.table.setNeedsDisplay()
            }
        }
        return [
            action("sort.ascending", Key("["), "sort ascending by the column (ORDER BY)") {
                $0.sortByCursorColumn(ascending: true)
            },
            action("sort.descending", Key("]"), "sort descending by the column") {
                $0.sortByCursorColumn(ascending: false)
            },
            action("filter.start", Key("/"), "filter the column (LIKE, fuzzy candidates)", hint: "filter") {
                $0.promptFilter()
            },
            action("find.next", Key("n"), "the next row the last / query matches (round the end)") {
                $0.findNext(forward: true)
            },
            action("find.previous", Key("N"), "the previous row the last / query matches") {
                $0.findNext(forward: false)
            },
            action("column.frequency", Key("F"), "the column's values counted (GROUP BY); Enter filters to one") {
                $0.countColumn()
            },
            action("query.reload", Key("R"), "read again (after a stop)") { $0.reload() },
        ]
    }

    /// `[` or `]`: one level of sort by the cursor's column.
    func sortByCursorColumn(ascending: Bool) {
        guard let column = table.cursorColumn, column < columns.count else { return }
        table.sortDescriptors = [TableSortDescriptor(column: String(column), ascending: ascending)]
    }
}
