import TermTableCore

/// Something the user can do, with a name, its help and its keys: the unit that key dispatch, the help box and
/// the hint bar work on.
///
/// An action belongs to a scope: a view (a screen, a table, a pane) or the app
/// (``Application/addAction(_:to:)``). A key goes to the focused view, then up its superviews to the screen's
/// view, then to the app: at each view, the actions bound to it come before the view's own keys
/// (``/TermTableCore/View/handleKey(_:)``), so the action nearest the focus wins. The help box and the
/// ``KeyHintBar`` list what is in force for the focus in that order, each key once
/// (``Application/bindingsInForce``): they are made from the actions, never written by hand.
///
/// ```swift
/// app.addAction(AppAction("process.signal", keys: [Key("K")], help: "SIGTERM the marked processes", hint: "term") {
///     viewer.askToSignal(SIGTERM)
/// }, to: table)
/// app.addAction(AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { app.quit() })
/// ```
///
/// An action may also be run by ``sequences`` of keys (`g g`, see ``KeySequence``).
///
/// Names are dotted (`process.signal`, `app.quit`); within one scope a name is one action (adding it again
/// replaces it), and a key bound by two actions of one scope runs the one added last (a conflict,
/// ``KeyConflict``); a key of one action that starts another's sequence runs at once, so the sequence is never
/// typed to its end (a conflict too).
public struct AppAction {
    /// The action's name, dotted (`process.signal`): the key a keymap or a command palette names it by.
    public let name: String
    /// The keys that run it, in the order its label names them.
    public var keys: [Key]
    /// The sequences of keys that run it too (`g g`), after its ``keys`` in its label; a sequence of one key is
    /// one of its keys.
    public var sequences: [KeySequence] = []
    /// What it does, as the help box says it (`"SIGTERM the marked processes"`).
    public var help: String
    /// Its text in the one-line hint bar, shorter than ``help``; nil: the bar leaves it out.
    public var hint: String?
    /// The heading of the help box it is listed under (nil: none).
    public var section: String?
    /// The one line of help it shares with the other actions of its scope that have the same group (nil: a line of
    /// its own): the help box and the hint bar list their keys together (`c m p n r`) with this text
    /// (`sort by CPU, memory, pid, name; r reverses`), in the place of the first of them; each keeps its own keys in
    /// a key map, the palette and `--keys`.
    public var helpGroup: String?
    /// False for an action that is kept but not in force: its keys do nothing and it is not listed.
    public var isEnabled: Bool
    /// What it does.
    public var run: @MainActor () -> Void

    /// An action named `name`, run by `keys`, listed with `help` (and `hint` in the hint bar).
    public init(
        _ name: String, keys: [Key], help: String, hint: String? = nil, section: String? = nil,
        isEnabled: Bool = true, run: @escaping @MainActor () -> Void
    ) {
        self.name = name
        self.keys = keys
        self.help = help
        self.hint = hint
        self.section = section
        self.isEnabled = isEnabled
        self.run = run
    }

    /// An action named `name`, run by `keys` and by `sequences` of keys (`g g`), listed with `help` (and `hint` in
    /// the hint bar).
    public init(
        _ name: String, keys: [Key], sequences: [KeySequence], help: String, hint: String? = nil,
        section: String? = nil, isEnabled: Bool = true, run: @escaping @MainActor () -> Void
    ) {
        self.init(name, keys: keys, help: help, hint: hint, section: section, isEnabled: isEnabled, run: run)
        self.sequences = sequences
    }

    /// The action's keys and sequences with its help, as the help box and the hint bar list them.
    public var binding: KeyBinding {
        KeyBinding(keys, help: help, section: section, hint: hint, isEnabled: isEnabled, sequences: sequences)
    }

    /// The action with each sequence of one key moved to its keys, and empty sequences left out.
    var normalized: AppAction {
        guard sequences.contains(where: { $0.keys.count < 2 }) else { return self }
        var copy = self
        for sequence in sequences where sequence.keys.count == 1 && !copy.keys.contains(sequence.keys[0]) {
            copy.keys.append(sequence.keys[0])
        }
        copy.sequences.removeAll { $0.keys.count < 2 }
        return copy
    }
}
