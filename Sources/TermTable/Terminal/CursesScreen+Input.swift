internal import CNcursesw
import FoundationEssentials
import TermTableCore

/// Turning what ncurses reads (``readInput(wait:)``, `getmouse`) into ``/TermTableCore/InputEvent``s.
extension CursesScreen {
    public func nextEvent(timeout: Duration?) -> InputEvent? {
        if let pending = pendingEvent {
            pendingEvent = nil
            return pending
        }
        forgetParkedCursorIfDrawn()
        var wait: Int32 = -1
        if let timeout {
            let ms = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
            wait = Int32(clamping: max(0, ms))
        }
        while true {
            let (status, wch) = readInput(wait: wait)
            if status == ERR { return nil }
            let paste = pasteEvent(status: status, value: wch)
            if paste.handled {
                // A mark with nothing to show (a closing mark alone, an empty paste): the input after it.
                if paste.event == nil && !pasting {
                    wait = 0
                    continue
                }
                return paste.event
            }
            if status == KEY_CODE_YES {
                guard Int32(wch) == CursesScreen.sgrMouseCode else { return functionKey(Int32(wch)) }
                if let event = sgrMouseEvent() { return event }
                wait = 0  // a motion report or a broken one: the input after it
                continue
            }
            return characterKey(UInt32(wch))
        }
    }

    /// The event for a character ``readInput(wait:)`` read (ESC followed by a key is Alt+key).
    func characterKey(_ value: UInt32) -> InputEvent? {
        switch value {
        case 0x1B:
            // ESC then another key within the escape delay is Alt+key.
            let (status, next) = readInput(wait: 0)
            if status == OK, let inner = characterKey(UInt32(next)), case .key(var key) = inner {
                key.modifiers.insert(.alt)
                return .key(key)
            }
            if status == KEY_CODE_YES { unread(status: status, value: next) }  // Esc, then that key
            return .key(.escape)
        case 0x0D, 0x0A: return .key(.enter)
        case 0x09: return .key(.tab)
        case 0x08, 0x7F: return .key(.backspace)
        case 0x00: return .key(Key(.character(" "), modifiers: .control))
        case 0x01...0x1A: return .key(Key(.character(Character(UnicodeScalar(value + 0x60)!)), modifiers: .control))
        case 0x1C...0x1F: return nil
        default:
            guard let scalar = UnicodeScalar(value) else { return nil }
            return .key(Key(Character(scalar)))
        }
    }

    /// The sequences terminals send for Home and End, each read as Home or End when the terminal type does not
    /// name it: tmux, GNU screen, the Linux console and rxvt send `ESC[1~`/`ESC[4~` (or `ESC[7~`/`ESC[8~`), xterm
    /// `ESC[H`/`ESC[F` or `ESC O H`/`ESC O F`, and a `TERM` set to `xterm-256color` inside tmux names only the
    /// last pair, so Home and End arrived as Alt+[ and two keys.
    static let homeAndEndSequences: [(sequence: String, code: Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
        ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
    ]

    /// Teaches ncurses the ``homeAndEndSequences`` the terminal type leaves out (one it names keeps its meaning).
    func defineHomeAndEndSequences() {
        for (sequence, code) in Self.homeAndEndSequences where key_defined(sequence) == 0 {
            _ = define_key(sequence, code)
        }
    }

    /// The event for a key code ``readInput(wait:)`` read (arrows, pages, function keys, resize, mouse).
    func functionKey(_ code: Int32) -> InputEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_SR: return .key(Key(.up, modifiers: .shift))
        case KEY_SF: return .key(Key(.down, modifiers: .shift))
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        // `vt220` names `ESC[1~` and `ESC[4~` Find and Select: every terminal today sends them for Home and End.
        case KEY_HOME, KEY_A1, KEY_FIND: return .key(.home)
        case KEY_END, KEY_C1, KEY_SELECT: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(Key(.insert))
        case KEY_BTAB: return .key(.backTab)
        case KEY_RESIZE:
            parkedCursor = nil  // ncurses repaints the resized screen; the next flush parks the cursor again
            return .resize(size)
        case KEY_MOUSE: return mouseEvent()
        case KEY_F0 + 1...KEY_F0 + 63: return .key(Key(.function(Int(code - KEY_F0))))
        default: return nil
        }
    }

    /// The event for the mouse report waiting in ncurses; presses go through the double-click tracker.
    func mouseEvent() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let position = Point(x: Int(event.x), y: Int(event.y))
        var modifiers: KeyModifiers = []
        if state & cnc_BUTTON_CTRL() != 0 { modifiers.insert(.control) }
        if state & cnc_BUTTON_ALT() != 0 { modifiers.insert(.alt) }
        if state & cnc_BUTTON_SHIFT() != 0 { modifiers.insert(.shift) }
        let mouse: MouseEvent
        if state & cnc_BUTTON4_PRESSED() != 0 {
            mouse = MouseEvent(.wheelUp, button: .none, at: position, modifiers: modifiers)
        } else if cnc_BUTTON5_PRESSED() != 0 && state & cnc_BUTTON5_PRESSED() != 0 {
            mouse = MouseEvent(.wheelDown, button: .none, at: position, modifiers: modifiers)
        } else if state & (cnc_BUTTON1_PRESSED() | cnc_BUTTON1_CLICKED()) != 0 {
            mouse = clicks.classify(MouseEvent(.press, at: position, modifiers: modifiers), at: .now)
        } else if state & cnc_BUTTON1_DOUBLE_CLICKED() != 0 {
            mouse = MouseEvent(.doubleClick, at: position, modifiers: modifiers)
        } else if state & cnc_BUTTON1_RELEASED() != 0 {
            mouse = MouseEvent(.release, at: position, modifiers: modifiers)
        } else if state & cnc_BUTTON3_PRESSED() != 0 {
            mouse = MouseEvent(.press, button: .right, at: position, modifiers: modifiers)
        } else if state & cnc_BUTTON3_RELEASED() != 0 {
            mouse = MouseEvent(.release, button: .right, at: position, modifiers: modifiers)
        } else if state & cnc_BUTTON2_PRESSED() != 0 {
            mouse = MouseEvent(.press, button: .middle, at: position, modifiers: modifiers)
        } else {
            return nil
        }
        return .mouse(mouse)
    }
}
