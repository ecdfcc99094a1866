/// An editable line of text with a cursor, a placeholder, and an action sent on Enter.
///
/// Keys when focused: printable characters insert, Backspace and Delete remove,
/// Left/Right/Home/End (and Ctrl-A/Ctrl-E) move, Ctrl-U clears to the start,
/// Ctrl-K to the end, Enter sends ``action``. The text scrolls horizontally
/// to keep the cursor visible; the cursor moves by grapheme cluster.
///
/// An edit costs the same whatever the length of the text: the cursor is kept as
/// an index into the text, the number of characters is kept up to date, and only
/// the characters around an edit are measured again (a long run of flag halves is
/// the exception: it is counted again whole). Typed or pasted text that arrives
/// together is inserted in one edit (``handleText(_:)``), with one ``onChange``.
/// ``maxLength`` caps the text; input past it is dropped and ``onInputDropped`` runs.
open class TextField: View, CopyableView {
    /// The text being edited.
    public var text: String {
        get { storage }
        set {
            let changed = newValue != storage
            storage = newValue
            characterCount = storage.count
            scalarCount = storage.unicodeScalars.count
            let position = min(cursor, characterCount)
            cursorIndex = storage.index(storage.startIndex, offsetBy: position)
            cursor = position
            if changed { setNeedsDisplay() }
        }
    }
    /// Shown dimmed while the text is empty.
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsDisplay() } }
    }
    /// The name of the action sent on Enter.
    public var action: String?
    /// Called after each edit with the new text (once for text typed or pasted together).
    public var onChange: (@MainActor (TextField) -> Void)?
    /// Called on Enter.
    public var onSubmit: (@MainActor (TextField) -> Void)?
    /// Called when typed or pasted input was dropped because the text holds ``maxLength`` scalars; with how many scalars were dropped.
    public var onInputDropped: (@MainActor (TextField, Int) -> Void)?
    /// The most Unicode scalars the user may type or paste into the text (an accent typed as a key of its own
    /// counts as one); nil for no limit. Setting ``text`` is not limited.
    public var maxLength: Int?
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
    public internal(set) var cursor = 0 {
        didSet { if cursor != oldValue { setNeedsDisplay() } }
    }

    /// The text (``text`` without its observers: editing it in place does not copy it).
    var storage: String
    /// Where the cursor is in ``storage``: the start of character ``cursor``.
    var cursorIndex: String.Index
    /// How many characters ``storage`` holds.
    var characterCount: Int
    /// How many Unicode scalars ``storage`` holds (what ``maxLength`` counts).
    var scalarCount: Int
    /// How many characters edits, cursor moves and drawing have stepped over (a test's measure of work).
    var steps = 0

    /// Creates a text field.
    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        self.storage = text
        self.placeholder = placeholder
        self.characterCount = text.count
        self.scalarCount = text.unicodeScalars.count
        self.cursorIndex = text.endIndex
        self.cursor = characterCount
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        let other = other as! TextField
        storage = other.storage
        characterCount = other.characterCount
        scalarCount = other.scalarCount
        cursorIndex = other.cursorIndex
        steps = other.steps
        placeholder = other.placeholder
        action = other.action
        onChange = other.onChange
        onSubmit = other.onSubmit
        onInputDropped = other.onInputDropped
        maxLength = other.maxLength
        textStyle = other.textStyle
        alignment = other.alignment
        cursor = other.cursor
        super.init(copying: other)
    }

    open override var acceptsFocus: Bool { true }

    /// A text field takes typed and pasted text.
    open override var acceptsText: Bool { true }

    /// Moves the cursor to `position` (clamped); costs the distance moved.
    public func moveCursor(to position: Int) {
        let target = max(0, min(characterCount, position))
        if target == cursor { return }
        // Walk from whichever of the cursor, the start and the end is nearest.
        var index: String.Index
        var at: Int
        if abs(target - cursor) <= min(target, characterCount - target) {
            index = cursorIndex
            at = cursor
        } else if target <= characterCount - target {
            index = storage.startIndex
            at = 0
        } else {
            index = storage.endIndex
            at = characterCount
        }
        steps += abs(target - at)
        while at < target {
            index = storage.index(after: index)
            at += 1
        }
        while at > target {
            index = storage.index(before: index)
            at -= 1
        }
        cursorIndex = index
        cursor = target
    }

    open override func handleKey(_ key: Key) -> Bool {
        switch (key.code, key.modifiers) {
        case (.left, []): moveCursor(to: cursor - 1)
        case (.right, []): moveCursor(to: cursor + 1)
        case (.home, []), (.character("a"), .control): moveCursor(to: 0)
        case (.end, []), (.character("e"), .control): moveCursor(to: characterCount)
        case (.backspace, _):
            guard cursor > 0 else { return true }
            let start = storage.index(before: cursorIndex)
            edit(start..<cursorIndex, charactersBefore: cursor - 1, removed: 1, with: "")
        case (.delete, _):
            guard cursor < characterCount else { return true }
            let end = storage.index(after: cursorIndex)
            edit(cursorIndex..<end, charactersBefore: cursor, removed: 1, with: "")
        case (.character("u"), .control):
            edit(storage.startIndex..<cursorIndex, charactersBefore: 0, removed: cursor, with: "")
        case (.character("k"), .control):
            edit(cursorIndex..<storage.endIndex, charactersBefore: cursor, removed: characterCount - cursor, with: "")
        case (.enter, _):
            if let action { sendAction(action) }
            onSubmit?(self)
            return true
        default:
            guard let character = key.character else { return false }
            insert(String(character))
        }
        setNeedsDisplay()
        return true
    }

    /// Inserts typed or pasted text at the cursor in one edit (line breaks and tabs become spaces).
    open override func handleText(_ text: String) -> Bool {
        insert(TextField.oneLine(text))
        setNeedsDisplay()
        return true
    }

    open override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        event.kind == .press
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        drawField(in: context)
    }
}
