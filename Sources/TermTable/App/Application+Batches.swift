import TermTableCore

/// Input that arrived together, handled together.
extension Application {
    /// How long the run loop reads waiting input before it handles it and draws (input that does not stop).
    static let batchTime: Duration = .milliseconds(50)

    /// Handles events that arrived together, in order: character keys in a row for a view that takes text
    /// (a text field) reach it as one ``/TermTableCore/View/handleText(_:)``, one edit with one change notice, so a
    /// filter runs once for the keys of a paste rather than once per key. Stops early when a key quits the app.
    public func handle(_ events: [InputEvent]) {
        let wasRunning = isRunning
        var index = 0
        while index < events.count {
            if wasRunning && !isRunning { return }
            if Application.plainCharacter(events[index]) != nil, let target = textTarget() {
                var text = ""
                var end = index
                while end < events.count, let character = Application.plainCharacter(events[end]) {
                    text.append(character)
                    end += 1
                }
                if end - index > 1 {
                    _ = target.handleText(text)
                    repairFocus()
                    setNeedsDisplay()
                    index = end
                    continue
                }
            }
            handle(events[index])
            index += 1
        }
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
