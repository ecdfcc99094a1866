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
    /// From the focused view up to the top screen's view, the actions bound to each view (``addAction(_:to:)``,
    /// a screen's ``AppScreen/actions``) and then the view's own keys (``KeyHelpProviding``, e.g. a table's
    /// ``TableView/keyBindings``); Esc going back on a pushed screen; then, unless the top screen is modal, the
    /// app's actions and its keys bound with help and still in ``keyBindings``. A key listed once is not listed
    /// again: the first one listed is the one that runs. The app's bindings of Tab and Shift-Tab are listed too:
    /// they win over the focus move (see ``keyBindings``).
    public var bindingsInForce: [KeyBinding] {
        var taken: Set<Key> = []
        var result: [KeyBinding] = []
        func add(_ binding: KeyBinding) {
            let rest = binding.removing(taken)
            guard rest.isEnabled, !rest.isUnbound else { return }
            taken.formUnion(rest.keys)
            result.append(rest)
        }
        for scope in scopesInForce {
            switch scope {
            case .actions(let actions):
                // The sequences of one scope may share their first key: it is taken once the scope is listed.
                let before = taken
                let bindings = Application.grouped(Application.effective(actions)).map { $0.removing(before) }
                bindings.forEach(add)
                taken.formUnion(bindings.flatMap { $0.sequences.map { $0.keys[0] } })
            case .view(let provider): provider.keyHelp.forEach(add)
            case .pop: add(Application.popBinding)
            case .legacy:
                for binding in boundKeyHelp {
                    add(binding.removing(Set(binding.keys.filter { keyBindings[$0] == nil })))
                }
            }
        }
        return result
    }

    /// The binding that lists the ``commandPaletteKeys`` no binding in force takes (nil: none left, or the palette
    /// is shown): what the help box lists after the keys in force.
    public var commandPaletteBinding: KeyBinding? {
        guard !(topScreen.view is CommandPalette) else { return nil }
        let listed = Set(bindingsInForce.flatMap(\.keys))
        let keys = commandPaletteKeys.filter { !listed.contains($0) }
        return keys.isEmpty ? nil : KeyBinding(keys, help: "command palette: any action by name")
    }

    /// The bindings that list `actions`: one per action, except that the actions of one ``AppAction/helpGroup`` are
    /// one binding, in the place of the first of them: their keys and sequences, labelled with each action's label
    /// and a space between two (`c m p n r`, `Home/g g End/g e`), the group as the help, and the first hint of one of
    /// them.
    static func grouped(_ actions: [AppAction]) -> [KeyBinding] {
        var result: [KeyBinding] = []
        var groups: [String: (index: Int, labels: [String])] = [:]
        for action in actions {
            let binding = action.binding
            guard let group = action.helpGroup, !binding.isUnbound else {
                result.append(binding)
                continue
            }
            guard let (index, labels) = groups[group] else {
                groups[group] = (result.count, [binding.label])
                var first = binding
                first.help = group
                result.append(first)
                continue
            }
            result[index].keys += binding.keys.filter { !result[index].keys.contains($0) }
            result[index].sequences += binding.sequences.filter { !result[index].sequences.contains($0) }
            if result[index].hint == nil { result[index].hint = binding.hint }
            groups[group] = (index, labels + [binding.label])
        }
        for (index, labels) in groups.values { result[index].customLabel = labels.joined(separator: " ") }
        return result
    }

    /// The help box's lines for `bindings`: those without a section first, in order, then each section under one
    /// heading, in the order the sections first come, with every binding of that section in order (a table's
    /// ``TableView/outlineKeyHelpSection`` keys and an app's own tree keys under one `Tree:`).
    public static func helpEntries(for bindings: [KeyBinding]) -> [(key: String, action: String)] {
        var entries = bindings.filter { $0.section == nil }.map(\.helpEntry)
        var sections: [String] = []
        var bySection: [String: [KeyBinding]] = [:]
        for binding in bindings {
            guard let section = binding.section else { continue }
            if bySection[section] == nil { sections.append(section) }
            bySection[section, default: []].append(binding)
        }
        for section in sections {
            entries.append((section + ":", ""))
            entries += bySection[section, default: []].map(\.helpEntry)
        }
        return entries
    }

    /// Shows a help box of the keys in force (``bindingsInForce``) and the palette's (``commandPaletteBinding``), then
    /// the key conflicts in force
    /// (``keyConflictsInForce``) under *Conflicts:*, then the `extra` lines (what a click
    /// does, say); any key closes it.
    public func showHelp(title: String = "Keys", adding extra: [(key: String, action: String)] = []) {
        showHelp(
            title: title,
            entries: Application.helpEntries(for: bindingsInForce + (commandPaletteBinding.map { [$0] } ?? []))
                + Application.helpEntries(for: keyConflictsInForce) + extra)
    }

    /// The help box's lines for `conflicts`: a *Conflicts:* heading, then the keys and what happens to them.
    public static func helpEntries(for conflicts: [KeyConflict]) -> [(key: String, action: String)] {
        guard !conflicts.isEmpty else { return [] }
        return [("Conflicts:", "")]
            + conflicts.map { (key: $0.keys.helpName, action: TerminalText.sanitize($0.message)) }
    }
}
