import TermTableCore

extension TableView {
    /// The screen cell a screen reader follows (``Application/isAccessible``): the first line of the cursor's
    /// row that shows (a row taller than the view scrolled by line, or under a sticky header, shows from below its
    /// top), at the table's left edge or, in cell shape, at the cursor's cell; nil when no line of it shows.
    var readerCursorPoint: Point? {
        guard let cursor = state.cursor else { return nil }
        let item = TableItem(section: cursor.section, row: cursor.row)
        guard let placed = placedItems.first(where: { $0.item == item && !$0.isSticky }) else { return nil }
        let covered = placedItems.first(where: \.isSticky).map { max(0, $0.y + $0.height) } ?? 0
        let line = max(placed.y, covered)
        guard line < placed.y + placed.height, line < rowsHeight, rowsTop + line < frame.height else { return nil }
        var x = 0
        if let column = cursorColumn, let columnFrame = frameOfColumn(column) { x = max(0, columnFrame.x) }
        guard x < frame.width else { return nil }
        return convertToScreen(Point(x: x, y: rowsTop + line))
    }
}
