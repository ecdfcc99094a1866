internal import CNcursesw
import TermTableCore

/// Wide characters cut by a write: ncurses replaces only the cells it writes, so the screen repairs the halves of a
/// wide character that a write leaves behind, as ``/TermTableCore/BufferScreen`` does.
extension CursesScreen {
    /// True when the cell at (`x`, `y`) is the second (or later) column of a wide character.
    func isContinuation(x: Int, y: Int) -> Bool {
        var cchar = cchar_t()
        guard mvwin_wch(window, Int32(y), Int32(x), &cchar) == OK else { return false }
        return cnc_is_wide_continuation(&cchar) != 0
    }

    /// Writes a space over the cell at (`x`, `y`), keeping the cell's attributes and colours.
    func blankCell(x: Int, y: Int) {
        var cchar = cchar_t()
        guard mvwin_wch(window, Int32(y), Int32(x), &cchar) == OK else { return }
        var chars = [wchar_t](repeating: 0, count: 8)
        var attributes: attr_t = 0
        var pairNumber: Int16 = 0
        getcchar(&cchar, &chars, &attributes, &pairNumber, nil)
        wattr_set(window, attributes, pairNumber, nil)
        _ = mvwaddnstr(window, Int32(y), Int32(x), " ", 1)
    }

    /// Before text is written over columns `start..<end`: a wide character whose left half
    /// lies left of `start` becomes spaces there, as on ``/TermTableCore/BufferScreen``.
    ///
    /// ncurses only replaces the cells it writes, so without this the left half would stay
    /// a wide character whose right half was overwritten, and the terminal would show
    /// whatever was drawn there before.
    func splitWideCharacters(line y: Int, from start: Int, to end: Int, width: Int) {
        guard start > 0, start < width, isContinuation(x: start, y: y) else { return }
        var base = start - 1
        while base > 0 && isContinuation(x: base, y: y) { base -= 1 }
        for x in base..<start { blankCell(x: x, y: y) }
    }

    /// After text was written up to column `end`: the orphaned right half of a wide
    /// character whose left half was overwritten becomes a space.
    func blankOrphanedHalves(line y: Int, from end: Int, width: Int) {
        var x = end
        while x < width && isContinuation(x: x, y: y) {
            blankCell(x: x, y: y)
            x += 1
        }
    }
}
