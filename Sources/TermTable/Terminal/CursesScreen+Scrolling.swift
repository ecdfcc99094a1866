internal import CNcursesw
import Glibc
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
/// scrolled and their lines marked unchanged (but those changed since the last `doupdate`, which stay
/// changed where they moved), so the next `doupdate` sends only the rows drawn afterwards. The cursor
/// ends where it was, so ncurses' idea of it stays true: a frame that scrolled parks it where a list's
/// scroll starts (the bottom left, when the app shows none), which makes a full-screen scroll one
/// `\n`, as ncurses would send; elsewhere it is saved and restored around the scroll. ncurses finds the
/// scroll itself, as before, on a terminal that lacks the capabilities or with the option off; and also
/// with an ncurses the direct scroll was not compiled for (no screen-pointer functions: ABI 5,
/// `--without-sp-funcs`), one outside the versions it was run on (`directScrollVersions`), or with
/// `TERMTABLE_DIRECT_SCROLL=0` in the environment (`allowsDirectScroll(version:switch:)`).
extension CursesScreen {
    /// The ncurses versions (major, minor) the direct scroll is used on without being asked for: those whose
    /// `_nc_outch_sp` writes into the screen's output buffer with the signature it is called with (6.0 on,
    /// unchanged to 6.5), and which `Scripts/ncurses-variants.sh` or the machine's own ncurses ran the tests on.
    nonisolated static let directScrollVersions = (first: (major: 6, minor: 1), last: (major: 6, minor: 5))

    /// The environment variable that turns the direct scroll off (`0`, `off`, `no`, `false`) or on for any
    /// ncurses it was compiled for (`1`, `on`, `yes`, `true`); unset or anything else: the tested versions.
    nonisolated static let directScrollSwitch = "TERMTABLE_DIRECT_SCROLL"

    /// Whether the direct scroll may be used with the ncurses whose `curses_version()` is `version`
    /// (e.g. `ncurses 6.4.20221231`) and the value of `directScrollSwitch` (nil when unset). The
    /// option and what the terminal and library can do are checked besides.
    nonisolated static func allowsDirectScroll(version: String, switch value: String?) -> Bool {
        switch value?.lowercased() {
        case "0", "off", "no", "false": return false
        case "1", "on", "yes", "true": return true
        default: break
        }
        func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }
        let numbers = version.drop { !isDigit($0) }.split(separator: ".", maxSplits: 2)
        guard numbers.count >= 2, let major = Int(numbers[0]), let minor = Int(numbers[1].prefix(while: isDigit))
        else { return false }
        let (first, last) = directScrollVersions
        return (major, minor) >= (first.major, first.minor) && (major, minor) <= (last.major, last.minor)
    }

    /// `allowsDirectScroll(version:switch:)` for the ncurses this process runs and its environment.
    nonisolated static func allowsDirectScroll() -> Bool {
        allowsDirectScroll(
            version: cnc_curses_version().map { String(cString: $0) } ?? "",
            switch: getenv(directScrollSwitch).map { String(cString: $0) })
    }

    /// Scrolls full-width rows `rect` by `lines` (up when positive); rows that come in are blank.
    public func scroll(_ rect: Rect, by lines: Int) -> Bool {
        let width = Int(cnc_getmaxx(window))
        let height = Int(cnc_getmaxy(window))
        guard rect.x == 0, rect.width == width, rect.y >= 0, rect.maxY <= height, rect.height > 1,
            lines != 0, abs(lines) < rect.height
        else { return false }
        for y in rect.minY..<rect.maxY { touch(y, height: height) }
        scrolledSinceFlush = true
        let rows = Int32(rect.minY)...Int32(rect.maxY - 1)
        let shift = Int32(lines)
        if scrollsDirectly, let current = cnc_curscr(), let next = cnc_newscr() {
            // Lines changed since the last doupdate, in any of the three copies, are still changed after the
            // scroll, where they moved to; the others hold what the terminal shows.
            // (Loops, not `filter`: see `View.anySubviewNeedsLayout`.)
            let copies = [current, next, window]
            var changed: [(copy: Int, row: Int32)] = []
            for (index, copy) in copies.enumerated() {
                for y in rows where is_linetouched(copy, y) { changed.append((index, y)) }
            }
            let cursor = parkedCursor ?? (row: -1, column: -1)
            if cnc_scroll_terminal(screen, shift, rows.lowerBound, rows.upperBound, cursor.row, cursor.column) == 0 {
                for copy in copies {
                    _ = Self.scroll(copy, rows, by: shift)
                    wtouchln(copy, rows.lowerBound, Int32(rows.count), 0)
                }
                for (index, y) in changed where rows.contains(y - shift) { wtouchln(copies[index], y - shift, 1, 1) }
                return true
            }
        }
        apply(.plain)
        return Self.scroll(window, rows, by: shift)
    }

    /// Scrolls `rows` of `window` with `wscrl`, which marks them changed; true when ncurses did.
    private static func scroll(
        _ window: cnc_window, _ rows: ClosedRange<Int32>, by lines: Int32
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
}
