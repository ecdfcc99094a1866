internal import CNcursesw
import TermTableCore

/// Reading input byte by byte (`wgetch`): UTF-8 decoded here, so a bad byte costs one U+FFFD and nothing after it,
/// and mouse reports in the SGR format (`ESC [ < b ; x ; y M`) are read whatever the terminal type says.
///
/// `wget_wch` decodes UTF-8 itself, but after a byte that starts no character it goes on collecting bytes until
/// they make one, and gives up with nothing when the input pauses: `ab\xFFcd` read as `a`, `b` and then no more.
/// Here a byte that cannot start or continue a character reads as U+FFFD (one for each maximal bad subsequence,
/// as Swift's `String(decoding:as:)` does), and the byte that broke a sequence is read again on its own.
extension CursesScreen {
    /// How long, in milliseconds, the rest of a character or of a mouse report may take once its first byte came.
    static let continuationWait: Int32 = 50
    /// The key code ncurses returns for `ESC [ <`, the start of an SGR mouse report, where the terminal type's
    /// `kmous` is another (X10's `ESC [ M` under `screen`, `tmux-256color`).
    static let sgrMouseCode: Int32 = 0x6F02
    /// The longest number in an SGR mouse report (a column or line beyond 99,999 is no report).
    static let sgrMouseDigits = 5

    /// One character or key code: `(OK, scalar)`, `(KEY_CODE_YES, code)`, or `(ERR, 0)` when nothing came
    /// within `wait` milliseconds (negative: no limit), as `wget_wch` answers; bytes that are not UTF-8 read as U+FFFD.
    func readInput(wait: Int32) -> (status: Int32, value: wint_t) {
        wtimeout(window, wait)
        let first = wgetch(window)
        if first == ERR { return (ERR, 0) }
        if first >= KEY_CODE_YES { return (KEY_CODE_YES, wint_t(first)) }
        guard first >= 0x80 else { return (OK, wint_t(first)) }
        let replacement = (status: OK, value: wint_t(0xFFFD))
        // The bytes that follow each lead byte, and the range of the first of them (which rules out overlong
        // forms, surrogates and values past U+10FFFF); later ones are 0x80...0xBF.
        let following: Int
        let second: ClosedRange<Int32>
        switch first {
        case 0xC2...0xDF: (following, second) = (1, 0x80...0xBF)
        case 0xE0: (following, second) = (2, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (following, second) = (2, 0x80...0xBF)
        case 0xED: (following, second) = (2, 0x80...0x9F)
        case 0xF0: (following, second) = (3, 0x90...0xBF)
        case 0xF1...0xF3: (following, second) = (3, 0x80...0xBF)
        case 0xF4: (following, second) = (3, 0x80...0x8F)
        default: return replacement  // a continuation byte alone, or a byte no character starts with
        }
        var scalar = UInt32(first) & (0x7F >> UInt32(following + 1))
        wtimeout(window, CursesScreen.continuationWait)
        for index in 0..<following {
            let next = wgetch(window)
            if next == ERR { return replacement }
            guard (index == 0 ? second : 0x80...0xBF).contains(next) else {
                ungetch(next)  // a byte (or key) of its own: read next
                return replacement
            }
            scalar = scalar << 6 | (UInt32(next) & 0x3F)
        }
        return (OK, wint_t(scalar))
    }

    /// Puts back what ``readInput(wait:)`` read, to be read again next.
    func unread(status: Int32, value: wint_t) {
        if status == KEY_CODE_YES {
            ungetch(Int32(value))
        } else if status == OK {
            unget_wch(wchar_t(value))
        }
    }

    /// Reads SGR mouse reports (mode 1006) where the terminal type's `kmous` does not say so: ncurses then knows
    /// only X10's reports, and a click from a terminal that sends SGR's (tmux asked for them, or a test's keys)
    /// would arrive as keys. The terminal is asked for SGR reports too; one that does not have them goes on
    /// sending X10's, which ncurses reads.
    func startSGRMouse() {
        if let kmous = cnc_tigetstr("kmous"), String(cString: kmous) == "\u{1B}[<" { return }  // ncurses reads them
        guard define_key("\u{1B}[<", CursesScreen.sgrMouseCode) == OK else { return }
        sgrMouseAsked = true
        writeDirectly("\u{1B}[?1006h")
    }

    /// Stops the SGR mouse reports ``startSGRMouse()`` asked for (closing the screen; the terminal guard does on
    /// every other way out).
    func stopSGRMouse() {
        guard sgrMouseAsked else { return }
        sgrMouseAsked = false
        writeDirectly("\u{1B}[?1006l")
    }

    /// The mouse event of the SGR report whose `ESC [ <` was just read: `b;x;y` then `M` (press) or `m` (release),
    /// columns and lines counted from 1. Nil for a motion report, a button it does not know, or no report at all
    /// (a character that cannot be part of one is read again as a key).
    func sgrMouseEvent() -> InputEvent? {
        var fields = [0]
        var digits = 0
        while true {
            let (status, value) = readInput(wait: CursesScreen.continuationWait)
            guard status == OK, let scalar = UnicodeScalar(UInt32(value)) else {
                unread(status: status, value: value)
                return nil
            }
            switch scalar {
            case "0"..."9" where digits < CursesScreen.sgrMouseDigits:
                fields[fields.count - 1] = fields[fields.count - 1] * 10 + Int(scalar.value - 0x30)
                digits += 1
            case ";" where digits > 0 && fields.count < 3:
                fields.append(0)
                digits = 0
            case "M" where digits > 0 && fields.count == 3, "m" where digits > 0 && fields.count == 3:
                return sgrMouseEvent(code: fields[0], x: fields[1], y: fields[2], pressed: scalar == "M")
            default:
                unread(status: status, value: value)
                return nil
            }
        }
    }

    /// The event for an SGR report's button code, 1-based cell and final letter.
    private func sgrMouseEvent(code: Int, x: Int, y: Int, pressed: Bool) -> InputEvent? {
        guard x >= 1, y >= 1, code & 32 == 0 else { return nil }  // 32: motion
        let position = Point(x: x - 1, y: y - 1)
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        if code & 64 != 0 {  // the wheel: 64 up, 65 down (66 and 67 turn it sideways)
            guard pressed, code & 3 < 2 else { return nil }
            return .mouse(
                MouseEvent(code & 3 == 0 ? .wheelUp : .wheelDown, button: .none, at: position, modifiers: modifiers))
        }
        let button: MouseButton
        switch code & 3 {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        default: return nil
        }
        guard pressed else { return .mouse(MouseEvent(.release, button: button, at: position, modifiers: modifiers)) }
        let press = MouseEvent(.press, button: button, at: position, modifiers: modifiers)
        return .mouse(button == .left ? clicks.classify(press, at: .now) : press)
    }
}
