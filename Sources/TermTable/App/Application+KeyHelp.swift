import TermTableCore

extension Application {
    /// Runs `action` when one of the binding's keys reaches the app; the help box and the hint bar list it.
    ///
    /// Keys of the binding that an earlier binding had leave that binding's help. A binding
    /// that is not ``KeyBinding/isEnabled`` binds nothing and lists nothing.
    public func bind(_ binding: KeyBinding, _ action: @escaping @MainActor () -> Void) {
        bind(binding) { (_: Key) in action() }
    }

    /// Runs `action` with the key pressed when one of the binding's keys reaches the app: one line of help
    /// for keys that do kindred things (`"c m p n"`, "sort by CPU, memory, pid, name").
    public func bind(_ binding: KeyBinding, _ action: @escaping @MainActor (Key) -> Void) {
        guard binding.isEnabled else { return }
        forgetKeyHelp(for: Set(binding.keys))
        for key in binding.keys { keyBindings[key] = { action(key) } }
        if !binding.keys.isEmpty { boundKeyHelp.append(binding) }
        setNeedsDisplay()
    }

    /// Runs `action` when `key` reaches the app, listed in the help as `help`.
    public func bind(_ key: Key, help: String, _ action: @escaping @MainActor () -> Void) {
        bind(KeyBinding([key], help: help), action)
    }

    /// Drops `keys` from the help of the app's bindings (a binding left with no keys goes).
    func forgetKeyHelp(for keys: Set<Key>) {
        boundKeyHelp = boundKeyHelp.compactMap { binding in
            let rest = binding.removing(keys)
            return rest.keys.isEmpty ? nil : rest
        }
    }

    /// The keys in force, with their help, each key once, in the order a key is offered.
    ///
    /// First the keys of the focused view and its superviews (``KeyHelpProviding``, e.g. a table's
    /// ``TableView/keyBindings``), then the app's keys bound with help and still in ``keyBindings``.
    /// A key listed once is not listed again: the view that takes it first is the one that runs it.
    /// The app's bindings of Tab and Shift-Tab are listed too: they win over the focus move (see ``keyBindings``).
    public var bindingsInForce: [KeyBinding] {
        var taken: Set<Key> = []
        var result: [KeyBinding] = []
        func add(_ binding: KeyBinding) {
            let rest = binding.removing(taken)
            guard rest.isEnabled, !rest.keys.isEmpty else { return }
            taken.formUnion(rest.keys)
            result.append(rest)
        }
        var view = focusedView
        var viewKeys: [KeyBinding] = []
        while let current = view {
            if let provider = current as? KeyHelpProviding { viewKeys += provider.keyHelp }
            view = current.superview
        }
        // A view's keys are offered before the app's, and the app's before Tab's focus move.
        viewKeys.forEach(add)
        for binding in boundKeyHelp {
            add(binding.removing(Set(binding.keys.filter { keyBindings[$0] == nil })))
        }
        return result
    }

    /// The help box's lines for `bindings`: a section's heading before its first binding, then label and help.
    public static func helpEntries(for bindings: [KeyBinding]) -> [(key: String, action: String)] {
        var entries: [(key: String, action: String)] = []
        var section: String? = nil
        for binding in bindings {
            if let heading = binding.section, heading != section {
                entries.append((heading + ":", ""))
            }
            section = binding.section
            entries.append(binding.helpEntry)
        }
        return entries
    }

    /// Shows a help box of the keys in force (``bindingsInForce``), then the `extra` lines (what a click
    /// does, say); any key closes it.
    public func showHelp(title: String = "Keys", adding extra: [(key: String, action: String)] = []) {
        showHelp(title: title, entries: Application.helpEntries(for: bindingsInForce) + extra)
    }
}
