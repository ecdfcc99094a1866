import TermTableCore

/// Two actions of one scope that want the same keys: one of them is never run by them.
///
/// Either both have the same key (or sequence), and the one added last runs; or a key or a sequence of one starts
/// a longer sequence of the other (`g` and `g g`), and the shorter runs as soon as it is typed, so the longer is
/// never typed to its end. ``KeyMap/conflicts(in:)`` finds them; an app says them on standard error at start
/// (``Application/keyConflicts``) and the help box lists those in force under *Conflicts*.
public struct KeyConflict: Hashable, Sendable, CustomStringConvertible {
    /// The keys that do not run ``loser``: a key (a sequence of one) or a sequence.
    public var keys: KeySequence
    /// The keys of ``winner`` that take them: the same keys, or their start.
    public var winningKeys: KeySequence
    /// The action that runs.
    public var winner: String
    /// The action that the keys do not reach.
    public var loser: String

    /// A conflict over `keys` that `winner` (by `winningKeys`) takes from `loser`.
    public init(keys: KeySequence, winningKeys: KeySequence, winner: String, loser: String) {
        self.keys = keys
        self.winningKeys = winningKeys
        self.winner = winner
        self.loser = loser
    }

    /// True when a key or sequence of the winner starts the loser's longer sequence.
    public var isPrefix: Bool { winningKeys != keys }

    /// What the help box says of it: `g is a's and b's: b runs`, or `g runs a, so g g (b) is never typed`.
    public var message: String {
        isPrefix
            ? "\(winningKeys) runs \(winner), so \(keys) (\(loser)) is never typed"
            : "\(keys) is \(loser)'s and \(winner)'s: \(winner) runs"
    }

    /// ``message``, sanitised (names and keys never reach the terminal as controls).
    public var description: String { TerminalText.sanitize(message + " (one scope)") }
}

extension KeyMap {
    /// The conflicts among `actions` (one scope, in the order they were added; the disabled ones left out): two
    /// actions with one key or sequence (the one added last wins), and a key or sequence that starts another
    /// action's longer sequence (the shorter wins). Each pair of actions and keys is said once.
    public static func conflicts(in actions: [AppAction]) -> [KeyConflict] {
        let enabled = actions.filter(\.isEnabled).map(\.normalized)
        var result: [KeyConflict] = []
        func all(_ action: AppAction) -> [[Key]] { action.keys.map { [$0] } + action.sequences.map(\.keys) }
        for later in enabled.indices {
            for earlier in enabled.indices where earlier < later && enabled[earlier].name != enabled[later].name {
                let (first, second) = (enabled[earlier], enabled[later])
                for a in all(first) {
                    for b in all(second) {
                        if a == b {
                            result.append(
                                KeyConflict(
                                    keys: KeySequence(a), winningKeys: KeySequence(b), winner: second.name,
                                    loser: first.name))
                        } else if b.count > a.count, b.starts(with: a) {
                            result.append(
                                KeyConflict(
                                    keys: KeySequence(b), winningKeys: KeySequence(a), winner: first.name,
                                    loser: second.name))
                        } else if a.count > b.count, a.starts(with: b) {
                            result.append(
                                KeyConflict(
                                    keys: KeySequence(a), winningKeys: KeySequence(b), winner: second.name,
                                    loser: first.name))
                        }
                    }
                }
            }
        }
        return result
    }
}

extension Application {
    /// The key conflicts among the actions the app knows now, with the keys the ``keyMap`` gives them (the app's,
    /// each live view's, each screen's in the stack; see ``KeyMap/conflicts(in:)``): what an app says on standard
    /// error at start.
    public var keyConflicts: [KeyConflict] {
        var result: [KeyConflict] = []
        for scope in knownActionScopes { result += KeyMap.conflicts(in: mapped(scope)) }
        return result
    }

    /// The key conflicts in the scopes in force for the focus, nearest first: what the help box lists.
    public var keyConflictsInForce: [KeyConflict] {
        scopesInForce.flatMap { scope -> [KeyConflict] in
            guard case .actions(let actions) = scope else { return [] }
            return KeyMap.conflicts(in: actions)
        }
    }

    /// The actions of each scope the app knows (the app's, each live view's, each screen's in the stack), with
    /// their default keys.
    var knownActionScopes: [[AppAction]] {
        var scopes = [appActions]
        for scope in scopedActions.values where scope.view != nil { scopes.append(scope.actions) }
        for screen in screenStack { scopes.append(screen.actions) }
        return scopes
    }
}
