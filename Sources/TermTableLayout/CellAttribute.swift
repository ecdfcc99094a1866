import TermTableCore

/// An attribute of a cell, written on its `cell` line (`cell news height=2 accessory=disclosure`).
///
/// Each attribute is declared once, here; the parser switches over this enum with no `default:`,
/// and `termtable lint --properties` and the documentation list it.
public enum CellAttribute: String, CaseIterable, Hashable, Sendable {
    /// `height=N`: the cell's height, which must equal the canvas's line count; `height=auto`: the row is as tall
    /// as its content at the row's width (never shorter than the canvas).
    case height
    /// `selectable=yes|no`: whether the row can be selected.
    case selectable
    /// `selection=`: how the row looks when it is the cursor's row.
    case selection
    /// `accessory=`: the mark at the right end of the row.
    case accessory
    /// `indent=N`: the indentation level.
    case indent
    /// `style=`: the cell's background style.
    case style

    /// The values the attribute takes, as the documentation says them.
    public var values: String {
        switch self {
        case .height: return "1 to 500, or `auto`"
        case .selectable: return "alone, `=yes`, `=no`"
        case .selection: return "`reverse`, `none`, or a style list"
        case .accessory: return "`none`, `disclosure` (`›`), `checkmark` (`✓`)"
        case .indent: return "0 to 32"
        case .style: return "a style list"
        }
    }

    /// What the attribute does.
    public var meaning: String {
        switch self {
        case .height:
            return "a number must equal the number of canvas lines (written for the reader); `auto` makes the row "
                + "as tall as its content at the row's width (a `wrap` field that stretches in height grows it), "
                + "never shorter than the canvas"
        case .selectable: return "`no` for headers and separators"
        case .selection:
            return "how the cursor's row looks; a style list is merged over every view of the row "
                + "(its colours win, a view keeps its own colour where the list gives none)"
        case .accessory: return "the mark at the right end of the row"
        case .indent: return "indentation level; each level moves the content two columns right"
        case .style: return "the cell's background style"
        }
    }

    /// The attribute table as Markdown: `| attribute | values | meaning |`.
    public static var referenceTable: String {
        var rows = ["| attribute | values | meaning |", "|---|---|---|"]
        for attribute in allCases {
            rows.append("| `\(attribute.rawValue)` | \(attribute.values) | \(attribute.meaning) |")
        }
        return rows.joined(separator: "\n")
    }
}
