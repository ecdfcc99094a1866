import TermTableCore

/// A key sequence begun: the keys pressed so far and the actions of the scope its first key picked.
struct PendingSequence {
    var keys: [Key]
    var actions: [AppAction]
}

extension Application {
    /// The keys of a sequence begun and not yet ended (`[g]` after `g` of `g g`); empty when none is pending. The
    /// hint bar shows them (`g…`) with the keys that go on.
    public var pendingKeys: [Key] { pendingSequence?.keys ?? [] }

    /// What each key that goes on with the pending sequence runs: the rest of the sequence as the label, the action's
    /// help and hint; empty when no sequence is pending.
    public var pendingContinuations: [KeyBinding] {
        guard let pending = pendingSequence else { return [] }
        return pending.actions.flatMap { action in
            action.sequences.filter { $0.hasProperPrefix(pending.keys) }.map { sequence in
                KeyBinding(
                    Array(sequence.keys.dropFirst(pending.keys.count)), help: action.help,
                    label: KeySequence(Array(sequence.keys.dropFirst(pending.keys.count))).helpName,
                    section: action.section, hint: action.hint ?? action.help)
            }
        }
    }

    /// Forgets the sequence begun, if any (Esc, a mouse event, an overlay taking the keys).
    public func cancelPendingKeys() {
        guard pendingSequence != nil else { return }
        pendingSequence = nil
        setNeedsDisplay()
    }

    /// Offers `key` to one scope's actions: runs the action it is a key of, or begins the sequences it starts; true
    /// when it did either.
    func offer(_ key: Key, to actions: [AppAction]) -> Bool {
        let actions = Application.effective(actions)
        if let action = actions.first(where: { $0.keys.contains(key) }) {
            action.run()
            return true
        }
        guard actions.contains(where: { $0.sequences.contains { $0.keys[0] == key } }) else { return false }
        pendingSequence = PendingSequence(keys: [key], actions: actions)
        setNeedsDisplay()
        return true
    }

    /// Goes on with the pending sequence, if any: Esc cancels it; a key that ends one of its scope's sequences runs
    /// that action, one that goes on with one waits for the next. True when the key was taken; false (the sequence
    /// cancelled) for a key that continues none, which is then handled as a first key.
    func continuePendingSequence(with key: Key) -> Bool {
        guard let pending = pendingSequence else { return false }
        pendingSequence = nil
        setNeedsDisplay()
        if key == .escape { return true }
        let keys = pending.keys + [key]
        if let action = pending.actions.first(where: { $0.sequences.contains { $0.keys == keys } }) {
            action.run()
            return true
        }
        guard pending.actions.contains(where: { $0.sequences.contains { $0.hasProperPrefix(keys) } }) else {
            return false
        }
        pendingSequence = PendingSequence(keys: keys, actions: pending.actions)
        return true
    }
}
