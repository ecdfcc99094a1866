import TermTableCore

/// The actions bound to one view, held weakly (a view that goes takes its actions with it).
struct ScopedActions {
    weak var view: View?
    var actions: [AppAction]
}

extension Application {
    /// Binds `action` to `view` (nil: to the app): its keys run it while the focus is in `view` (or anywhere, for
    /// the app's), unless a view nearer the focus takes them first. An action of the same name in that scope is
    /// replaced.
    public func addAction(_ action: AppAction, to view: View? = nil) {
        guard let view else {
            appActions.removeAll { $0.name == action.name }
            appActions.append(action)
            setNeedsDisplay()
            return
        }
        let id = ObjectIdentifier(view)
        var scope = scopedActions[id]
        if scope?.view !== view { scope = ScopedActions(view: view, actions: []) }
        scope!.actions.removeAll { $0.name == action.name }
        scope!.actions.append(action)
        scopedActions[id] = scope
        if scopedActions.count > 64 { scopedActions = scopedActions.filter { $0.value.view != nil } }
        setNeedsDisplay()
    }

    /// Binds each of `actions` to `view` (nil: to the app), in order (see ``addAction(_:to:)``).
    public func addActions(_ actions: [AppAction], to view: View? = nil) {
        for action in actions { addAction(action, to: view) }
    }

    /// Removes the action named `name` from `view`'s scope (nil: the app's).
    public func removeAction(named name: String, from view: View? = nil) {
        if let view {
            let id = ObjectIdentifier(view)
            guard scopedActions[id]?.view === view else { return }
            scopedActions[id]?.actions.removeAll { $0.name == name }
        } else {
            appActions.removeAll { $0.name == name }
        }
        setNeedsDisplay()
    }

    /// The actions bound to `view` (nil: the app's), in the order they were added, with the keys ``keyMap``
    /// gives them; a screen's view also has its screen's ``AppScreen/actions``, after them.
    public func actions(of view: View?) -> [AppAction] {
        guard let view else { return mapped(appActions) }
        let id = ObjectIdentifier(view)
        var result = scopedActions[id]?.view === view ? scopedActions[id]!.actions : []
        for screen in screenStack where screen.view === view { result += screen.actions }
        return mapped(result)
    }

    /// `actions` with the keys the ``keyMap`` gives them.
    func mapped(_ actions: [AppAction]) -> [AppAction] { keyMap.applied(to: actions) }

    /// What is wrong with ``keyMap`` against the actions the app knows now (the app's, each live view's, each
    /// screen's in the stack): see ``KeyMap/problems(against:)``.
    public var keyMapProblems: [KeyMap.Problem] { keyMap.problems(against: knownActionScopes) }

    /// The actions in force for the focus, nearest first, each key once (the key's other actions are left out,
    /// and an action left with no key is listed with none): what a command palette offers. A sequence is left out
    /// when its first key is taken nearer the focus.
    public var actionsInForce: [AppAction] {
        var taken: Set<Key> = []
        var result: [AppAction] = []
        for scope in scopesInForce {
            switch scope {
            case .actions(let actions):
                var starts: Set<Key> = []
                for var action in Application.effective(actions) {
                    action.keys.removeAll(where: taken.contains)
                    action.sequences.removeAll { taken.contains($0.keys[0]) }
                    starts.formUnion(action.keys)
                    starts.formUnion(action.sequences.map { $0.keys[0] })
                    result.append(action)
                }
                taken.formUnion(starts)
            case .view(let provider):
                for binding in provider.keyHelp where binding.isEnabled { taken.formUnion(binding.keys) }
            case .legacy, .pop:
                break
            }
        }
        return result
    }

    /// The enabled actions of one scope with the keys and sequences that run them: a key (or a sequence) two of them
    /// have runs the one added last, so the earlier one loses it; a sequence that a key or a shorter sequence of the
    /// scope starts is never typed to its end, so it is left out (see ``KeyMap/conflicts(in:)``).
    static func effective(_ actions: [AppAction]) -> [AppAction] {
        var taken: Set<Key> = []
        var takenSequences: Set<[Key]> = []
        var result: [AppAction] = []
        for action in actions.reversed() where action.isEnabled {
            var action = action.normalized
            action.keys.removeAll(where: taken.contains)
            taken.formUnion(action.keys)
            action.sequences.removeAll { takenSequences.contains($0.keys) }
            takenSequences.formUnion(action.sequences.map(\.keys))
            result.append(action)
        }
        for index in result.indices {
            result[index].sequences.removeAll { sequence in
                taken.contains(sequence.keys[0])
                    || (2..<sequence.keys.count).contains { takenSequences.contains(Array(sequence.keys.prefix($0))) }
            }
        }
        return result.reversed()
    }

    /// One level of what a key is offered to, nearest the focus first (see ``scopesInForce``).
    enum KeyScope {
        /// The actions bound to a view or a screen, or the app's.
        case actions([AppAction])
        /// A view's own keys, with their help.
        case view(KeyHelpProviding)
        /// The app's keys bound with ``bind(_:_:)-(KeyBinding,_)`` and ``bind(_:_:)-(Key,_)``.
        case legacy
        /// Esc going back on a pushed screen.
        case pop
    }

    /// What a key is offered to, in order: from the focused view up to the top screen's view, each view's actions
    /// then its own keys; Esc going back (a pushed screen); then, unless the top screen is modal, the app's
    /// actions and the keys bound with `bind`.
    var scopesInForce: [KeyScope] {
        var scopes: [KeyScope] = []
        let screen = topScreen
        var view = focusedView
        if view == nil { scopes.append(.actions(actions(of: screen.view))) }
        while let current = view {
            scopes.append(.actions(actions(of: current)))
            if let provider = current as? KeyHelpProviding { scopes.append(.view(provider)) }
            if current === screen.view { break }
            view = current.superview
        }
        if screenStack.count > 1 { scopes.append(.pop) }
        if !screen.isModal {
            scopes.append(.actions(actions(of: nil)))
            scopes.append(.legacy)
        }
        return scopes
    }

    /// The binding that lists Esc going back on a pushed screen.
    static let popBinding = KeyBinding([.escape], help: "back to the screen before", hint: "back")

    /// Offers `key` to the actions of the views from `start` up to `boundary` (each view's actions, then the
    /// view's own ``/TermTableCore/View/handleKey(_:)``); true when one took it. With no `start`, only
    /// `boundary`'s actions are offered.
    func deliverToViews(_ key: Key, from start: View?, within boundary: View) -> Bool {
        guard start != nil else { return offer(key, to: actions(of: boundary)) }
        var current = start
        while let view = current {
            if offer(key, to: actions(of: view)) { return true }
            if view.handleKey(key) { return true }
            if view === boundary { break }
            current = view.superview
        }
        return false
    }

    /// Offers `key` to the app's actions, then to its keys bound with `bind`; true when one took it.
    func deliverToApp(_ key: Key) -> Bool {
        if offer(key, to: actions(of: nil)) { return true }
        if let legacy = keyBindings[key] {
            legacy()
            return true
        }
        return false
    }
}
