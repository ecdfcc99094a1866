import TermTableCore

extension TableView {
    // MARK: Scroll indicator

    /// The lines of the scroll indicator's thumb, nil when everything fits.
    ///
    /// The thumb touches the top line only when the first row is at the top, and the bottom line only when the
    /// last row is fully shown. Between those, it is placed by, in order: the delegate's
    /// `tableView(_:scrollIndicatorExtentOf:)` (a ``ScrollIndicatorExtent``) when it answers fractions; lines (each row its measured height, else ``estimatedRowHeight``) when an
    /// estimate is set; else rows, each row the same weight (O(1)).
    public func scrollIndicator() -> Range<Int>? {
        guard let view = indicatorView() else { return nil }
        if view.atTop && view.atEnd { return nil }
        let height = rowsHeight
        if let extent = delegateExtent(view.first...view.last) {
            return Self.thumb(showing: extent, height: height, view: view)
        }
        if let estimate = estimatedRowHeight { return estimatedThumb(view, estimate: estimate) }
        let total = metrics.totalRows
        let size = max(1, min(view.largestThumb(height: height), height * view.shown / total))
        let scrollable = max(1, total - view.shown)
        let offset = state.topLineOffset
        let firstItem = TableItem(section: view.first.section, row: view.first.row)
        let rowLines = offset > 0 && state.top == firstItem ? max(1, self.height(of: firstItem)) : 1
        let scrolled = view.firstRow * rowLines + min(offset, rowLines - 1)
        return view.thumb(
            size: size, height: height, pastHalf: view.firstRow * 2 >= total - view.shown,
            between: { $0 * scrolled / (scrollable * rowLines) })
    }

    /// What the scroll indicator is drawn from: the first and last rows on screen and whether the view is at
    /// either end; nil when no row is on screen, there are no rows or the view is one line tall.
    struct IndicatorView {
        /// The first row on screen (headers left out).
        var first: IndexPath
        /// The last row on screen.
        var last: IndexPath
        /// The first row's index among all rows.
        var firstRow: Int
        /// How many rows are on screen (in part or whole).
        var shown: Int
        /// The first row is at the top with no line scrolled off (rows of height 0 above do not count).
        var atTop: Bool
        /// The last row is shown whole (rows of height 0 below do not count).
        var atEnd: Bool

        /// The most lines the thumb may take in a track `height` lines tall: less than the track, and between
        /// the ends (in a track of 3 lines or more) two less, so that it touches neither end line.
        func largestThumb(height: Int) -> Int {
            atTop || atEnd || height < 3 ? height - 1 : height - 2
        }

        /// A thumb of `size` lines in a track `height` lines tall, placed by the one rule every count shares:
        /// on the first line at the top, on the last at the end; between them never on either (it means "at
        /// the top" or "at the end"), at line 1 + `between(room - 1)`, where `between` scales its argument by
        /// how far through the scrollable part the view is; in a track too short for that, at whichever end
        /// `pastHalf` says the view is nearer.
        func thumb(size: Int, height: Int, pastHalf: Bool, between: (Int) -> Int) -> Range<Int> {
            let room = height - size  // >= 1
            let start: Int
            if atTop {
                start = 0
            } else if atEnd {
                start = room
            } else if room >= 2 {
                start = min(room - 1, max(1, 1 + between(room - 1)))
            } else {
                start = pastHalf ? room : 0
            }
            return start..<(start + size)
        }
    }

    /// The rows on screen and the ends shown, for the scroll indicator.
    func indicatorView() -> IndicatorView? {
        let total = metrics.totalRows
        var firstShown: IndexPath?
        var lastShown: IndexPath?
        var shown = 0
        for placed in placedItems where !placed.item.isHeader {
            if firstShown == nil { firstShown = placed.item.indexPath }
            lastShown = placed.item.indexPath
            shown += 1
        }
        guard total > 0, rowsHeight > 1, let first = firstShown, let last = lastShown else { return nil }
        let firstRow = metrics.globalRow(of: first)
        let lastRow = metrics.globalRow(of: last)
        // Rows of height 0 before the first shown row or after the last do not count (nor do headers).
        func onlyEmptyRows(from item: TableItem, forward: Bool) -> Bool {
            var next = forward ? metrics.next(after: item) : metrics.previous(before: item)
            while let current = next {
                if !current.isHeader, self.height(of: current) > 0 { return false }
                next = forward ? metrics.next(after: current) : metrics.previous(before: current)
            }
            return true
        }
        // The last row on screen shown whole (a header cut below it does not count: headers are left out).
        var lastFits = true
        if let bottom = placedItems.last(where: { !$0.item.isHeader }) {
            lastFits = bottom.y + bottom.height <= rowsHeight
        }
        // A count that is only a floor has no known end (``TableViewDataSource/rowCountIsEstimated(in:)``).
        let atEnd =
            lastFits && !prefetcher.countIsEstimated
            && (lastRow == total - 1
                || onlyEmptyRows(from: TableItem(section: last.section, row: last.row), forward: true))
        // A top row scrolled by lines is not at the top.
        let firstItem = TableItem(section: first.section, row: first.row)
        let atTop =
            state.topLineOffset == 0 && (firstRow == 0 || onlyEmptyRows(from: firstItem, forward: false))
        return IndicatorView(first: first, last: last, firstRow: firstRow, shown: shown, atTop: atTop, atEnd: atEnd)
    }

    /// The delegate's extent for `rows` when it answers fractions, clamped to `0...1`; nil when it lets the
    /// table count (or answers a range that is not finite). In a debug build, first a check that the delegate
    /// wrote no near miss of the method.
    func delegateExtent(_ rows: ClosedRange<IndexPath>) -> ClosedRange<Double>? {
        guard let delegate else { return nil }
        #if DEBUG
            let formerShape: ClosedRange<Double>? = delegate.tableView(self, scrollIndicatorExtentOf: rows)
            if let message = Self.nearMissExtentReport(delegate, answered: formerShape) {
                TerminalGuard.fail(message)
            }
        #endif
        let answer: ScrollIndicatorExtent = delegate.tableView(self, scrollIndicatorExtentOf: rows)
        guard case .fractions(let range) = answer, range.lowerBound.isFinite, range.upperBound.isFinite else {
            return nil
        }
        return min(1, max(0, range.lowerBound))...min(1, max(0, range.upperBound))
    }

    /// What the default near miss of `scrollIndicatorExtentOf` answers: a value no extent can be.
    static let nearMissExtent: ClosedRange<Double>? = -Double.infinity ... -Double.infinity

    /// The message for a delegate that implements the near miss of `scrollIndicatorExtentOf` (given what it
    /// answered), nil when it does not.
    static func nearMissExtentReport(_ delegate: TableViewDelegate, answered: ClosedRange<Double>?) -> String? {
        guard answered != nearMissExtent else { return nil }
        return "\(type(of: delegate)) implements tableView(_:scrollIndicatorExtentOf:) -> ClosedRange<Double>?, "
            + "which TableView does not use: return a ScrollIndicatorExtent (.fractions(range) or .counted) instead"
    }

    /// The thumb for rows that show `extent` of the whole (fractions), in a track `height` lines tall (>= 2).
    ///
    /// Its size is the extent's share of the track (at least 1, less than the track); it touches the first
    /// line only at the top and the last only at the end (in a track of 3 lines or more); between, it moves with the extent's start over the part
    /// of the whole that can be scrolled.
    static func thumb(showing extent: ClosedRange<Double>, height: Int, view: IndicatorView) -> Range<Int> {
        let shownShare = extent.upperBound - extent.lowerBound
        let size = max(1, min(view.largestThumb(height: height), Int((Double(height) * shownShare).rounded(.down))))
        let scrollable = 1 - shownShare
        let scrolled = scrollable > 0 ? min(1, extent.lowerBound / scrollable) : 0.5
        return view.thumb(
            size: size, height: height, pastHalf: extent.lowerBound * 2 >= scrollable,
            between: { Int((Double($0) * scrolled).rounded(.down)) })
    }
}
