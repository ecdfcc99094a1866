/// A terminal colour: the terminal's default, one of the 16 ANSI colours, an index in the 256-colour palette, or
/// a 24-bit RGB colour.
///
/// The screen draws an RGB colour as true colour where the terminal has it, else as the nearest colour it has
/// (see ``ColorDepth``).
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// An ANSI colour, 0-7 normal and 8-15 bright.
    case ansi(UInt8)
    /// An index in the xterm 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour: red, green and blue, 0-255 each.
    case rgb(UInt8, UInt8, UInt8)

    /// ANSI black.
    public static let black = Color.ansi(0)
    /// ANSI red.
    public static let red = Color.ansi(1)
    /// ANSI green.
    public static let green = Color.ansi(2)
    /// ANSI yellow.
    public static let yellow = Color.ansi(3)
    /// ANSI blue.
    public static let blue = Color.ansi(4)
    /// ANSI magenta.
    public static let magenta = Color.ansi(5)
    /// ANSI cyan.
    public static let cyan = Color.ansi(6)
    /// ANSI white (light grey on most terminals).
    public static let white = Color.ansi(7)
    /// Bright black: grey.
    public static let gray = Color.ansi(8)

    /// The names of the eight ANSI colours, in palette order (`bright-` before one names colours 8-15).
    public static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Every colour name `init(name:)` accepts (palette numbers aside), with its colour: the one table of names.
    public static let named: [(name: String, color: Color)] =
        ansiNames.enumerated().map { ($0.element, Color.ansi(UInt8($0.offset))) }
        + [("gray", .gray), ("grey", .gray)]
        + ansiNames.enumerated().map { ("bright-" + $0.element, Color.ansi(UInt8($0.offset + 8))) }
        + [("default", .default), ("none", .default)]

    /// The colour a name stands for: `red`, `bright-red`, `default`, `grey`/`gray`, a palette index `0`...`255`,
    /// or `#rrggbb` (an RGB colour, six hexadecimal digits).
    public init?(name: String) {
        let lower = name.lowercased()
        if let entry = Color.named.first(where: { $0.name == lower }) {
            self = entry.color
        } else if let number = Int(lower), (0...255).contains(number) {
            self = .palette(UInt8(number))
        } else if lower.hasPrefix("#"), lower.utf8.count == 7,
            lower.utf8.dropFirst().allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
            let value = UInt32(lower.dropFirst(), radix: 16)
        {
            self = .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        } else {
            return nil
        }
    }

    /// The palette index of the colour, nil for the default colour; an RGB colour's is the nearest of the 256
    /// (``ColorDepth/nearestPaletteIndex(red:green:blue:)``).
    public var paletteIndex: Int? {
        switch self {
        case .default: return nil
        case .ansi(let index): return Int(index & 15)
        case .palette(let index): return Int(index)
        case .rgb(let red, let green, let blue):
            return ColorDepth.nearestPaletteIndex(red: red, green: green, blue: blue)
        }
    }
}

/// Text attributes: bold, dim, italic, underline, reverse video, blink.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold or bright text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim (faint) text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic text, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    /// Blinking text.
    public static let blink = TextAttributes(rawValue: 1 << 5)

    /// Every attribute with its name in the layout format, in a fixed order.
    public static let named: [(String, TextAttributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic),
        ("underline", .underline), ("reverse", .reverse), ("blink", .blink),
    ]
}

/// How a run of text looks: a theme role, foreground, background and attributes.
///
/// Styles combine with ``merging(_:)``: a cell's selection style is merged over
/// the style of each label in it, so a label keeps its bold text when its row
/// is drawn in reverse video.
///
/// A style with a ``role`` names a colour of the theme (``Theme/Role``) rather than colours of its own: it is
/// resolved when drawn, through the theme of the ``DrawContext`` (``Theme/resolve(_:)``), so switching the theme
/// redraws it in the new colours. Its own colours and attributes are laid over the role's.
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: Color
    /// The cell colour behind the text.
    public var background: Color
    /// Bold, dim, italic, underline, reverse, blink.
    public var attributes: TextAttributes
    /// The theme role the style is drawn in, under its own colours and attributes; nil: none.
    public var role: Theme.Role?

    /// Creates a style.
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.role = nil
    }

    /// Creates a style drawn in a theme role, with colours and attributes of its own laid over the role's.
    public init(
        role: Theme.Role, foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.role = role
    }

    /// The terminal's default colours with no attribute.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(attributes: .bold)
    /// Dim text.
    public static let dim = Style(attributes: .dim)
    /// Reverse video, the classic selection look.
    public static let reverse = Style(attributes: .reverse)
    /// Underlined text.
    public static let underline = Style(attributes: .underline)

    /// This style with `other` laid over it: its attributes added, its non-default colours taking precedence, its
    /// role (when it has one) replacing this style's. To keep both roles, merge styles resolved through the theme
    /// (``Theme/resolve(_:)``), as ``DrawContext`` does.
    public func merging(_ other: Style) -> Style {
        var merged = Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            attributes: attributes.union(other.attributes)
        )
        merged.role = other.role ?? role
        return merged
    }
}
