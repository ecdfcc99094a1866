import TermTable

/// The bottom line: position, counts or a message on the left, key hints on the right, in reverse video.
public final class StatusLine: View {
    /// What it says.
    public var text = StatusText(left: "", right: "") {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    /// The line's style.
    public var style: Style = .reverse

    /// Creates an empty status line.
    public init() {
        super.init(frame: .zero)
    }

    public required init(copying other: View) {
        let other = other as! StatusLine
        text = other.text
        style = other.style
        super.init(copying: other)
    }

    public override func draw(in context: DrawContext) {
        context.fill(bounds, style: style)
        let width = frame.width
        guard width > 2 else { return }
        // The hints give way first: they are shown only when the left part fits beside them.
        let rightWidth = TerminalText.width(of: text.right)
        let leftWidth = TerminalText.width(of: text.left)
        var room = width - 2
        if leftWidth + 2 + rightWidth <= room {
            context.put(text.right, at: Point(x: width - 1 - rightWidth, y: 0), style: style)
            room -= rightWidth + 2
        }
        context.put(TerminalText.truncate(text.left, toWidth: room), at: Point(x: 1, y: 0), style: style)
    }
}
