import Dispatch
import TableViewerKit
import TableViewerSQLite
import TermTable

extension SQLiteViewer {
    // MARK: Record

    /// Enter: the row as a record (``RecordSheet``: `name : value` a line, NULL and BLOBs as the grid shows them)
    /// pushed over the grid; Esc back. A row not read yet is said on the status line.
    public func openRecord(atRow row: Int) {
        guard let app else { return }
        guard let read = rows[row] else {
            message = "row \(grouped(row + 1)) is not read yet"
            updateBars()
            return
        }
        var notes: [String] = []
        if totalColumnCount > columns.count {
            notes.append("(the first \(grouped(columns.count)) of \(grouped(totalColumnCount)) columns)")
        }
        let cut = read.values.contains { value in
            if case .text(let text) = value { return text.utf8.count > SQLiteTableReader.textLimit - 4 }
            return false
        }
        if cut { notes.append("(a long text is cut at 1 KiB here; tv --print writes it whole)") }
        let text = RecordSheet.text(names: columns.map(\.name), values: read.values.map(Self.cellText), notes: notes)
        let title = read.rowid.map { "row \(grouped(row + 1)) (rowid \($0))" } ?? "row \(grouped(row + 1))"
        record.statusLine.text = "record of \(title) · Esc back"
        record.show(text, title: title, in: app) { [weak self] in self?.updateBars() }
    }

    // MARK: Jobs

    /// Runs `work` with a reader in the grid's order on a thread of its own, on the third connection, under a
    /// cancellation that Esc, a newer job and a new order set; `done` gets its result on the main actor unless the
    /// order changed meanwhile.
    func runJob<Value: Sendable>(
        _ name: String, _ work: @escaping @Sendable (SQLiteTableReader) throws(SQLiteError) -> Value,
        done: @escaping @MainActor (SQLiteViewer, Result<Value, SQLiteError>) -> Void
    ) {
        jobCancellation.cancel()
        jobCancellation = SQLiteCancellation()
        jobGeneration += 1
        if jobReader == nil {
            do throws(SQLiteError) {
                jobReader = Locked(try SQLiteTableReader(database: SQLiteDatabase(path: path), source: source))
            } catch {
                lastError = error
                return
            }
        }
        guard let reader = jobReader else { return }
        isSearching = true
        let order = self.order
        let cancellation = jobCancellation
        let generation = self.generation
        let job = jobGeneration
        TableThread.start(name: "tv-\(name)") {
            let result: Result<Value, SQLiteError> = reader.withLock { reader in
                do throws(SQLiteError) {
                    reader.setOrder(order)
                    return .success(
                        try reader.database.withCancellation(cancellation) { () throws(SQLiteError) in
                            try work(reader)
                        })
                } catch {
                    return .failure(error)
                }
            }
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, job == self.jobGeneration else { return }
                    self.isSearching = false
                    if generation == self.generation { done(self, result) }
                    self.updateBars()
                    self.app?.setNeedsDisplay()
                }
            }
        }
    }

    /// A job's failure on the status line: stopped, or SQLite's error.
    func jobFailed(_ error: SQLiteError, stopped: String) {
        if error.kind == .interrupted { message = stopped } else { lastError = error }
    }

    // MARK: Find

    /// `n`/`N`: the cursor to the next (previous) row in the grid's order whose value matches the last `/` query,
    /// round the end when none is past the cursor (``/TableViewerSQLite/SQLiteTableReader/nextMatch(of:after:rowid:forward:)``,
    /// off the main actor; Esc stops it).
    public func findNext(forward: Bool) {
        guard let query = lastQuery else {
            message = "/ to find first"
            return
        }
        guard let cursor = table.indexPathForSelectedRow?.row, cursor < rowCount else { return }
        let rowid = rows[cursor]?.rowid
        if rows[cursor] == nil {
            message = "row \(grouped(cursor + 1)) is not read yet"
            return
        }
        message = nil
        runJob("find") { reader throws(SQLiteError) in
            try reader.nextMatch(of: query, after: cursor, rowid: rowid, forward: forward)
        } done: { viewer, result in
            viewer.found(result, query: query.text, from: cursor, forward: forward)
        }
    }

    /// `n`/`N`'s answer: the cursor moved (the rows there are read as the table asks), the status line says where.
    func found(_ result: Result<SQLiteMatch?, SQLiteError>, query: String, from cursor: Int, forward: Bool) {
        let quoted = "“\(TerminalText.sanitize(query))”"
        switch result {
        case .success(let match?):
            if match.row >= rowCount {
                let added = match.row + 1 - rowCount
                rowCount += added
                table.reloadData(appendingRows: added)
            }
            table.setCursor(IndexPath(row: match.row, section: 0), notify: false)
            table.scrollToRow(at: IndexPath(row: match.row, section: 0), at: .middle)
            if match.row == cursor {
                message = "\(quoted): only this row matches"
            } else if match.wrapped {
                message = "\(quoted) in row \(grouped(match.row + 1)), from the \(forward ? "top" : "bottom") again"
            } else {
                message = "\(quoted) in row \(grouped(match.row + 1))"
            }
        case .success(nil): message = "\(quoted) not found"
        case .failure(let error): jobFailed(error, stopped: "find stopped")
        }
    }

    // MARK: Frequency

    /// `F`: the cursor's column counted in SQL (``/TableViewerSQLite/SQLiteTableReader/frequency(ofColumn:limit:)``,
    /// at most ``FrequencySheet/distinctLimit`` values, off the main actor; Esc stops it), then its sheet pushed over
    /// the grid.
    public func countColumn() {
        guard let column = table.cursorColumn, column < columns.count else { return }
        message = "counting \(TerminalText.sanitize(columns[column].name))…"
        runJob("frequency") { reader throws(SQLiteError) in
            try reader.frequency(ofColumn: column, limit: FrequencySheet.distinctLimit)
        } done: { viewer, result in
            viewer.message = nil
            switch result {
            case .success(let counted): viewer.showFrequency(counted, column: column)
            case .failure(let error): viewer.jobFailed(error, stopped: "count stopped")
            }
        }
    }

    /// `F`'s count done: its sheet pushed over the grid (when the grid is still on top); Enter on a value filters the
    /// grid to it (`col IS ?`).
    func showFrequency(_ counted: SQLiteFrequency, column: Int) {
        guard let app, let screen, app.topScreen === screen else { return }
        let sheet = SQLiteFrequencySheet(column: columns[column].name, counted: counted) { [weak self] entry in
            self?.filter(column: column, to: entry)
        }
        sheet.screen.onPop = { [weak self] in
            self?.frequencySheet = nil
            self?.updateBars()
        }
        frequencySheet = sheet
        app.push(sheet.screen)
        app.focus(sheet.table)
    }

    /// Enter on a counted value: back to the grid, filtered to the rows holding it (with the `/` filter, if any).
    func filter(column: Int, to entry: SQLiteFrequency.Entry) {
        guard let app, let screen else { return }
        app.popToScreen(screen)
        var newOrder = order
        newOrder.equality = SQLiteEquality(column: column, value: entry.value, rowid: entry.rowid)
        apply(newOrder)
        app.focus(table)
    }
}
