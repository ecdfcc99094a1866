import TermTableCore

extension TableView {
    // MARK: Estimated row heights

    /// The lines a row not measured yet is counted as by the scroll indicator (nil, the default: the indicator
    /// counts rows, each row the same weight).
    ///
    /// When set (to 1 or more; smaller values count as 1), the thumb counts lines: each row its measured height
    /// once the table has measured it (rows are measured only near the screen), else this estimate. Its size
    /// is the view's lines over the estimated total, its position the estimated lines above the top (plus the
    /// top row's line offset). A click on the indicator's column jumps by the same lines. Section headers are
    /// left out of the count.
    ///
    /// An estimate never moves the rows: rows on screen are always measured before they are placed, so a
    /// correction (a row measured taller or shorter than its estimate) moves only the thumb, never the
    /// cursor's row on screen. The measured heights are kept in a ledger of about one byte per row (pages
    /// allocated only where rows were measured), forgotten on ``reloadData()`` (and so by inserts and deletes,
    /// which shift the rows), a width or ``rowHeight`` change; ``reloadRows(at:)`` forgets those rows.
    public var estimatedRowHeight: Int? {
        get { measurements.estimatedRowHeight }
        set {
            let value = newValue.map { max(1, $0) }
            guard value != measurements.estimatedRowHeight else { return }
            let wasSet = measurements.estimatedRowHeight != nil
            measurements.estimatedRowHeight = value
            if !wasSet {
                // Rows measured before were not recorded: measure the ones on screen again.
                measurements.forgetHeights()
                setNeedsLayout()
            }
            setNeedsDisplay()
        }
    }

    /// The thumb counted in lines, with `estimate` lines for each row not measured.
    func estimatedThumb(_ view: IndicatorView, estimate: Int) -> Range<Int> {
        let ledger = measurements.ledger
        let height = rowsHeight
        let total = max(1, ledger.totalLines(estimate: estimate))
        let viewLines = min(height, total)
        let firstItem = TableItem(section: view.first.section, row: view.first.row)
        let offset = state.top == firstItem ? state.topLineOffset : 0
        let above = ledger.lines(beforeRow: view.firstRow, estimate: estimate) + offset
        let size = max(1, min(view.largestThumb(height: height), height * viewLines / total))
        let scrollable = max(1, total - viewLines)
        return view.thumb(
            size: size, height: height, pastHalf: above * 2 >= scrollable, between: { $0 * above / scrollable })
    }

    // MARK: Jumping by the scroll bar

    /// Scrolls so the thumb is centred on line `line` of the scroll indicator (counted from the first line of
    /// rows); the cursor follows into view as after a wheel scroll. The first line shows the top, the last
    /// line the end.
    ///
    /// The new top row is the row at that fraction of the whole: by the delegate's
    /// `tableView(_:scrollIndicatorExtentOf:)` when it answers fractions (bisecting the rows with it), by
    /// lines when ``estimatedRowHeight`` is set, else by rows. Only rows near the new screen are measured.
    public func scrollToIndicatorLine(_ line: Int) {
        if needsReload { loadMetrics() }
        let height = rowsHeight
        guard height > 1, metrics.totalRows > 0 else { return }
        let view = indicatorView()
        let size = scrollIndicator()?.count ?? 1
        let room = height - size
        // How far through the scrollable part the thumb's start should be (0: the top, 1: the end); between,
        // the middle of the share of the scrollable part that puts the thumb's start on that line.
        let scrolled: Double
        if line <= 0 {
            scrolled = 0
        } else if line >= height - 1 {
            scrolled = 1
        } else if room >= 2 {
            let start = min(room - 1, max(1, line - (size - 1) / 2))
            scrolled = (Double(start - 1) + 0.5) / Double(room - 1)
        } else {
            scrolled = line * 2 >= height ? 1 : 0
        }
        state.setTopLineOffset(0)
        if scrolled >= 1 {
            scrollToLastLine()
        } else if scrolled <= 0 {
            state.setTop(metrics.firstItem)
        } else if let view, let row = globalRow(atScrolledFraction: scrolled, view: view),
            let indexPath = metrics.indexPath(forGlobalRow: row)
        {
            state.setTop(TableItem(section: indexPath.section, row: indexPath.row))
        }
        setNeedsLayout()
        setNeedsDisplay()
        keepCursorInView()
    }

    /// The global row to put at the top when the view is `scrolled` (0...1) through the scrollable part,
    /// counted as the thumb counts for `view` (the rows on screen now).
    private func globalRow(atScrolledFraction scrolled: Double, view: IndicatorView) -> Int? {
        let total = metrics.totalRows
        if let extent = delegateExtent(view.first...view.last) {
            // The delegate's fractions: the last row that starts at or before the target.
            let target = scrolled * (1 - (extent.upperBound - extent.lowerBound))
            var low = 0
            var high = total - 1
            while low < high {
                let middle = low + (high - low + 1) / 2
                guard let path = metrics.indexPath(forGlobalRow: middle), let extent = delegateExtent(path...path)
                else { break }
                if extent.lowerBound <= target { low = middle } else { high = middle - 1 }
            }
            return low
        }
        if let estimate = estimatedRowHeight {
            let ledger = measurements.ledger
            let lines = ledger.totalLines(estimate: estimate)
            let viewLines = min(rowsHeight, lines)
            let line = Int((scrolled * Double(max(0, lines - viewLines))).rounded(.down))
            return ledger.row(atLine: line, estimate: estimate)
        }
        return Int((scrolled * Double(max(1, total - view.shown))).rounded(.down))
    }
}
