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

    /// Creates a prompt line whose field takes at most `maxLength` characters (Unicode scalars; nil: no limit).
    public init(label text: String, text initial: String = "", maxLength: Int? = PromptLine.defaultMaxLength) {
        label = Label(text: text)
        field = TextField(text: initial)
        note = Label(text: "")
        field.textStyle = .plain
        field.maxLength = maxLength
        super.init(frame: .zero)
        label.textStyle = .bold
        note.textStyle = .reverse
        note.isHidden = true
        backgroundStyle = .plain
        addSubview(label)
        addSubview(field)
        addSubview(note)
        connectNote()
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
        field.frame = Rect(x: labelWidth, y: 0, width: room - noteWidth, height: 1)
        note.frame = Rect(x: labelWidth + room - noteWidth, y: 0, width: noteWidth, height: 1)
    }

    public override func handleKey(_ key: Key) -> Bool {
        if key == .escape {
            onCancel?()
            return false  // the app closes the overlay
        }
        return false
    }
}
