import TermTableCore

/// Keys pressed one after another that together run an action (`g g`, `ctrl-x ctrl-s`), written as the help
/// writes them, a space between two keys.
///
/// The first key of a sequence picks its scope as a single key would (the nearest one with an action whose key or
/// sequence starts with it); the app then waits for the next key (``Application/pendingKeys``, shown in the hint
/// bar as `g…`). A key that continues a sequence of that scope goes on with it, the last one runs its action; Esc
/// cancels it; any other key cancels it and is then handled as if no key came before it, so it is not lost.
///
/// ```swift
/// app.addAction(AppAction("list.top", keys: [.home], sequences: [KeySequence("g g")!], help: "first row") {
///     table.selectRow(at: IndexPath(row: 0, section: 0))
/// })
/// ```
public struct KeySequence: Hashable, Sendable, CustomStringConvertible {
    /// The keys, in the order they are pressed.
    public var keys: [Key]

    /// The most keys a sequence may have.
    public static let maximumLength = 8

    /// The sequence of `keys`.
    public init(_ keys: [Key]) {
        self.keys = keys
    }

    /// Reads a sequence written as the help writes it, keys parted by spaces (`g g`, `ctrl-x ctrl-s`, `g ↑`); nil
    /// when a key cannot be read, or for no key or more than ``maximumLength``.
    public init?(_ text: String) {
        let names = text.split(separator: " ", omittingEmptySubsequences: true)
        guard !names.isEmpty, names.count <= KeySequence.maximumLength else { return nil }
        var keys: [Key] = []
        for name in names {
            guard let key = KeyMap.parseKey(String(name)) else { return nil }
            keys.append(key)
        }
        self.keys = keys
    }

    /// The keys as the help shows them, a space between two (`g g`).
    public var helpName: String { keys.map(\.helpName).joined(separator: " ") }

    /// ``helpName``.
    public var description: String { helpName }

    /// True when `prefix` is this sequence's start and shorter.
    func hasProperPrefix(_ prefix: [Key]) -> Bool {
        prefix.count < keys.count && keys.starts(with: prefix)
    }
}
