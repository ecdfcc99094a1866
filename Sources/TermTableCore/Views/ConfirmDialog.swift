/// A bordered yes/no question: a message and two buttons, the safe one (No) highlighted.
///
/// Only `y` confirms; `n` and Esc cancel; Enter and Space press the highlighted
/// button, which starts on No, so a stray Enter never confirms. Left, right
/// and Tab move between the buttons; a click presses one. ``onAnswer`` is
/// called once, with true for yes.
///
/// `Application.confirm(_:title:confirmTitle:cancelTitle:_:)` shows one
/// centred over the screen and closes it on the answer:
///
/// ```swift
/// app.confirm("Send SIGTERM to 3 processes?") { confirmed in
///     if confirmed { sendSignals() }
/// }
/// ```
open class ConfirmDialog: Box {
    /// The question, wrapped to the dialog's width.
    public private(set) var messageLabel: Label
    /// The button that confirms (`y`).
    public private(set) var confirmButton: Button
    /// The button that cancels (`n`, Esc); highlighted first.
    public private(set) var cancelButton: Button
    /// Called with the answer (true: confirmed), once; later answers are ignored.
    public var onAnswer: (@MainActor (Bool) -> Void)?
    /// True once the question was answered.
    public private(set) var isAnswered = false

    /// The widest a message line is before it wraps, when the screen leaves room.
    public static let maximumMessageWidth = 56

    /// Creates a dialog asking `message`, with buttons titled `confirmTitle` and `cancelTitle`.
    public init(message: String, title: String? = nil, confirmTitle: String = "Yes", cancelTitle: String = "No") {
        messageLabel = Label(text: message)
        messageLabel.numberOfLines = 0
        confirmButton = Button(title: confirmTitle)
        cancelButton = Button(title: cancelTitle)
        super.init(title: title)
        backgroundStyle = .plain
        addSubview(messageLabel)
        // The cancel button comes first among the subviews so it takes the focus when shown.
        addSubview(cancelButton)
        addSubview(confirmButton)
        wireButtons()
    }

    public required init(copying other: View) {
        let other = other as! ConfirmDialog
        onAnswer = other.onAnswer
        // The outlets point at the original's views until didCopy(from:) points them at the copies.
        messageLabel = other.messageLabel
        cancelButton = other.cancelButton
        confirmButton = other.confirmButton
        super.init(copying: other)
    }

    /// Points the outlets at the copied label and buttons.
    open override func didCopy(from original: View) {
        super.didCopy(from: original)
        repointOutlets(\.messageLabel, \.cancelButton, \.confirmButton, from: original)
    }

    private func wireButtons() {
        confirmButton.onPress = { button in (button.superview as? ConfirmDialog)?.answer(true) }
        cancelButton.onPress = { button in (button.superview as? ConfirmDialog)?.answer(false) }
    }

    /// Answers the question (as `y` or `n` would): calls ``onAnswer`` the first time only.
    public func answer(_ confirmed: Bool) {
        guard !isAnswered else { return }
        isAnswered = true
        let handler = onAnswer
        onAnswer = nil
        handler?(confirmed)
    }

    /// The width of the two buttons side by side, two columns apart.
    private var buttonsWidth: Int {
        TerminalText.width(of: confirmButton.title) + TerminalText.width(of: cancelButton.title) + 8 + 2
    }

    private var titleWidth: Int { title.map { $0.isEmpty ? 0 : TerminalText.width(of: $0) + 2 } ?? 0 }

    /// The message on lines of at most ``maximumMessageWidth`` columns, the buttons below, a border and a margin.
    open override var preferredSize: Size {
        sizeThatFits(Size(width: ConfirmDialog.maximumMessageWidth + 4, height: .max / 2))
    }

    /// The size at most `size` that shows the message wrapped to fit, a blank line, the buttons and the border.
    open override func sizeThatFits(_ size: Size) -> Size {
        let messageWidth =
            messageLabel.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.width(of: String($0)) }.max() ?? 0
        let inner = min(
            max(messageWidth, buttonsWidth, titleWidth), ConfirmDialog.maximumMessageWidth,
            max(0, size.width - 4))
        let lines = max(1, TerminalText.wrap(messageLabel.text, width: max(1, inner)).count)
        let width = max(0, min(size.width, inner + 4))
        return Size(width: width, height: max(0, min(size.height, lines + 4)))
    }

    /// Places the message at the top (inside a one-column margin) and the buttons, centred, on the last line inside the border.
    open override func layoutSubviews() {
        let width = max(0, frame.width)
        let height = max(0, frame.height)
        let inner = max(0, width - 4)
        let buttonsY = max(0, height - 2)
        messageLabel.frame = Rect(x: min(2, width), y: min(1, height), width: inner, height: max(0, buttonsY - 2))
        let yes = TerminalText.width(of: confirmButton.title) + 4
        let no = TerminalText.width(of: cancelButton.title) + 4
        let start = max(0, (width - (yes + 2 + no)) / 2)
        confirmButton.frame = Rect(
            x: min(start, width), y: buttonsY, width: max(0, min(yes, width - start)),
            height: height >= 3 ? 1 : 0)
        let noX = min(start + yes + 2, width)
        cancelButton.frame = Rect(x: noX, y: buttonsY, width: max(0, min(no, width - noX)), height: height >= 3 ? 1 : 0)
    }

    open override func handleKey(_ key: Key) -> Bool {
        switch key {
        case Key("y"), Key("Y"):
            answer(true)
        case Key("n"), Key("N"), .escape:
            answer(false)
        case .left, .right, .tab, .backTab, Key("h"), Key("l"):
            let next = confirmButton.isFocused ? cancelButton : confirmButton
            host?.focus(next)
            setNeedsDisplay()
        case .enter, .space:
            // No button has the focus (it was moved away): Enter takes the safe answer.
            answer(confirmButton.isFocused)
        default:
            return false
        }
        return true
    }
}
