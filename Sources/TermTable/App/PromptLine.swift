import TermTableCore

/// A one-line prompt: a label and a text field, shown at the bottom of the screen.
///
/// The field takes at most ``defaultMaxLength`` characters (Unicode scalars) unless told otherwise;
/// input past that is dropped, and a note at the right end of the line says so.
public final class PromptLine: View {
    /// How many characters (Unicode scalars) a prompt takes unless told otherwise: 4,096.
    public static let defaultMaxLength = 4096
    /// The label before the field.
    public let label: Label
    /// The field being edited.
    public let field: TextField
    /// The note shown at the right end once input was dropped at the field's ``/TermTableCore/TextField/maxLength``.
    public let note: Label
    /// Called when Esc closes the prompt.
    public var onCancel: (@MainActor () -> Void)?
    /// Where the suggestions come from (nil: none): Tab completes their common prefix, then cycles through them;
    /// ↑/↓ pick among those shown.
    public var suggestions: PromptSuggestions? {
        didSet { updateSuggestions() }
    }
    /// The answers given before: ↑/↓ go through them while the field is empty or no suggestion is shown.
    public var history: PromptHistory?
    /// The suggestions shown for the text typed (at most ``PromptSuggestions/maximumShown``).
    public private(set) var shownSuggestions: [String] = []
    /// The index in ``shownSuggestions`` of the one picked, nil before ↑/↓ or Tab picks one.
    public private(set) var pickedSuggestion: Int?
    /// Called when Tab or ↑/↓ replaced the text (typing calls the field's `onChange`).
    var onTextReplaced: (@MainActor (String) -> Void)?
    /// Where ↑/↓ are in the ``history``: nil at the text being typed.
    var historyIndex: Int?
    /// The text being typed when ↑ first went into the history.
    var draft = ""

    /// Creates a prompt line whose field takes at most `maxLength` characters (Unicode scalars; nil: no limit).
    public init(label text: String, text initial: String = "", maxLength: Int? = PromptLine.defaultMaxLength) {
        label = Label(text: text)
        field = TextField(text: initial)
        note = Label(text: "")
        field.textStyle = .plain
        field.maxLength = maxLength
        super.init(frame: .zero)
        label.textStyle = Style(role: .title)
        note.textStyle = Style(role: .cursor)
        note.isHidden = true
        backgroundStyle = .plain
        addSubview(label)
        addSubview(field)
        addSubview(note)
        connectNote()
    }

    /// Asks the source for the suggestions of the text typed (after each edit), none picked.
    func updateSuggestions() {
        let shown = suggestions.map { Array($0.suggestions(field.text).prefix(PromptSuggestions.maximumShown)) } ?? []
        if shown != shownSuggestions {
            shownSuggestions = shown
            setNeedsLayout()
            setNeedsDisplay()
        }
        pickedSuggestion = nil
        historyIndex = nil
    }

    /// Puts `text` in the field, the cursor at its end, and tells the app.
    func replaceText(_ text: String) {
        var text = text
        if let limit = field.maxLength, text.unicodeScalars.count > limit {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
        }
        field.text = text
        field.moveCursor(to: text.count)
        setNeedsLayout()
        setNeedsDisplay()
        onTextReplaced?(text)
    }

    /// The longest start the strings share (by characters).
    static func commonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first.map(Array.init) else { return "" }
        for string in strings.dropFirst() {
            var count = 0
            for (a, b) in zip(prefix, string) {
                guard a == b else { break }
                count += 1
            }
            prefix.removeLast(prefix.count - count)
        }
        return String(prefix)
    }

    /// Tab: the suggestions' common prefix when it is longer than the text, else the next suggestion.
    func complete() {
        guard !shownSuggestions.isEmpty else { return }
        let prefix = PromptLine.commonPrefix(shownSuggestions)
        if pickedSuggestion == nil, prefix.count > field.text.count {
            replaceText(prefix)
            updateSuggestions()
        } else {
            pick(pickedSuggestion.map { ($0 + 1) % shownSuggestions.count } ?? 0)
        }
    }

    /// Picks the suggestion at `index` into the field (the list stays).
    func pick(_ index: Int) {
        pickedSuggestion = index
        replaceText(shownSuggestions[index])
    }

    /// ↑ (`older`) or ↓ through the history; past the newest, the text being typed comes back.
    func stepHistory(older: Bool) {
        guard let entries = history?.entries, !entries.isEmpty else { return }
        if historyIndex == nil {
            guard older else { return }
            draft = field.text
            historyIndex = entries.count
        }
        let index = historyIndex! + (older ? -1 : 1)
        if index >= entries.count {
            replaceText(draft)
            updateSuggestions()
            return
        }
        let kept = max(0, index)
        replaceText(entries[kept])
        updateSuggestions()  // those of the earlier answer; ↑/↓ stay in the history
        historyIndex = kept
    }

    /// Shows the note when the field drops input.
    private func connectNote() {
        field.onInputDropped = { [weak self] field, _ in
            guard let self, let limit = field.maxLength else { return }
            self.note.text = " at most \(limit) characters: the rest was dropped "
            if self.note.isHidden {
                self.note.isHidden = false
                self.setNeedsLayout()
            }
        }
    }

    public override func layoutSubviews() {
        let labelWidth = min(frame.width, TerminalText.width(of: label.text))
        label.frame = Rect(x: 0, y: 0, width: labelWidth, height: 1)
        // The note takes what it needs, leaving the field at least a third of the line.
        let room = max(0, frame.width - labelWidth)
        let noteWidth = note.isHidden ? 0 : min(TerminalText.width(of: note.text), room * 2 / 3)
        let fieldWidth =
            shownSuggestions.isEmpty
            ? room - noteWidth : max(min(room - noteWidth, TerminalText.width(of: field.text) + 2), room / 3)
        field.frame = Rect(x: labelWidth, y: 0, width: fieldWidth, height: 1)
        note.frame = Rect(x: labelWidth + room - noteWidth, y: 0, width: noteWidth, height: 1)
    }

    /// The suggestions, between the field and the note, the picked one in reverse.
    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        guard !shownSuggestions.isEmpty else { return }
        var x = field.frame.maxX + 1
        let end = note.isHidden ? frame.width : note.frame.minX
        for (index, suggestion) in shownSuggestions.enumerated() {
            let text = TerminalText.sanitize(suggestion)
            let width = TerminalText.width(of: text)
            guard x + width <= end else {
                if x + 1 <= end { context.put("…", at: Point(x: x, y: 0), style: Style(role: .dim)) }
                break
            }
            context.put(text, at: Point(x: x, y: 0), style: Style(role: index == pickedSuggestion ? .cursor : .dim))
            x += width + 2
        }
    }

    /// Tab completes, ↑/↓ pick a suggestion (or go through the history, from an empty field or when no suggestion
    /// is shown); Esc cancels.
    public override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .escape:
            onCancel?()
            return false  // the app closes the overlay
        case .tab where suggestions != nil:
            complete()
        case .up, .down:
            let hasHistory = !(history?.entries.isEmpty ?? true)
            if historyIndex != nil || shownSuggestions.isEmpty || (hasHistory && field.text.isEmpty) {
                stepHistory(older: key == .up)
            } else {
                let step = key == .down ? 1 : -1
                let count = shownSuggestions.count
                pick(pickedSuggestion.map { (($0 + step) % count + count) % count } ?? (step > 0 ? 0 : count - 1))
            }
        default:
            return false
        }
        return true
    }
}
