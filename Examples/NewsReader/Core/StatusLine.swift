import TermTable

/// The bottom line: position, counts or a message on the left, key hints on the right, in reverse video.
///
/// A left part wider than the line (a long warning: the read-state file's path and the reason) wraps
/// onto more lines, up to ``maximumLines``, so it can be read whole; ``ReaderView`` gives the line
/// the height ``lines(forWidth:)`` asks for.
public final class StatusLine: View {
    /// What it says.
    public var text = StatusText(left: "", right: "") {
        didSet {
            guard text != oldValue else { return }
            setNeedsDisplay()
            if lines(forWidth: frame.width) != frame.height { superview?.setNeedsLayout() }
        }
    }
    /// The most lines a long text wraps onto (the rest ends with an ellipsis).
    public var maximumLines = 6
    /// The line's style.
    public var style: Style = .reverse

    /// Creates an empty status line.
    public init() {
        super.init(frame: .zero)
    }

    /// The lines the text takes at `width`: 1, or more when the left part does not fit on one line.
    public func lines(forWidth width: Int) -> Int {
        guard width > 2, TerminalText.width(of: text.left) > width - 2 else { return 1 }
        return TerminalText.wrap(text.left, width: width - 2, maxLines: maximumLines).count
    }

    /// The lines it takes at the bottom of a view `height` lines tall and `width` wide: those a long warning wraps
    /// onto, leaving at least half the view above it.
    public func height(forWidth width: Int, in height: Int) -> Int {
        min(lines(forWidth: width), max(1, height / 2), height)
    }

    public override func draw(in context: DrawContext) {
        context.fill(bounds, style: style)
        let width = frame.width
        guard width > 2 else { return }
        if frame.height > 1 {
            let lines = TerminalText.wrap(text.left, width: width - 2, maxLines: frame.height)
            for (row, line) in lines.enumerated() { context.put(line, at: Point(x: 1, y: row), style: style) }
            return
        }
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
