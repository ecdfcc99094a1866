import TermTableCore
import TermTableLayout

/// A one-line prompt: a label and a text field, shown at the bottom of the screen.
public final class PromptLine: View {
    /// The label before the field.
    public private(set) var label: Label
    /// The field being edited.
    public private(set) var field: TextField
    /// Called when Esc closes the prompt.
    public var onCancel: (@MainActor () -> Void)?

    /// Creates a prompt line.
    public init(label text: String, text initial: String = "") {
        label = Label(text: text)
        field = TextField(text: initial)
        field.textStyle = .plain
        super.init(frame: .zero)
        label.textStyle = .bold
        backgroundStyle = .plain
        addSubview(label)
        addSubview(field)
    }

    public required init(copying other: View) {
        let other = other as! PromptLine
        // The outlets point at the original's views until didCopy(from:) points them at the copies.
        label = other.label
        field = other.field
        onCancel = other.onCancel
        super.init(copying: other)
    }

    /// Points the outlets at the copied label and field.
    public override func didCopy(from original: View) {
        super.didCopy(from: original)
        guard let original = original as? PromptLine else { return }
        label = counterpart(of: original.label, in: original)!
        field = counterpart(of: original.field, in: original)!
    }

    public override func layoutSubviews() {
        let labelWidth = min(frame.width, TerminalText.width(of: label.text))
        label.frame = Rect(x: 0, y: 0, width: labelWidth, height: 1)
        field.frame = Rect(x: labelWidth, y: 0, width: max(0, frame.width - labelWidth), height: 1)
    }

    public override func handleKey(_ key: Key) -> Bool {
        if key == .escape {
            onCancel?()
            return false  // the app closes the overlay
        }
        return false
    }
}
