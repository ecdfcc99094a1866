/// A view that shows text: one line cut to fit, or wrapped to several lines.
///
/// The text is sanitised when drawn (controls and escape sequences never reach
/// the terminal), aligned in the label's width, and, when too long, cut with an
/// ellipsis at the head, middle or tail. With ``numberOfLines`` other than 1
/// the text wraps at spaces; 0 uses as many lines as the label is tall.
///
/// ```swift
/// let title = Label(text: "Swift 6 released", frame: Rect(x: 0, y: 0, width: 30, height: 1))
/// title.textStyle = .bold
/// title.truncation = .middle
/// ```
open class Label: View {
    /// The text shown.
    public var text: String
    /// The style of the text.
    public var textStyle: Style = .plain
    /// Where the text sits when it is narrower than the label.
    public var alignment: TextAlignment = .left
    /// Where the text is cut when it is wider than the label.
    public var truncation: TerminalText.TruncationMode = .tail
    /// Lines to wrap to: 1 (the default) does not wrap, 0 uses the label's height.
    public var numberOfLines = 1

    /// Creates a label.
    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    public required init(copying other: View) {
        let other = other as! Label
        text = other.text
        textStyle = other.textStyle
        alignment = other.alignment
        truncation = other.truncation
        numberOfLines = other.numberOfLines
        super.init(copying: other)
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = frame.width
        guard width > 0, frame.height > 0, !text.isEmpty else { return }
        if numberOfLines == 1 || frame.height == 1 {
            drawLine(text, y: 0, width: width, in: context)
            return
        }
        let maxLines = numberOfLines == 0 ? frame.height : min(numberOfLines, frame.height)
        for (y, line) in TerminalText.wrap(text, width: width, maxLines: maxLines).enumerated() {
            drawLine(line, y: y, width: width, in: context)
        }
    }

    private func drawLine(_ line: String, y: Int, width: Int, in context: DrawContext) {
        // The common case, plain ASCII that fits, needs no measuring beyond a byte count.
        if alignment == .left && TerminalText.isPlainASCII(line) && line.utf8.count <= width {
            context.put(line, at: Point(x: 0, y: y), style: textStyle)
            return
        }
        let cut = TerminalText.truncate(line, toWidth: width, mode: truncation)
        var x = 0
        if alignment != .left {
            let gap = width - TerminalText.width(of: cut)
            x = alignment == .right ? gap : gap / 2
        }
        context.put(cut, at: Point(x: x, y: y), style: textStyle)
    }
}
