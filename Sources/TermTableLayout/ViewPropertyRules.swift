import TermTableCore

/// Which view properties exist and which kinds of view take them.
public enum ViewPropertyRules {
    /// Every property name, in the order the documentation lists them (``ViewProperty``'s cases).
    public static var names: [String] { ViewProperty.allCases.map(\.rawValue) }

    /// The kinds a field can be on a property line (static `text` is only drawn, never named).
    public static let fieldKinds: [ViewKind] = ViewKind.allCases.filter { $0 != .text }

    /// The kinds that take `property` (none for a name that is no property).
    public static func kinds(taking property: String) -> Set<ViewKind> {
        ViewProperty(rawValue: property)?.kinds ?? []
    }

    /// The properties `kind` takes, in documentation order.
    public static func properties(of kind: ViewKind) -> [String] {
        ViewProperty.properties(of: kind).map(\.rawValue)
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
        case .label, .glyph, .separator, .box, .text: return 1
        }
    }
}
