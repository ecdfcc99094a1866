@testable import TermTable

extension GeneratedTableHarness.Run {
    /// What a following table showed before an operation.
    struct FollowingState {
        var atEnd: Bool
        var top: TableItem?
        var cursor: IndexPath?
        var appendedBelow: Int
        var rows: Int
        /// The cursor's row was shown whole and could take the cursor (a reload reveals a cursor left off screen
        /// by `scrollToRow`, moves one off a row that cannot take it, and places one where there was none).
        var cursorShown: Bool
    }

    /// The table's state before an operation, for ``followViolation(after:from:)``.
    func followingState() -> FollowingState {
        FollowingState(
            atEnd: table.isAtEnd, top: table.state.top, cursor: table.state.cursor,
            appendedBelow: table.rowsAppendedBelow, rows: table.metrics.totalRows,
            cursorShown: table.state.cursor.map { cursor in
                source.row(cursor)?.selectable == true
                    && table.placedItems.contains {
                        $0.item.indexPath == cursor && !$0.isSticky && $0.y + $0.height <= tableHeight
                    }
            } ?? (table.selectionMode == .none))
    }

    /// The first broken invariant of following the end after `op`, nil when all hold: rows appended at the end
    /// keep the end shown; away from it, the top and cursor items stay and the count grows by exactly the rows
    /// appended at the end (rows inserted above the last row, sections inserted, reloads are never counted);
    /// the count is 0 whenever the end shows.
    func followViolation(after op: GeneratedTableCase.Op, from before: FollowingState) -> String? {
        let atEnd = table.isAtEnd
        // The cursor stays on screen: on the last row it can stop on, with rows it cannot stop on below it that
        // do not fit beside it, the end cannot show.
        let cursorHoldsTheView =
            table.selectionMode != .none && table.state.cursor != nil
            && table.state.cursor == lastSelectableRow(before: nil)
        let endMustShow = !cursorHoldsTheView && tableHeight > 0
        if atEnd && table.rowsAppendedBelow != 0 {
            return "the end shows but \(table.rowsAppendedBelow) rows are counted as appended below"
        }
        // (A table without rows is at its end, whatever headers it has.)
        if atEnd && tableHeight > 0 && table.metrics.totalRows > 0, let last = lastRowWithLines() {
            guard let placed = table.placedItems.last(where: { $0.item == last }) else {
                return "at the end, but the last row \(last) is not on screen: \(table.placedItems)"
            }
            if placed.y + placed.height > tableHeight && placed.y != table.placedItems.first(where: { !$0.isSticky })?.y
            {
                return "at the end, but the last row \(last) is cut: \(table.placedItems)"
            }
        }
        switch op {
        case .appendRows(let rows, _) where !lastOpDidNothing:
            if before.atEnd {
                if !atEnd && endMustShow { return "at the end before \(rows.count) rows were appended, not after" }
                let cursorWasLast = before.cursor != nil && before.cursor == lastSelectableRow(before: before.rows)
                if cursorWasLast, table.selectionMode != .none, table.state.cursor != lastSelectableRow(before: nil) {
                    return "the cursor was on the last row, now on \(String(describing: table.state.cursor))"
                }
            } else {
                if table.state.top != before.top && before.cursorShown {
                    return "away from the end, the top moved from \(String(describing: before.top)) "
                        + "to \(String(describing: table.state.top))"
                }
                if table.state.cursor != before.cursor && before.cursorShown {
                    return "away from the end, the cursor moved from \(String(describing: before.cursor)) "
                        + "to \(String(describing: table.state.cursor))"
                }
                if table.rowsAppendedBelow != before.appendedBelow + rows.count && !atEnd {
                    return "\(rows.count) rows appended: the count went from \(before.appendedBelow) "
                        + "to \(table.rowsAppendedBelow)"
                }
            }
        case .insertRows(let s, let at, let rows) where !lastOpDidNothing:
            // Appended when they went past the last row of the last section, else inserted above it.
            let count = source.sections[s].rows.count
            let appended = s == source.sections.count - 1 && at >= count - rows.count ? rows.count : 0
            if !before.atEnd && !atEnd && table.rowsAppendedBelow != before.appendedBelow + appended {
                return "\(rows.count) rows inserted at \(s).\(at), \(appended) appended: the count went from "
                    + "\(before.appendedBelow) to \(table.rowsAppendedBelow)"
            }
            if before.atEnd && appended > 0 && !atEnd && endMustShow {
                return "at the end before \(rows.count) rows were appended, not after"
            }
        case .scrollToEnd:
            if !atEnd && endMustShow { return "scrollToEnd did not show the end" }
        case .resize:
            if before.atEnd && !atEnd && endMustShow { return "at the end before the resize, not after" }
        default:
            if table.rowsAppendedBelow > before.appendedBelow {
                return "no rows appended, but the count went from \(before.appendedBelow) to \(table.rowsAppendedBelow)"
            }
        }
        return nil
    }

    /// The last row that has lines on screen (rows of height 0 are never placed).
    private func lastRowWithLines() -> TableItem? {
        var item = table.metrics.lastItem
        while let current = item {
            if let indexPath = current.indexPath, let row = source.row(indexPath), source.expectedHeight(row) > 0 {
                return current
            }
            if current.isHeader, table.height(of: current) > 0 { return current }
            item = table.metrics.previous(before: current)
        }
        return nil
    }

    /// The last row the cursor may stop on, among the first `rows` rows of the data (nil: all of them).
    private func lastSelectableRow(before rows: Int?) -> IndexPath? {
        var remaining = rows ?? Int.max
        var found: IndexPath?
        for (s, section) in source.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                guard remaining > 0 else { return found }
                remaining -= 1
                if row.selectable { found = IndexPath(row: r, section: s) }
            }
        }
        return found
    }
}
