/// An editable line of text with a cursor, a placeholder, and an action sent on Enter.
///
/// Keys when focused: printable characters insert, Backspace and Delete remove,
/// Left/Right/Home/End (and Ctrl-A/Ctrl-E) move, Ctrl-U clears to the start,
/// Ctrl-K to the end, Enter sends ``action``. The text scrolls horizontally
/// to keep the cursor visible; the cursor moves by grapheme cluster.
open class TextField: View {
    /// The text being edited.
    public var text: String {
        didSet {
            cursor = min(cursor, text.count)
            if text != oldValue { setNeedsDisplay() }
        }
    }
    /// Shown dimmed while the text is empty.
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsDisplay() } }
    }
    /// The name of the action sent on Enter.
    public var action: String?
    /// Called after each edit with the new text.
    public var onChange: (@MainActor (TextField) -> Void)?
    /// Called on Enter.
    public var onSubmit: (@MainActor (TextField) -> Void)?
    /// The style of the text.
    public var textStyle: Style = .underline {
        didSet { if textStyle != oldValue { setNeedsDisplay() } }
    }
    /// Where the text (or the placeholder) sits in a wider field while the field is not being edited
    /// (a layout's `align=`); while focused the text starts at the left, to edit.
    public var alignment: TextAlignment = .left {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }
    /// The cursor position, in characters from the start.
    public private(set) var cursor = 0 {
        didSet { if cursor != oldValue { setNeedsDisplay() } }
    }

    /// Creates a text field.
    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        self.text = text
        self.placeholder = placeholder
        self.cursor = text.count
        super.init(frame: frame)
    }

    public required init(copying other: View) {
        let other = other as! TextField
        text = other.text
        placeholder = other.placeholder
        action = other.action
        onChange = other.onChange
        onSubmit = other.onSubmit
        textStyle = other.textStyle
        alignment = other.alignment
        cursor = other.cursor
        super.init(copying: other)
    }

    open override var acceptsFocus: Bool { true }

    /// Moves the cursor to `position` (clamped).
    public func moveCursor(to position: Int) {
        cursor = max(0, min(text.count, position))
    }

    open override func handleKey(_ key: Key) -> Bool {
        let before = text
        switch (key.code, key.modifiers) {
        case (.left, []): moveCursor(to: cursor - 1)
        case (.right, []): moveCursor(to: cursor + 1)
        case (.home, []), (.character("a"), .control): moveCursor(to: 0)
        case (.end, []), (.character("e"), .control): moveCursor(to: text.count)
        case (.backspace, _):
            guard cursor > 0 else { return true }
            let start = characterIndex(cursor - 1)
            let offset = text.unicodeScalars.distance(from: text.startIndex, to: start)
            text.remove(at: start)
            cursor = clusters(beforeScalarOffset: offset)
        case (.delete, _):
            guard cursor < text.count else { return true }
            let start = characterIndex(cursor)
            let offset = text.unicodeScalars.distance(from: text.startIndex, to: start)
            text.remove(at: start)
            cursor = clusters(beforeScalarOffset: offset)
        case (.character("u"), .control):
            text.removeSubrange(text.startIndex..<characterIndex(cursor))
            cursor = 0
        case (.character("k"), .control):
            text.removeSubrange(characterIndex(cursor)...)
            cursor = text.count
        case (.enter, _):
            if let action { sendAction(action) }
            onSubmit?(self)
            return true
        default:
            guard let character = key.character else { return false }
            let position = characterIndex(cursor)
            let end = text.unicodeScalars.distance(from: text.startIndex, to: position) + character.unicodeScalars.count
            text.insert(character, at: position)
            // The new scalars may join the character before them (a combining mark, a ZWJ, the second
            // half of a flag) or after them: the cursor goes after the character that holds them.
            cursor = clusters(beforeScalarOffset: end)
        }
        if text != before { onChange?(self) }
        setNeedsDisplay()
        return true
    }

    /// The index of character `position` of the text (clamped to the text).
    private func characterIndex(_ position: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: max(0, min(position, text.count)))
    }

    /// How many characters (grapheme clusters) of the text start before its scalar `offset`.
    ///
    /// After an edit, neighbours can merge into one character or split apart, so the cursor is
    /// found again from where the edit happened in the scalars, which an edit does not reshuffle.
    private func clusters(beforeScalarOffset offset: Int) -> Int {
        let scalars = text.unicodeScalars
        let limit =
            scalars.index(scalars.startIndex, offsetBy: max(0, offset), limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        var count = 0
        var index = text.startIndex
        while index < limit {
            count += 1
            index = text.index(after: index)
        }
        return count
    }

    open override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        event.kind == .press
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = frame.width
        guard width > 0 else { return }
        context.fill(Rect(x: 0, y: 0, width: width, height: 1), style: textStyle)
        if !isFocused && alignment != .left && TerminalText.width(of: text.isEmpty ? placeholder : text) < width {
            let shown = TerminalText.fit(text.isEmpty ? placeholder : text, width: width, alignment: alignment)
            context.put(shown, at: .zero, style: text.isEmpty ? textStyle.merging(.dim) : textStyle)
            return
        }
        if text.isEmpty {
            context.put(TerminalText.truncate(placeholder, toWidth: width), at: .zero, style: textStyle.merging(.dim))
            if isFocused { context.showCursor(at: .zero) }
            return
        }
        // Scroll so the cursor stays visible: show the glyphs ending at the cursor when it is past the width.
        let glyphs = TerminalText.glyphs(text)
        let characters = Array(text)
        var cursorColumn = 0
        for character in characters.prefix(cursor) { cursorColumn += TerminalText.width(of: character) }
        var skip = 0
        var skipped = 0
        while cursorColumn - skipped >= width, skip < glyphs.count {
            skipped += glyphs[skip].width
            skip += 1
        }
        let visible = String(glyphs.dropFirst(skip).map(\.character))
        context.put(visible, at: Point(x: 0, y: 0), style: textStyle)
        if isFocused { context.showCursor(at: Point(x: cursorColumn - skipped, y: 0)) }
    }
}
