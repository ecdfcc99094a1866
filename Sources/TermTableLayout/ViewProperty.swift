import TermTableCore

/// A property of a field, written on its property line (`1 label style=bold stretch`).
///
/// Each property is declared once, here: its name, the view kinds that take it, the values it
/// takes and what it does. The parser reads a property by switching over this enum (no
/// `default:`), `termtable lint --properties` prints this list, and a test checks that the
/// "Layout Templates" article's table names exactly these cases; so a new property is one new
/// case, and the compiler points at every switch that must handle it.
public enum ViewProperty: String, CaseIterable, Hashable, Sendable {
    /// `style=`: the view's text style.
    case style
    /// `fg=`: the foreground colour.
    case foreground = "fg"
    /// `bg=`: the background colour.
    case background = "bg"
    /// `stretch`: the view grows and shrinks with the cell.
    case stretch
    /// `pin=`: the view keeps its distance to the right or bottom edge.
    case pin
    /// `min-width=`: the fewest columns the field narrows to.
    case minWidth = "min-width"
    /// `shrink=`: the order in which fields give way.
    case shrink
    /// `hide-below=`: the field is hidden below a cell width.
    case hideBelow = "hide-below"
    /// `heading=`: the field's column title in a header row.
    case heading
    /// `hidden`: the view starts hidden.
    case hidden
    /// `name=`: the view's name.
    case name
    /// `align=`: where text sits in a wider field.
    case align
    /// `truncate=`: where too-long text is cut.
    case truncate
    /// `wrap`: a label wraps onto several lines.
    case wrap
    /// `text=`: the text shown until the app sets it.
    case text
    /// `sample=`: another spelling of `text=`.
    case sample
    /// `title=`: a button's or box's title.
    case title
    /// `action=`: the action sent up the view chain.
    case action
    /// `value=`: a progress bar's or slider's value.
    case value
    /// `min=`: a slider's lowest value.
    case minimum = "min"
    /// `max=`: a slider's highest value.
    case maximum = "max"
    /// `step=`: a slider's step.
    case step
    /// `percent`: a progress bar shows its percentage.
    case percent
    /// `placeholder=`: a text field's placeholder.
    case placeholder
    /// `symbol=`: a glyph's symbol or a separator's line character.
    case symbol

    /// The kinds of field that take the property.
    public var kinds: Set<ViewKind> {
        switch self {
        case .style, .foreground, .background, .stretch, .pin, .minWidth, .shrink, .hideBelow, .heading, .hidden,
            .name:
            return Set(ViewPropertyRules.fieldKinds)
        case .align: return [.label, .button, .field]
        case .truncate: return [.label, .button]
        case .wrap: return [.label]
        case .text, .sample: return [.label, .field]
        case .title: return [.button, .box]
        case .action: return [.button, .field, .slider]
        case .value: return [.progress, .slider]
        case .minimum, .maximum, .step: return [.slider]
        case .percent: return [.progress]
        case .placeholder: return [.field]
        case .symbol: return [.glyph, .separator]
        }
    }

    /// The values the property takes, as the documentation says them.
    public var values: String {
        switch self {
        case .style: return "a style list"
        case .foreground, .background: return "a colour"
        case .stretch: return "alone or `=width`, `=height`, `=both`"
        case .pin: return "`right`, `bottom`, `right,bottom`"
        case .minWidth: return "1 to the field's width"
        case .shrink: return "0 to 99"
        case .hideBelow: return "1 to the canvas width"
        case .heading, .text, .sample, .title, .placeholder: return "text"
        case .hidden, .percent: return "alone, `=yes`, `=no`"
        case .name: return "a name"
        case .align: return "`left`, `center`, `right`"
        case .truncate: return "`head`, `middle`, `tail`, `clip`"
        case .wrap: return "alone or `=N`"
        case .action: return "a name (`:` allowed)"
        case .value, .minimum, .maximum, .step: return "a number"
        case .symbol: return "one character"
        }
    }

    /// What the property does.
    public var meaning: String {
        switch self {
        case .style: return "the view's text style; `fg=`/`bg=` may be inside"
        case .foreground: return "the foreground colour (not also in `style=`)"
        case .background: return "the background colour (not also in `style=`)"
        case .stretch: return "the view grows and shrinks with the cell (flexible width, height or both)"
        case .pin: return "the view keeps its distance to that edge"
        case .minWidth: return "the fewest columns the field narrows to before it is hidden"
        case .shrink: return "the order in which fields give way when the cell is too narrow, lowest first"
        case .hideBelow: return "the field is hidden, and takes no room, while the cell is narrower than this"
        case .heading: return "the field's column title in a header row built from the cell (not drawn in the cell)"
        case .hidden: return "the view starts hidden"
        case .name: return "gives or replaces the name written in the field (for `view(named:as:)`; not drawn)"
        case .align: return "where text sits in a wider field (a text field's text while it is not being edited)"
        case .truncate: return "where too-long text is cut (`clip`: no ellipsis)"
        case .wrap: return "wrap text onto as many lines as the field is drawn tall, or up to N"
        case .text: return "the text shown until the app sets it"
        case .sample: return "the same as `text=` (give one of the two)"
        case .title: return "the button's title, the box's title"
        case .action: return "the action sent up the view chain to the app (not drawn)"
        case .value: return "progress: 0 to 1; slider: between `min` and `max`"
        case .minimum: return "the slider's lowest value (0 by default), below `max`"
        case .maximum: return "the slider's highest value (1 by default), above `min`"
        case .step: return "how far a key moves the slider, above 0 and at most `max - min` (not drawn)"
        case .percent: return "show the percentage right of the bar"
        case .placeholder: return "shown dimmed while the field is empty"
        case .symbol: return "a glyph's symbol (1 or 2 columns); a separator's line character (1 column)"
        }
    }

    /// Whether a field drawn with the property looks different from one without it; false for the
    /// properties that only name, route or step (their effect is behaviour, tested elsewhere).
    public var isDrawn: Bool {
        switch self {
        case .name, .action, .step, .heading: return false
        case .style, .foreground, .background, .stretch, .pin, .minWidth, .shrink, .hideBelow, .hidden, .align,
            .truncate, .wrap, .text, .sample, .title, .value, .minimum, .maximum, .percent, .placeholder, .symbol:
            return true
        }
    }

    /// The property a duplicate is counted against: `text=` and `sample=` set the same text.
    var group: ViewProperty {
        self == .sample ? .text : self
    }

    /// The properties `kind` takes, in declaration order.
    public static func properties(of kind: ViewKind) -> [ViewProperty] {
        allCases.filter { $0.kinds.contains(kind) }
    }

    /// The property table, one row per property, as Markdown: `| property | kinds | values | meaning |`.
    public static var referenceTable: String {
        var rows = ["| property | kinds | values | meaning |", "|---|---|---|---|"]
        for property in allCases {
            let kinds =
                property.kinds == Set(ViewPropertyRules.fieldKinds)
                ? "all"
                : ViewPropertyRules.fieldKinds.filter(property.kinds.contains).map(\.rawValue)
                    .joined(separator: ", ")
            rows.append("| `\(property.rawValue)` | \(kinds) | \(property.values) | \(property.meaning) |")
        }
        return rows.joined(separator: "\n")
    }
}
