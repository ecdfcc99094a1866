import TermTableCore

/// Fetches rows ahead of their display, for a data source whose rows arrive later (UIKit's
/// `UITableViewDataSourcePrefetching`).
///
/// The table asks for the rows its data source says are not at hand
/// (``TableViewDataSource/tableView(_:isRowAvailableAt:)``): those on screen first, then about a screen ahead
/// in the direction of the scroll. It never asks again for a row asked and not yet answered or cancelled; it
/// cancels the rows that scrolled far away (and asks again if they come back). Start the work and return at
/// once; when rows arrive, call ``TableView/reconfigureRows(at:)`` on the main actor.
@MainActor
public protocol TableViewDataSourcePrefetching: AnyObject {
    /// Start fetching the rows at `indexPaths`, most needed first (the rows on screen, then the nearest ahead).
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    /// The rows at `indexPaths` are no longer needed (they scrolled far away, or the rows moved): drop their
    /// work if it has not started (default: nothing). An answer that still arrives is welcome.
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    /// The default does nothing.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

/// Counters of a table's placeholders and prefetch requests, for tests and benchmarks.
public struct PrefetchStatistics: Hashable, Sendable {
    /// The rows that showed a placeholder after the last layout pass (about once a frame).
    public var placeholderRowsOnScreen = 0
    /// Layout passes that left at least one placeholder on screen.
    public var layoutPassesWithPlaceholders = 0
    /// Layout passes since the table was made.
    public var layoutPasses = 0
    /// Rows asked of the prefetch data source.
    public var rowsRequested = 0
    /// Rows whose request was cancelled.
    public var rowsCancelled = 0
    /// Rows asked and neither answered (``TableView/reconfigureRows(at:)``) nor cancelled.
    public var rowsOutstanding = 0
    /// Creates zeroed counters.
    public init() {}
}

/// A table's prefetching: the prefetch data source, the placeholder named, the requests outstanding and the
/// window last asked for.
///
/// **Invariant**: `outstanding` holds rows asked of `source` and neither answered nor cancelled, all within the
/// table's counts as last loaded, at most ``keepDistance(ahead:)`` rows from the rows on screen after each pass.
/// **Reset by**: a new prefetch data source (cancels the old one's), rows inserted or deleted (cancelled).
@MainActor
final class TablePrefetching {
    /// The object asked for rows ahead (held weakly, as UIKit does).
    weak var source: TableViewDataSourcePrefetching?
    /// The reuse identifier of the placeholder cell (nil: the table's own, a dim `…`).
    var placeholderIdentifier: String?
    /// The rows asked and not answered nor cancelled (items, not `IndexPath`s: no heap storage to hash).
    var outstanding: Set<TableItem> = []
    /// The first row on screen at the last pass (global index), to tell the scroll's direction.
    var lastFirstRow: Int?
    /// The direction of the last scroll: 1 down, -1 up.
    var direction = 1
    /// The window of the last pass and the counts it was computed on: its rows were asked for or at hand then, so
    /// the next pass considers only the rows new to its window (and those in `recheck`); nil: every row again.
    var lastWindow: (rows: ClosedRange<Int>, total: Int)?
    /// The rows (global) reconfigured since the last pass within its window: asked again if they are still not at
    /// hand (a failed answer). Rows outside it are new to the next window, or not in it.
    var recheck: Set<Int> = []
    /// The counts are a floor that may grow (the data source's ``TableViewDataSource/rowCountIsEstimated(in:)``).
    var countIsEstimated = false
    /// The counters.
    var statistics = PrefetchStatistics()

    /// The most rows asked ahead of the screen, however tall the view.
    static let maximumAhead = 256

    /// The rows asked ahead of the screen for a view of `rowsHeight` lines: a screen, at least 1, at most
    /// ``maximumAhead``.
    static func ahead(rowsHeight: Int) -> Int { min(maximumAhead, max(1, rowsHeight)) }

    /// How far (rows) from the rows on screen an outstanding request is kept before it is cancelled.
    static func keepDistance(ahead: Int) -> Int { 2 * ahead }
}

extension TableView {
    /// The object asked to fetch rows before they show (held weakly; nil: none).
    ///
    /// Rows the ``dataSource`` says are not at hand (``TableViewDataSource/tableView(_:isRowAvailableAt:)``) show
    /// a placeholder and are asked for here. Rows the data source has are never asked for.
    public var prefetchDataSource: TableViewDataSourcePrefetching? {
        get { prefetcher.source }
        set {
            guard newValue !== prefetcher.source else { return }
            cancelOutstandingRequests()
            prefetcher.source = newValue
            prefetcher.lastWindow = nil
            setNeedsLayout()
        }
    }

    /// The reuse identifier of the cell shown for a row whose data is not at hand (nil, the default: a dim `…`
    /// one line tall).
    ///
    /// The table dequeues it and sets nothing on it: it shows its template's look after
    /// ``TableViewCell/prepareForReuse()`` (name a template with the rows' fields empty, or dashes). Register it
    /// as any cell. Its height is the row's height until the row arrives (unless the delegate or ``rowHeight``
    /// decides heights).
    public var placeholderCellIdentifier: String? {
        get { prefetcher.placeholderIdentifier }
        set {
            guard newValue != prefetcher.placeholderIdentifier else { return }
            prefetcher.placeholderIdentifier = newValue
            reloadData()
        }
    }

    /// Counters of placeholders shown and rows asked and cancelled.
    public var prefetchStatistics: PrefetchStatistics {
        var statistics = prefetcher.statistics
        statistics.rowsOutstanding = prefetcher.outstanding.count
        return statistics
    }

    /// The rows asked of the ``prefetchDataSource`` and neither answered nor cancelled, sorted.
    public var indexPathsForOutstandingPrefetches: [IndexPath] {
        prefetcher.outstanding.sorted().map { IndexPath(row: $0.row, section: $0.section) }
    }

    /// Redraws the rows at `indexPaths` in place: their data arrived (or changed) and the counts did not.
    ///
    /// The cursor, the marks, the item at the top and its line offset stay, even when a row's height changed:
    /// a row above the top that grew or shrank moves nothing on screen, a row on screen pushes those below it.
    /// (Only when the rows below the top no longer fill the view does the top come back up, as after any change.)
    /// Unlike ``reloadRows(at:)``, the cursor's row is not scrolled into view.
    ///
    /// A row asked of the ``prefetchDataSource`` counts as answered; a row still not available shows its
    /// placeholder again and is asked again at the next layout pass (an answer that failed: show an error in the
    /// row and say it is available, or reconfigure it for the table to retry).
    ///
    /// Rows on screen are asked of the data source again in the next frame and only they are drawn again, so a
    /// tick that changed one row's text (an age: ``Application/addTickHandler(_:)``) redraws that row alone, and a
    /// call naming only rows off screen (with no ``prefetchDataSource``) costs no layout pass at all.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        var needsPass = false
        let prefetching = prefetcher.source != nil
        let window = prefetcher.lastWindow?.rows
        for indexPath in indexPaths {
            let item = TableItem(section: indexPath.section, row: indexPath.row)
            guard metrics.contains(item) else { continue }
            let globalRow = metrics.globalRow(of: item)
            if !prefetcher.outstanding.isEmpty { prefetcher.outstanding.remove(item) }
            if prefetching {
                if let window, window.contains(globalRow) { prefetcher.recheck.insert(globalRow) }
                needsPass = true
            }
            // Only a row with a cell (on screen, or measured in this pass) has one to replace.
            let cellShown = visibleCells[item] != nil || reuse.measuredCell(for: item) != nil
            measurements.forget(item, globalRow: globalRow, cellShown: cellShown)
            if cellShown { needsPass = true }
        }
        guard needsPass else { return }
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: The table's hooks

    /// The cell for a row that is not available: the named placeholder, else the table's own; nil when the row is
    /// available (or there is no data source).
    func placeholderCell(for indexPath: IndexPath) -> TableViewCell? {
        guard let dataSource, !dataSource.tableView(self, isRowAvailableAt: indexPath) else { return nil }
        let cell: TableViewCell
        if let identifier = prefetcher.placeholderIdentifier {
            cell = dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        } else {
            cell = reuse.dequeuePlaceholderCell()
        }
        cell.isPlaceholder = true
        return cell
    }

    /// After a layout pass: counts the placeholders on screen, cancels the requests that scrolled far away and
    /// asks for the rows on screen and about a screen ahead that are not available and not asked yet.
    func updatePrefetching() {
        var placeholders = 0
        for (_, cell) in onScreen where cell.isPlaceholder { placeholders += 1 }
        prefetcher.statistics.layoutPasses += 1
        prefetcher.statistics.placeholderRowsOnScreen = placeholders
        if placeholders > 0 { prefetcher.statistics.layoutPassesWithPlaceholders += 1 }
        // Taken whole (an answer given during this pass is rechecked at the next), not copied and cleared: that
        // allocates a new set every pass. Handed back emptied, its storage kept, when no answer came meanwhile.
        var recheck: Set<Int> = []
        if !prefetcher.recheck.isEmpty { swap(&recheck, &prefetcher.recheck) }
        defer {
            if !recheck.isEmpty, prefetcher.recheck.isEmpty {
                recheck.removeAll(keepingCapacity: true)
                swap(&recheck, &prefetcher.recheck)
            }
        }
        guard let source = prefetcher.source, let dataSource else { return }
        var firstRow: Int?
        var lastRow = 0
        for placed in placedItems where !placed.item.isHeader {
            firstRow = metrics.globalRow(of: placed.item)
            break
        }
        for placed in placedItems.reversed() where !placed.item.isHeader {
            lastRow = metrics.globalRow(of: placed.item)
            break
        }
        let total = metrics.totalRows
        guard let firstRow, total > 0 else { return }
        if let last = prefetcher.lastFirstRow, last != firstRow { prefetcher.direction = firstRow > last ? 1 : -1 }
        prefetcher.lastFirstRow = firstRow
        let ahead = TablePrefetching.ahead(rowsHeight: rowsHeight)
        let window =
            prefetcher.direction > 0
            ? firstRow...min(total - 1, lastRow + ahead) : max(0, firstRow - ahead)...lastRow
        let previous = prefetcher.lastWindow
        if let previous, previous.rows == window, previous.total == total, recheck.isEmpty { return }
        prefetcher.lastWindow = (window, total)
        // The rows of the last pass's window were asked for or at hand then: only new rows and rechecked ones count.
        let seen = previous?.total == total ? previous?.rows : nil
        // Cancel what scrolled far away.
        let keep = TablePrefetching.keepDistance(ahead: ahead)
        let kept = max(0, firstRow - keep)...min(total - 1, lastRow + keep)
        var cancelled: [TableItem] = []
        for item in prefetcher.outstanding where !kept.contains(metrics.globalRow(of: item)) {
            cancelled.append(item)
        }
        if !cancelled.isEmpty {
            cancelled.sort()
            prefetcher.outstanding.subtract(cancelled)
            prefetcher.statistics.rowsCancelled += cancelled.count
            source.tableView(
                self, cancelPrefetchingForRowsAt: cancelled.map { IndexPath(row: $0.row, section: $0.section) })
        }
        // Ask for the rows on screen, then ahead in the direction of the scroll, nearest first.
        var asked: [IndexPath] = []
        func consider(_ row: Int) {
            if let seen, seen.contains(row), recheck.isEmpty || !recheck.contains(row) { return }
            guard let item = metrics.item(forGlobalRow: row), !prefetcher.outstanding.contains(item) else { return }
            let indexPath = IndexPath(row: item.row, section: item.section)
            guard !dataSource.tableView(self, isRowAvailableAt: indexPath) else { return }
            asked.append(indexPath)
        }
        for row in firstRow...lastRow { consider(row) }
        if prefetcher.direction > 0 {
            if lastRow < window.upperBound { for row in (lastRow + 1)...window.upperBound { consider(row) } }
        } else if window.lowerBound < firstRow {
            for row in stride(from: firstRow - 1, through: window.lowerBound, by: -1) { consider(row) }
        }
        guard !asked.isEmpty else { return }
        for indexPath in asked {
            prefetcher.outstanding.insert(TableItem(section: indexPath.section, row: indexPath.row))
        }
        prefetcher.statistics.rowsRequested += asked.count
        source.tableView(self, prefetchRowsAt: asked)
    }

    /// At a reload: the counts are read again; requests for rows that no longer exist are cancelled.
    func prefetchingAfterLoad() {
        prefetcher.countIsEstimated = dataSource?.rowCountIsEstimated(in: self) ?? false
        prefetcher.lastWindow = nil
        let gone = prefetcher.outstanding.filter { !metrics.contains($0) }
        guard !gone.isEmpty else { return }
        prefetcher.outstanding.subtract(gone)
        prefetcher.statistics.rowsCancelled += gone.count
        prefetcher.source?.tableView(
            self, cancelPrefetchingForRowsAt: gone.sorted().map { IndexPath(row: $0.row, section: $0.section) })
    }

    /// Cancels every outstanding request (rows moved: their index paths no longer name the rows asked for).
    func cancelOutstandingRequests() {
        prefetcher.lastWindow = nil
        guard !prefetcher.outstanding.isEmpty else { return }
        let all = prefetcher.outstanding.sorted().map { IndexPath(row: $0.row, section: $0.section) }
        prefetcher.outstanding.removeAll()
        prefetcher.statistics.rowsCancelled += all.count
        prefetcher.source?.tableView(self, cancelPrefetchingForRowsAt: all)
    }
}
