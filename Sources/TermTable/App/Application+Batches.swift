import TermTableCore

/// Input that arrived together, handled together.
extension Application {
    /// How long the run loop reads waiting input before it handles it and draws (input that does not stop).
    static let batchTime: Duration = .milliseconds(50)

    /// Handles events that arrived together, in order: character keys in a row for a view that takes text
    /// (a text field) reach it as one ``/TermTableCore/View/handleText(_:)``, one edit with one change notice, so a
    /// filter runs once for the keys of a paste rather than once per key. Each key still passes ``willHandle``
    /// first; the run ends at a key it consumes and at one after which the keys go elsewhere (the focus moved,
    /// the app quit). Stops early when a key quits the app.
    public func handle(_ events: [InputEvent]) {
        let wasRunning = isRunning
        if events.contains(where: { if case .resize = $0 { false } else { true } }) { announcement = nil }
        var index = 0
        while index < events.count {
            if wasRunning && !isRunning { return }
            if index + 1 < events.count, Application.plainCharacter(events[index]) != nil,
                Application.plainCharacter(events[index + 1]) != nil, let target = textTarget()
            {
                index = type(events, from: index, into: target)
                continue
            }
            handle(events[index])
            index += 1
        }
    }

    /// Gives the run of character keys at `start` to `target` as one edit, each key through ``willHandle`` first;
    /// returns the index after the keys taken.
    ///
    /// A key ``willHandle`` consumes, or one after which `target` no longer takes the keys, ends the run: the text
    /// before it goes to `target` first, then that key is consumed or routed as one event alone would be.
    private func type(_ events: [InputEvent], from start: Int, into target: View) -> Int {
        let wasRunning = isRunning
        var text = ""
        var index = start
        func flush() {
            guard !text.isEmpty else { return }
            _ = target.handleText(text)
            repairFocus()
            setNeedsDisplay()
        }
        while index < events.count, let character = Application.plainCharacter(events[index]) {
            let event = events[index]
            if let willHandle {
                let taken = willHandle(event)
                if taken || textTarget() !== target || isRunning != wasRunning {
                    flush()
                    if taken { consumed(event) } else { route(event) }
                    return index + 1
                }
            }
            text.append(character)
            index += 1
        }
        flush()
        return index
    }

    /// The character of a key event without modifiers that is not a control character (typed text), else nil.
    nonisolated static func plainCharacter(_ event: InputEvent) -> Character? {
        guard case .key(let key) = event, key.modifiers.isEmpty, let character = key.character,
            let first = character.unicodeScalars.first, first.value >= 0x20, first.value != 0x7F
        else { return nil }
        return character
    }

    /// The focused view when it takes text and is where keys go now (not under an overlay that any key closes).
    func textTarget() -> View? {
        guard let focused = focusedView, focused.acceptsText, !focused.isHidden else { return nil }
        if let overlay = overlays.last {
            if overlay.dismissOnAnyKey { return nil }
            guard focused.rootView === overlay.view else { return nil }
        }
        return focused
    }
}
