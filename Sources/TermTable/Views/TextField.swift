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
            if text != oldValue { setNeedsRedraw() }
        }
    }
    /// Shown dimmed while the text is empty.
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsRedraw() } }
    }
    /// The name of the action sent on Enter.
    public var action: String?
    /// Called after each edit with the new text.
    public var onChange: (@MainActor (TextField) -> Void)?
    /// Called on Enter.
    public var onSubmit: (@MainActor (TextField) -> Void)?
    /// The style of the text.
    public var textStyle: Style = .underline {
        didSet { if textStyle != oldValue { setNeedsRedraw() } }
    }
    /// The cursor position, in characters from the start.
    public private(set) var cursor = 0 {
        didSet { if cursor != oldValue { setNeedsRedraw() } }
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
            let index = text.index(text.startIndex, offsetBy: cursor - 1)
            cursor -= 1
            text.remove(at: index)
        case (.delete, _):
            guard cursor < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case (.character("u"), .control):
            text.removeSubrange(text.startIndex..<text.index(text.startIndex, offsetBy: cursor))
            cursor = 0
        case (.character("k"), .control):
            text.removeSubrange(text.index(text.startIndex, offsetBy: cursor)...)
        case (.enter, _):
            if let action { sendAction(action) }
            onSubmit?(self)
            return true
        default:
            guard let character = key.character else { return false }
            text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
            cursor += 1
        }
        if text != before { onChange?(self) }
        setNeedsDisplay()
        return true
    }

    open override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        event.kind == .press
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = frame.width
        guard width > 0 else { return }
        context.fill(Rect(x: 0, y: 0, width: width, height: 1), style: textStyle)
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
        var skip = 0, skipped = 0
        while cursorColumn - skipped >= width, skip < glyphs.count {
            skipped += glyphs[skip].width
            skip += 1
        }
        let visible = String(glyphs.dropFirst(skip).map(\.character))
        context.put(visible, at: Point(x: 0, y: 0), style: textStyle)
        if isFocused { context.showCursor(at: Point(x: cursorColumn - skipped, y: 0)) }
    }
}
