import TermTableCore

/// Which view properties exist and which kinds of view take them.
public enum ViewPropertyRules {
    /// Every property name, in the order the documentation lists them.
    public static let names = [
        "style", "fg", "bg", "stretch", "pin", "min-width", "shrink", "hide-below", "heading", "hidden", "name",
        "align", "truncate", "wrap", "text", "sample", "title",
        "action", "value", "min", "max", "step", "percent", "placeholder", "symbol",
    ]

    /// The kinds a field can be on a property line (static `text` is only drawn, never named).
    public static let fieldKinds: [ViewKind] = ViewKind.allCases.filter { $0 != .text }

    /// The kinds that take `property`.
    public static func kinds(taking property: String) -> Set<ViewKind> {
        switch property {
        case "style", "fg", "bg", "stretch", "pin", "min-width", "shrink", "hide-below", "heading", "hidden", "name":
            return Set(fieldKinds)
        case "align": return [.label, .button, .field]
        case "truncate": return [.label, .button]
        case "wrap": return [.label]
        case "text", "sample": return [.label, .field]
        case "title": return [.button, .box]
        case "action": return [.button, .field, .slider]
        case "value": return [.progress, .slider]
        case "min", "max", "step": return [.slider]
        case "percent": return [.progress]
        case "placeholder": return [.field]
        case "symbol": return [.glyph, .separator]
        default: return []
        }
    }

    /// The properties `kind` takes, in documentation order.
    public static func properties(of kind: ViewKind) -> [String] {
        names.filter { kinds(taking: $0).contains(kind) }
    }

    /// The kind with an article, as messages say it: "a label", "a progress bar".
    public static func described(_ kind: ViewKind) -> String {
        switch kind {
        case .label: return "a label"
        case .progress: return "a progress bar"
        case .button: return "a button"
        case .field: return "a text field"
        case .slider: return "a slider"
        case .glyph: return "a glyph"
        case .separator: return "a separator"
        case .box: return "a box"
        case .text: return "static text"
        }
    }

    /// Kinds that are always one line tall.
    static let oneLineKinds: Set<ViewKind> = [.button, .field, .slider, .progress, .glyph]

    /// The fewest columns a field of `kind` needs (brackets included, since they are part of the width).
    static func minimumWidth(of kind: ViewKind, percent: Bool) -> Int {
        switch kind {
        case .button: return 4
        case .field: return 4
        case .slider: return 5
        case .progress: return percent ? 6 : 3
        default: return 1
        }
    }
}
