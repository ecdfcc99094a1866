/// The app's colours by meaning: a style for each role (text, accent, cursor, mark, error, …), which views and
/// layouts name instead of colours.
///
/// A view draws `Style(role: .accent)` (a layout says `style=accent`); the role is looked up in the theme of the
/// ``DrawContext`` when the view draws, so setting another theme (``dark``, ``light`` or one read from a file)
/// redraws every view in it without the views knowing. A style's own colours and attributes are laid over its
/// role's: `Style(role: .accent, attributes: .underline)` is the accent colour, underlined.
///
/// ```swift
/// var theme = Theme.light
/// theme[.accent] = Style(foreground: .rgb(0xFF, 0x88, 0x00), attributes: .bold)
/// let drawn = theme.resolve(Style(role: .accent, attributes: .underline))
/// // drawn: foreground #ff8800, bold and underlined, no role
/// ```
public struct Theme: Hashable, Sendable {
    /// A colour of the theme by meaning; its ``name`` is how layouts (`style=accent`) and theme files
    /// (`accent = #ff8800 bold`) write it.
    public enum Role: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// Ordinary text.
        case text
        /// Text of less weight: secondary columns, hints, placeholders.
        case dim
        /// What draws the eye: a focused box's border, keys in help, a key column.
        case accent
        /// A second accent, for a second kind of thing (directories beside files, say).
        case secondary
        /// Neutral information (a debug line, a count).
        case info
        /// A link or an address.
        case link
        /// A match of a search or filter inside text.
        case highlight
        /// The cursor's row in the focused list, and the picked item of a palette or prompt.
        case cursor
        /// The cursor's row in a list without the focus.
        case inactiveCursor
        /// A marked (multi-selected) row's mark.
        case mark
        /// Column headers and section headers (which the table also underlines).
        case header
        /// Titles: a box's title, the key names in a help box.
        case title
        /// Box and palette borders.
        case border
        /// A status bar or a key-hint bar.
        case status
        /// Errors.
        case error
        /// Warnings.
        case warning
        /// Success, health.
        case success

        /// The role's name in layouts and theme files: `inactive-cursor` for ``inactiveCursor``, else the case's.
        public var name: String {
            switch self {
            case .text: return "text"
            case .dim: return "dim"
            case .accent: return "accent"
            case .secondary: return "secondary"
            case .info: return "info"
            case .link: return "link"
            case .highlight: return "highlight"
            case .cursor: return "cursor"
            case .inactiveCursor: return "inactive-cursor"
            case .mark: return "mark"
            case .header: return "header"
            case .title: return "title"
            case .border: return "border"
            case .status: return "status"
            case .error: return "error"
            case .warning: return "warning"
            case .success: return "success"
            }
        }

        /// The role named `name` (as in ``name``), nil for none.
        public init?(name: String) {
            guard let role = Role.allCases.first(where: { $0.name == name }) else { return nil }
            self = role
        }

        /// The role's ``name``.
        public var description: String { name }
    }

    /// The theme's name (`dark`, `light`, or the file it was read from).
    public var name: String
    /// The style of each role, in ``Role`` order (a role's style has no role of its own).
    private var styles: [Style]

    /// A theme named `name` with `styles` for its roles; a role left out is drawn as plain text.
    public init(name: String, styles: [Role: Style]) {
        self.name = name
        self.styles = Role.allCases.map { role in
            var style = styles[role] ?? .plain
            style.role = nil
            return style
        }
    }

    /// The style of `role` (a style set here loses any role of its own).
    public subscript(role: Role) -> Style {
        get { styles[Int(role.rawValue)] }
        set {
            var style = newValue
            style.role = nil
            styles[Int(role.rawValue)] = style
        }
    }

    /// `style` as drawn in this theme: its role's style with its own colours and attributes laid over, and no
    /// role; a style without a role is returned as it is.
    @inline(__always)
    public func resolve(_ style: Style) -> Style {
        guard let role = style.role else { return style }
        var own = style
        own.role = nil
        return styles[Int(role.rawValue)].merging(own)
    }

    /// The default theme, for a terminal with a dark background: the terminal's own 16 colours, as TermTable
    /// drew before themes (the cursor in reverse video, marks bold yellow, headers bold).
    public static let dark = Theme(
        name: "dark",
        styles: [
            .text: .plain,
            .dim: Style(attributes: .dim),
            .accent: Style(foreground: .cyan, attributes: .bold),
            .secondary: Style(foreground: .blue, attributes: .bold),
            .info: Style(foreground: .cyan),
            .link: Style(foreground: .cyan, attributes: .underline),
            .highlight: Style(foreground: .yellow, attributes: [.bold, .underline]),
            .cursor: Style(attributes: .reverse),
            .inactiveCursor: Style(attributes: .underline),
            .mark: Style(foreground: .yellow, attributes: .bold),
            .header: Style(attributes: .bold),
            .title: Style(attributes: .bold),
            .border: .plain,
            .status: Style(attributes: .dim),
            .error: Style(foreground: .red),
            .warning: Style(foreground: .yellow),
            .success: Style(foreground: .green),
        ])

    /// A theme for a terminal with a light background: darker RGB colours where the dark theme's would be pale
    /// on white (yellow marks and warnings become dark orange), drawn as the nearest colour on terminals without
    /// true colour.
    public static let light = Theme(
        name: "light",
        styles: [
            .text: .plain,
            .dim: Style(foreground: .rgb(0x6C, 0x6C, 0x6C)),
            .accent: Style(foreground: .rgb(0x00, 0x5F, 0xAF), attributes: .bold),
            .secondary: Style(foreground: .rgb(0x87, 0x00, 0x87), attributes: .bold),
            .info: Style(foreground: .rgb(0x00, 0x5F, 0xAF)),
            .link: Style(foreground: .rgb(0x00, 0x5F, 0xAF), attributes: .underline),
            .highlight: Style(background: .rgb(0xFF, 0xEB, 0x80), attributes: [.bold, .underline]),
            .cursor: Style(attributes: .reverse),
            .inactiveCursor: Style(attributes: .underline),
            .mark: Style(foreground: .rgb(0xAF, 0x5F, 0x00), attributes: .bold),
            .header: Style(attributes: .bold),
            .title: Style(attributes: .bold),
            .border: Style(foreground: .rgb(0x8A, 0x8A, 0x8A)),
            .status: Style(foreground: .rgb(0x6C, 0x6C, 0x6C)),
            .error: Style(foreground: .rgb(0xAF, 0x00, 0x00)),
            .warning: Style(foreground: .rgb(0xAF, 0x5F, 0x00)),
            .success: Style(foreground: .rgb(0x00, 0x87, 0x00)),
        ])
}
