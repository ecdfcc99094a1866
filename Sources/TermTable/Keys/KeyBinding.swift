import TermTableCore

/// Keys with their help: what the help box and the hint bar show is made from these, so help cannot drift from the keys.
///
/// Modelled on bubbles' `key.Binding`: the keys, a short label for them
/// (`"j/↓"`, made from the keys unless given), a description (`"down"`), an
/// optional section of the help box, an optional short hint for the one-line
/// hint bar, and whether the binding is in force.
///
/// ```swift
/// app.bind(KeyBinding([Key("/")], help: "filter titles (Enter keeps, Esc clears)", hint: "filter")) { startFilter() }
/// app.bind(Key("q"), help: "quit") { app.quit() }
/// ```
public struct KeyBinding: Hashable, Sendable {
    /// The keys, in the order the label names them.
    public var keys: [Key]
    /// A label given instead of the one made from the keys (nil: ``label`` names the keys).
    public var customLabel: String?
    /// What the keys do, as the help box says it (`"down"`).
    public var help: String
    /// The heading of the help box the binding is listed under (nil: none).
    public var section: String?
    /// The binding's text in the one-line hint bar (``KeyHintBar``), shorter than ``help``; nil: the bar leaves it out.
    public var hint: String?
    /// False for a binding that is kept but not in force: it is neither run nor listed.
    public var isEnabled: Bool
    /// Sequences of keys (`g g`) listed with the keys, after them.
    public var sequences: [KeySequence] = []

    /// A binding of `keys` with its `help`; `label` replaces the label made from the keys.
    public init(
        _ keys: [Key], help: String, label: String? = nil, section: String? = nil,
        hint: String? = nil, isEnabled: Bool = true
    ) {
        self.keys = keys
        self.customLabel = label
        self.help = help
        self.section = section
        self.hint = hint
        self.isEnabled = isEnabled
    }

    /// A binding of `keys` and `sequences` (`g g`) with its `help`; `label` replaces the label made from them.
    public init(
        _ keys: [Key], help: String, label: String? = nil, section: String? = nil,
        hint: String? = nil, isEnabled: Bool = true, sequences: [KeySequence]
    ) {
        self.init(keys, help: help, label: label, section: section, hint: hint, isEnabled: isEnabled)
        self.sequences = sequences
    }

    /// The keys as the help shows them: ``customLabel``, else the keys' names then the sequences' joined by `/`
    /// (`"↓/j"`, `"Home/g g"`).
    public var label: String {
        customLabel ?? (keys.map(\.helpName) + sequences.map(\.helpName)).joined(separator: "/")
    }

    /// True when the hint bar shows the binding (it has a ``hint``).
    public var showsInHintBar: Bool { hint != nil }

    /// The line of the help box: label and description.
    public var helpEntry: (key: String, action: String) { (label, help) }

    /// The names of `keys` (`Key.helpName`) joined by `/`.
    public static func label(for keys: [Key]) -> String {
        keys.map(\.helpName).joined(separator: "/")
    }

    /// The binding without `removed` keys and the sequences they start; a custom label (which may name them) gives
    /// way to the keys' names.
    func removing(_ removed: Set<Key>) -> KeyBinding {
        let startsRemoved: (KeySequence) -> Bool = { $0.keys.first.map(removed.contains) ?? true }
        guard keys.contains(where: removed.contains) || sequences.contains(where: startsRemoved) else { return self }
        var copy = self
        copy.keys.removeAll(where: removed.contains)
        copy.sequences.removeAll(where: startsRemoved)
        copy.customLabel = nil
        return copy
    }

    /// True when the binding has no key and no sequence left.
    var isUnbound: Bool { keys.isEmpty && sequences.isEmpty }
}
