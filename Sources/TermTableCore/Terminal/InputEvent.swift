/// Something the user did: a key, a mouse action, a paste, or a change of terminal size.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse press, release, double click or wheel turn.
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)
    /// Text the user pasted, as the terminal marked it (bracketed paste): text to insert, never keys to run.
    ///
    /// A long paste may come as several events, one for each part that had arrived when it was read.
    case paste(String)
}

/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates modifiers from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Control.
    public static let control = KeyModifiers(rawValue: 1)
    /// Alt (Meta, Option): sent by terminals as ESC before the key.
    public static let alt = KeyModifiers(rawValue: 2)
    /// Shift (for keys whose shifted form is not a character of its own).
    public static let shift = KeyModifiers(rawValue: 4)
}

/// A key the user pressed, with its modifiers.
///
/// Printable keys carry their character (any Unicode character); `Ctrl-F`
/// is `.character("f")` with `.control`. ``Key/init(parsing:)`` reads the
/// names used in key-binding tables: `"q"`, `"G"`, `"ctrl-f"`, `"alt-x"`,
/// `"pgdn"`, `"f5"`, `"space"`, `"enter"`.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// Which key.
    public enum Code: Hashable, Sendable {
        /// A printable character (letters are as typed: `G` is shift-g).
        case character(Character)
        /// Arrow up.
        case up
        /// Arrow down.
        case down
        /// Arrow left.
        case left
        /// Arrow right.
        case right
        /// Page Up.
        case pageUp
        /// Page Down.
        case pageDown
        /// Home.
        case home
        /// End.
        case end
        /// Enter or Return.
        case enter
        /// Tab.
        case tab
        /// Shift-Tab.
        case backTab
        /// Backspace.
        case backspace
        /// Delete (forward).
        case delete
        /// Insert.
        case insert
        /// Escape.
        case escape
        /// A function key, F1 is 1.
        case function(Int)
    }

    /// Which key.
    public var code: Code
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a key.
    public init(_ code: Code, modifiers: KeyModifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// A printable character key.
    public init(_ character: Character) {
        self.init(.character(character))
    }

    /// Control and a letter: `Key.ctrl("f")`.
    public static func ctrl(_ letter: Character) -> Key {
        Key(.character(Character(letter.lowercased())), modifiers: .control)
    }

    /// The space bar.
    public static let space = Key(" ")
    /// Enter.
    public static let enter = Key(.enter)
    /// Escape.
    public static let escape = Key(.escape)
    /// Arrow up.
    public static let up = Key(.up)
    /// Arrow down.
    public static let down = Key(.down)
    /// Arrow left.
    public static let left = Key(.left)
    /// Arrow right.
    public static let right = Key(.right)
    /// Page Up.
    public static let pageUp = Key(.pageUp)
    /// Page Down.
    public static let pageDown = Key(.pageDown)
    /// Home.
    public static let home = Key(.home)
    /// End.
    public static let end = Key(.end)
    /// Tab.
    public static let tab = Key(.tab)
    /// Shift-Tab.
    public static let backTab = Key(.backTab)
    /// Backspace.
    public static let backspace = Key(.backspace)
    /// Delete.
    public static let delete = Key(.delete)

    /// The printable character of the key, nil for special keys and keys with control or alt.
    public var character: Character? {
        if case .character(let c) = code, modifiers.isDisjoint(with: [.control, .alt]) { return c }
        return nil
    }

    static let names: [(String, Code)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pageup", .pageUp), ("pgdn", .pageDown), ("pagedown", .pageDown),
        ("home", .home), ("end", .end), ("enter", .enter), ("return", .enter), ("tab", .tab),
        ("backtab", .backTab), ("backspace", .backspace), ("delete", .delete), ("del", .delete),
        ("insert", .insert), ("esc", .escape), ("escape", .escape), ("space", .character(" ")),
    ]

    /// Reads a key name: `q`, `G`, `?`, `ctrl-f`, `alt-x`, `shift-tab`, `pgdn`, `f5`, `space`, `enter`.
    public init?(parsing name: String) {
        var modifiers: KeyModifiers = []
        var rest = Substring(name)
        while true {
            let lower = rest.lowercased()
            if lower.hasPrefix("ctrl-") && rest.count > 5 {
                modifiers.insert(.control)
                rest = rest.dropFirst(5)
            } else if lower.hasPrefix("alt-") && rest.count > 4 {
                modifiers.insert(.alt)
                rest = rest.dropFirst(4)
            } else if lower.hasPrefix("shift-") && rest.count > 6 {
                modifiers.insert(.shift)
                rest = rest.dropFirst(6)
            } else {
                break
            }
        }
        if rest.count == 1, let c = rest.first {
            let character = modifiers.contains(.control) ? Character(c.lowercased()) : c
            self.init(.character(character), modifiers: modifiers)
            return
        }
        let lower = rest.lowercased()
        if let (_, code) = Key.names.first(where: { $0.0 == lower }) {
            if code == .tab && modifiers.contains(.shift) {
                self.init(.backTab)
            } else {
                self.init(code, modifiers: modifiers)
            }
            return
        }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...63).contains(n) {
            self.init(.function(n), modifiers: modifiers)
            return
        }
        return nil
    }

    /// The key's name as ``init(parsing:)`` reads it, e.g. `ctrl-f` or `pgdn`.
    public var description: String {
        var prefix = ""
        if modifiers.contains(.control) { prefix += "ctrl-" }
        if modifiers.contains(.alt) { prefix += "alt-" }
        if modifiers.contains(.shift) { prefix += "shift-" }
        switch code {
        case .character(" "): return prefix + "space"
        case .character(let c): return prefix + String(c)
        case .function(let n): return prefix + "f\(n)"
        default:
            let name = Key.names.first(where: { $0.1 == code })?.0 ?? "?"
            return prefix + name
        }
    }
}

/// Which mouse button an event concerns.
public enum MouseButton: Hashable, Sendable {
    /// The primary button.
    case left
    /// The middle button or wheel press.
    case middle
    /// The secondary button.
    case right
    /// No button (wheel events).
    case none
}

/// A mouse action at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press
        /// A button went up.
        case release
        /// A second press at the same cell soon after the first.
        case doubleClick
        /// The wheel turned up (away from the user).
        case wheelUp
        /// The wheel turned down (towards the user).
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// Which button.
    public var button: MouseButton
    /// The cell under the pointer.
    public var position: Point
    /// The modifier keys held.
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    public init(_ kind: Kind, button: MouseButton = .left, at position: Point, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.button = button
        self.position = position
        self.modifiers = modifiers
    }
}

/// Turns two quick presses at one cell into a double click.
///
/// Terminals report presses and releases only; this small state machine,
/// fed with each press and the time it happened, tells which press completes
/// a double click. It is a value type so it is tested without a terminal.
public struct ClickTracker: Sendable {
    /// The longest gap between the two presses of a double click.
    public var interval: Duration
    private var lastPress: (position: Point, button: MouseButton, time: ContinuousClock.Instant)?

    /// Creates a tracker; `interval` defaults to 400 ms.
    public init(interval: Duration = .milliseconds(400)) {
        self.interval = interval
    }

    /// Returns `.doubleClick` for a press that completes a double click, else the event unchanged.
    public mutating func classify(_ event: MouseEvent, at time: ContinuousClock.Instant) -> MouseEvent {
        guard event.kind == .press else { return event }
        if let last = lastPress, last.position == event.position, last.button == event.button,
            time - last.time <= interval
        {
            lastPress = nil
            var double = event
            double.kind = .doubleClick
            return double
        }
        lastPress = (event.position, event.button, time)
        return event
    }
}
