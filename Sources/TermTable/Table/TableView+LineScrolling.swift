import TermTableCore

// The scroll position is an item and a line offset inside it (`TableViewState.topLineOffset`). Rows that fit
// in the view keep the item-granular behaviour (offset 0) unless `scrollPadding` asks for part of a row above;
// a row taller than the view scrolls by line under j/k, the wheel and PgUp/PgDn until its far edge shows.

extension TableView {
    /// What the scroll position's operations need of the table now (``TableViewState`` asks it, never the view).
    var geometry: TableViewGeometry {
        TableViewGeometry(
            metrics: metrics, viewport: rowsHeight, stickyHeaders: stickyHeaders, scrollPadding: scrollPadding,
            itemHeight: height(of:))
    }

    /// The lines of the sticky header shown above `top` (0: none).
    func stickyLines(above top: TableItem) -> Int { geometry.stickyLines(above: top) }

    /// Moves the scroll position so `target` (the cursor's row) shows with the least scrolling, with
    /// ``scrollPadding`` lines of context where the rows allow (``TableViewState/reveal(_:in:)``).
    func reveal(_ target: TableItem) { movePosition { $0.reveal(target, in: $1) } }

    /// The scroll position that shows the end of the table: ``lastTop()``, the last row's last lines when it
    /// is taller than the view.
    func scrollToLastLine() { movePosition { $0.scrollToEnd(in: $1) } }

    /// Runs a scroll operation of ``TableViewState`` on a copy of the position and commits its top and line
    /// offset: the operation measures rows, and a delegate asked a row's height may read the table's cursor
    /// (so the state is not held for the whole operation).
    func movePosition<Result>(_ operation: (inout TableViewState, TableViewGeometry) -> Result) -> Result {
        var position = state
        let result = operation(&position, geometry)
        state.setTop(position.top, lineOffset: position.topLineOffset)
        return result
    }

    /// j/k on the cursor's row when it is taller than the view and the top: scrolls it `lines` lines (negative:
    /// up) until its far edge shows; false when there is nothing left to scroll (the cursor then moves).
    func scrollTallCursorRow(by lines: Int) -> Bool {
        guard selectionMode != .none, let cursor = state.cursor else { return false }
        return scrollTallTopRow(by: lines, item: TableItem(section: cursor.section, row: cursor.row))
    }

    /// Scrolls the top row by `lines` when it is `item` (any item when nil) and taller than the view;
    /// false when it is not, or its far edge in that direction already shows.
    func scrollTallTopRow(by lines: Int, item: TableItem? = nil) -> Bool {
        guard let top = state.top, item == nil || item == top else { return false }
        guard state.scrollTopRow(by: lines, rowHeight: height(of: top), viewport: rowsHeight) else { return false }
        setNeedsLayout()
        setNeedsDisplay()
        return true
    }

    /// The lines PgUp/PgDn move inside a row taller than the view: the view's height less one line of context.
    var pageLines: Int { max(1, rowsHeight - 1) }
}
