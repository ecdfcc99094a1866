internal import CNcursesw
import TermTableCore

/// Reading back what ncurses holds, so tests can assert what a `CursesScreen` drew.
extension CursesScreen {
    /// The text and style ncurses holds for the cell at `point` (tests read the screen back with it).
    ///
    /// As on ``/TermTableCore/BufferScreen``, the second column of a wide character reads as `""`
    /// (ncurses keeps a copy of the character there).
    func cell(at point: Point) -> (text: String, style: Style) {
        var cchar = cchar_t()
        guard mvwin_wch(window, Int32(point.y), Int32(point.x), &cchar) == OK else { return ("", .plain) }
        let isContinuation = cnc_is_wide_continuation(&cchar) != 0
        var chars = [wchar_t](repeating: 0, count: 8)
        var attributes: attr_t = 0
        var pairNumber: Int16 = 0
        getcchar(&cchar, &chars, &attributes, &pairNumber, nil)
        let text =
            isContinuation
            ? ""
            : String(
                String.UnicodeScalarView(chars.prefix { $0 != 0 }.compactMap { UnicodeScalar(UInt32(bitPattern: $0)) }))
        var style = Style()
        if attributes & cnc_A_BOLD() != 0 { style.attributes.insert(.bold) }
        if attributes & cnc_A_DIM() != 0 { style.attributes.insert(.dim) }
        if attributes & cnc_A_ITALIC() != 0 { style.attributes.insert(.italic) }
        if attributes & cnc_A_UNDERLINE() != 0 { style.attributes.insert(.underline) }
        if attributes & cnc_A_REVERSE() != 0 { style.attributes.insert(.reverse) }
        if attributes & cnc_A_BLINK() != 0 { style.attributes.insert(.blink) }
        if pairNumber > 0, let key = pairs.first(where: { $0.value == pairNumber })?.key {
            style.foreground = color(number: key.foreground)
            style.background = color(number: key.background)
        }
        return (text, style)
    }

    /// The colour of a terminal colour number: -1 the default; on a direct-colour entry 8 and above packed RGB;
    /// else a palette index.
    func color(number: Int) -> Color {
        if number < 0 { return .default }
        if number < 8 || !(colorDepth == .trueColor && cnc_colors() >= 1 << 24) { return .palette(UInt8(number)) }
        return .rgb(UInt8((number >> 16) & 0xFF), UInt8((number >> 8) & 0xFF), UInt8(number & 0xFF))
    }

    /// Line `y` as ncurses holds it, each wide character once (tests).
    func line(_ y: Int) -> String {
        (0..<size.width).map { cell(at: Point(x: $0, y: y)).text }.joined()
    }

    /// Resizes ncurses' idea of the terminal, as a SIGWINCH would (tests).
    func resize(to newSize: Size) {
        resizeterm(Int32(newSize.height), Int32(newSize.width))
    }
}
