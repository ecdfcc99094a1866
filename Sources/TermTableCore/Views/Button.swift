/// A push button: a title in brackets that sends its action when pressed.
///
/// Enter or Space when focused, or a click, sends ``action`` up the view
/// chain; in a table cell it reaches the table's action handlers with the
/// row's index path. ``onPress`` is called too, for buttons built in code.
open class Button: View, CopyableView {
    /// What the button draws, in one store a copy takes whole.
    struct Drawn {
        var title: String
        var titleStyle: Style = .plain
        var alignment: TextAlignment = .center
        var truncation: TerminalText.TruncationMode = .tail
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every button drawn
    #endif
    private var drawn: Drawn
    /// The title shown between the brackets.
    public var title: String {
        get { drawn.title }
        set { updateDrawn(&drawn.title, to: newValue) }
    }
    /// The name of the action sent when pressed.
    public var action: String?
    /// Called when the button is pressed (after the action is sent).
    public var onPress: (@MainActor (Button) -> Void)?
    /// The style of the title (drawn with the theme's `cursor` role over it while focused).
    public var titleStyle: Style {
        get { drawn.titleStyle }
        set { updateDrawn(&drawn.titleStyle, to: newValue) }
    }
    /// Where the title sits between the brackets when it is narrower than the room there (a layout's `align=`).
    public var alignment: TextAlignment {
        get { drawn.alignment }
        set { updateDrawn(&drawn.alignment, to: newValue) }
    }
    /// Where a title too long for the button is cut (a layout's `truncate=`).
    public var truncation: TerminalText.TruncationMode {
        get { drawn.truncation }
        set { updateDrawn(&drawn.truncation, to: newValue) }
    }

    /// Creates a button.
    public init(title: String, action: String? = nil, frame: Rect = .zero) {
        drawn = Drawn(title: title)
        self.action = action
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        let other = other as! Button
        drawn = other.drawn
        action = other.action
        onPress = other.onPress
        super.init(copying: other)
    }

    open override var acceptsFocus: Bool { true }

    /// Sends the action and calls ``onPress``, as a press does.
    public func press() {
        if let action { sendAction(action) }
        onPress?(self)
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = frame.width
        guard width > 0 else { return }
        // Focused: the theme's cursor look over the title's (both resolved, so a title's own role is kept).
        let style = isFocused ? context.theme.resolve(titleStyle).merging(context.theme[.cursor]) : titleStyle
        if width < 4 {
            context.put(
                TerminalText.fit(title, width: width, alignment: alignment, mode: truncation), at: .zero,
                style: style)
            return
        }
        let inner = TerminalText.fit(title, width: width - 4, alignment: alignment, mode: truncation)
        context.put("[ " + inner + " ]", at: .zero, style: style)
    }

    open override func handleKey(_ key: Key) -> Bool {
        guard key == .enter || key == .space else { return false }
        press()
        return true
    }

    open override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        guard event.button == .left, event.kind == .press || event.kind == .doubleClick else { return false }
        press()
        return true
    }
}
