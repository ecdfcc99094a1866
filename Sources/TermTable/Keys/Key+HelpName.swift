import TermTableCore

extension Key {
    /// The key as help shows it: `↑`, `PgDn`, `Enter`, `Esc`, `space`, `ctrl-a`, `F1`, `G`.
    ///
    /// A character that is not printable is shown by its code point (`U+0007`), so a label
    /// made from keys never carries a control character to the terminal.
    public var helpName: String {
        var prefix = ""
        if modifiers.contains(.control) { prefix += "ctrl-" }
        if modifiers.contains(.alt) { prefix += "alt-" }
        if modifiers.contains(.shift) { prefix += "shift-" }
        return prefix + Key.helpName(of: code)
    }

    /// `label` (a key label, a hint) with its arrows spelled out (`Up/k`, `Down/j`, `Left`, `Right`) when `glyphs`
    /// draws no Unicode arrows (``/TermTableCore/ScreenGlyphs/ascii``, ``/TermTableCore/ScreenGlyphs/plain``): their
    /// stand-ins `^` and `v` read as Ctrl and a letter, and a screen reader says "caret". Unchanged on a Unicode screen.
    public static func spellingArrows(in label: String, for glyphs: ScreenGlyphs) -> String {
        guard glyphs != .unicode, label.contains(where: { "↑↓←→".contains($0) }) else { return label }
        var spelled = ""
        for character in label {
            switch character {
            case "↑": spelled += "Up"
            case "↓": spelled += "Down"
            case "←": spelled += "Left"
            case "→": spelled += "Right"
            default: spelled.append(character)
            }
        }
        return spelled
    }

    private static func helpName(of code: Code) -> String {
        switch code {
        case .character(" "): return "space"
        case .character(let c):
            let text = String(c)
            guard TerminalText.sanitize(text) == text, TerminalText.width(of: text) > 0 else {
                return c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined()
            }
            return text
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .escape: return "Esc"
        case .function(let n): return "F\(n)"
        }
    }

    /// Where the key comes in a label made from several keys: special keys first, then characters, then keys with modifiers.
    var helpOrder: Int {
        if !modifiers.isEmpty { return 2 }
        if case .character = code { return 1 }
        return 0
    }
}
