import TermTableCore

extension TableView {
    /// The screen cell a screen reader follows (``Application/isAccessible``): the first line of the cursor's
    /// row at the table's left edge, or, in cell shape, at the cursor's cell; nil when the row is not on screen.
    var readerCursorPoint: Point? {
        guard let line = cursorLine, line >= 0, rowsTop + line < frame.height else { return nil }
        var x = 0
        if let column = cursorColumn, let columnFrame = frameOfColumn(column) { x = max(0, columnFrame.x) }
        guard x < frame.width else { return nil }
        return convertToScreen(Point(x: x, y: rowsTop + line))
    }
}
