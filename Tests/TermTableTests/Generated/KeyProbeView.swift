import TermTable

/// A view for the generated key tests: takes the focus or not, handles its own keys (logging them) and lists them.
@MainActor
final class KeyProbeView: View, KeyHelpProviding {
    let number: Int
    let focusable: Bool
    let ownKeys: [Key]
    let log: KeyLog

    init(number: Int, focusable: Bool, ownKeys: [Key], log: KeyLog) {
        self.number = number
        self.focusable = focusable
        self.ownKeys = ownKeys
        self.log = log
        super.init(frame: .zero)
    }

    override var acceptsFocus: Bool { focusable }

    override func handleKey(_ key: Key) -> Bool {
        guard ownKeys.contains(key) else { return false }
        log.entries.append("view:\(number)")
        return true
    }

    var keyHelp: [KeyBinding] { ownKeys.isEmpty ? [] : [KeyBinding(ownKeys, help: "view:\(number)")] }
}

/// What ran, in order: `view:N`, `action:NAME`, `legacy:N`, `pop`.
@MainActor
final class KeyLog {
    var entries: [String] = []

    /// The entries logged since the last call.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// The actions of one scope as the reference model keeps them: a name added again replaces the earlier one.
struct ModelScope {
    var actions: [(name: String, keys: [Key], sequences: [[Key]], enabled: Bool)] = []

    mutating func add(_ name: String, keys: [Key], sequences: [[Key]] = [], enabled: Bool) {
        actions.removeAll { $0.name == name }
        actions.append((name, keys, sequences, enabled))
    }

    /// The action `key` runs here: the last added, enabled, that has it.
    func winner(_ key: Key) -> String? {
        actions.last { $0.enabled && $0.keys.contains(key) }.map { "action:\($0.name)" }
    }

    /// True when `key` begins a sequence here (no action of the scope has it as a key: a key runs at once).
    func starts(_ key: Key) -> Bool {
        winner(key) == nil && actions.contains { $0.enabled && $0.sequences.contains { $0.first == key } }
    }

    /// The action a sequence of two keys runs here: the last added, enabled, that has it, unless its first key is
    /// one of the scope's keys.
    func winner(sequence: [Key]) -> String? {
        guard starts(sequence[0]) else { return nil }
        return actions.last { $0.enabled && $0.sequences.contains(sequence) }.map { "action:\($0.name)" }
    }
}
