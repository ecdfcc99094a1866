internal import CNcursesw
import TermTableCore

/// Scrolling rows: the terminal is told to scroll, and ncurses' three copies of the screen are moved with it.
///
/// ncurses keeps the terminal's contents (`curscr`), the next frame (`newscr`) and the window drawn
/// on (`stdscr`). Scrolled with `wscrl` alone, the window has every line of the region changed:
/// `wnoutrefresh` then compares and copies all of them into `newscr`, and `doupdate` hashes them,
/// finds the scroll, scrolls the terminal and compares every line again. That was most of a frame
/// (a profile of the 120x40 list: `wnoutrefresh` 11%, the line hashing 7%, the line comparisons
/// 14%), the same as for a C program that scrolls with `wscrl`.
///
/// Here the table says what scrolled, so nothing has to be found: the terminal's own scroll
/// (`csr`, `ind`/`indn`, `ri`/`rin`) goes into ncurses' output buffer, and the three copies are
/// scrolled and marked unchanged, so the next `doupdate` sends only the rows drawn afterwards. The
/// bytes are the ones ncurses would send: the cursor is parked where a list's scroll starts (the
/// bottom left, when the app shows none) at every flush, and put back there after the scroll, so
/// ncurses' idea of the cursor stays true. When the copies may differ (something was drawn in the
/// region since the last flush, or the cursor is not known), the scroll is left to ncurses as before.
extension CursesScreen {
    /// Scrolls full-width rows `rect` by `lines` (up when positive); rows that come in are blank.
    public func scroll(_ rect: Rect, by lines: Int) -> Bool {
        let width = Int(cnc_getmaxx(window))
        let height = Int(cnc_getmaxy(window))
        guard rect.x == 0, rect.width == width, rect.y >= 0, rect.maxY <= height, rect.height > 1,
            lines != 0, abs(lines) < rect.height
        else { return false }
        for y in rect.minY..<rect.maxY { touch(y, height: height) }
        let top = Int32(rect.minY)
        let bottom = Int32(rect.maxY - 1)
        if scrollsDirectly, let cursor = parkedCursor, let current = cnc_curscr(), let next = cnc_newscr(),
            copiesAgree(top...bottom, current, next),
            cnc_scroll_terminal(screen, Int32(lines), top, bottom, cursor.row, cursor.column) == 0
        {
            Self.scrollQuietly(current, top...bottom, by: Int32(lines))
            Self.scrollQuietly(next, top...bottom, by: Int32(lines))
            Self.scrollQuietly(window, top...bottom, by: Int32(lines))
            return true
        }
        apply(.plain)
        return Self.scroll(window, top...bottom, by: Int32(lines))
    }

    /// True when no line of `rows` changed in the window, `newscr` or `curscr` since the last `doupdate`:
    /// the three then hold the same text there, and so does the terminal.
    private func copiesAgree(
        _ rows: ClosedRange<Int32>, _ current: UnsafeMutablePointer<WINDOW>, _ next: UnsafeMutablePointer<WINDOW>
    ) -> Bool {
        for y in rows where is_linetouched(window, y) || is_linetouched(next, y) || is_linetouched(current, y) {
            return false
        }
        return true
    }

    /// Scrolls `rows` of `window` with `wscrl`, which marks them changed; true when ncurses did.
    private static func scroll(
        _ window: UnsafeMutablePointer<WINDOW>, _ rows: ClosedRange<Int32>, by lines: Int32
    ) -> Bool {
        var savedTop: Int32 = 0
        var savedBottom: Int32 = 0
        wgetscrreg(window, &savedTop, &savedBottom)
        let wasScrolling = is_scrollok(window)
        wsetscrreg(window, rows.lowerBound, rows.upperBound)
        scrollok(window, true)
        let status = wscrl(window, lines)
        scrollok(window, wasScrolling)
        wsetscrreg(window, savedTop, savedBottom)
        return status == OK
    }

    /// Scrolls `rows` of `window` as the terminal scrolled and marks them unchanged: they hold what the terminal shows.
    private static func scrollQuietly(
        _ window: UnsafeMutablePointer<WINDOW>, _ rows: ClosedRange<Int32>, by lines: Int32
    ) {
        _ = scroll(window, rows, by: lines)
        wtouchln(window, rows.lowerBound, Int32(rows.count), 0)
    }
}
