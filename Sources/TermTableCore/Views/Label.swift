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
open class Label: View, CopyableView {
    /// What the label draws, in one store: read for every label drawn and measured, set for every cell configured.
    struct Drawn {
        var text: String
        var styledText: StyledText?
        var textStyle: Style = .plain
        var alignment: TextAlignment = .left
        var truncation: TerminalText.TruncationMode = .tail
        var numberOfLines = 1
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every label drawn and measured, set for every cell configured
    #endif
    private var drawn: Drawn

    /// The text shown (setting it clears ``styledText``).
    public var text: String {
        get { drawn.text }
        set {
            let changed = newValue != drawn.text || drawn.styledText != nil
            drawn.text = newValue
            drawn.styledText = nil
            if changed { setNeedsDisplay() }
        }
    }
    /// The text shown in runs of styles, each laid over ``textStyle`` (nil: ``text`` in ``textStyle``).
    ///
    /// Setting it sets ``text`` to its ``StyledText/string``; setting ``text`` clears it.
    /// Measuring, truncation and wrapping are those of the plain text.
    public var styledText: StyledText? {
        get { drawn.styledText }
        set {
            updateDrawn(&drawn.styledText, to: newValue)
            if let newValue { drawn.text = newValue.string }
        }
    }
    /// The style of the text.
    public var textStyle: Style {
        get { drawn.textStyle }
        set { updateDrawn(&drawn.textStyle, to: newValue) }
    }
    /// Where the text sits when it is narrower than the label.
    public var alignment: TextAlignment {
        get { drawn.alignment }
        set { updateDrawn(&drawn.alignment, to: newValue) }
    }
    /// Where the text is cut when it is wider than the label.
    public var truncation: TerminalText.TruncationMode {
        get { drawn.truncation }
        set { updateDrawn(&drawn.truncation, to: newValue) }
    }
    /// Lines to wrap to: 1 (the default) does not wrap, 0 uses the label's height.
    public var numberOfLines: Int {
        get { drawn.numberOfLines }
        set { updateDrawn(&drawn.numberOfLines, to: newValue) }
    }
    /// Columns of a one-line text scrolled out at the left (`less -S` with ←/→): 0 shows its start, cut as
    /// ``truncation`` says; more shows the text from that column, cut at the right edge without an ellipsis.
    /// Never negative; drawn at most ``maximumHorizontalOffset`` (see ``scrollHorizontally(by:)``).
    public var horizontalOffset: Int = 0 {
        didSet {
            if horizontalOffset < 0 { horizontalOffset = 0 }
            if horizontalOffset != oldValue { setNeedsDisplay() }
        }
    }
    /// The columns ←/→ (``HorizontalScrollCommand/left``, ``HorizontalScrollCommand/right``) scroll by.
    public var horizontalStep: Int = 8

    /// Creates a label.
    public init(text: String = "", frame: Rect = .zero) {
        drawn = Drawn(text: text)
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        let other = other as! Label
        drawn = other.drawn
        horizontalOffset = other.horizontalOffset
        horizontalStep = other.horizontalStep
        super.init(copying: other)
    }

    /// The text's width (its widest line) and one line, or every line of the text when it wraps.
    open override var preferredSize: Size {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let width = lines.map { TerminalText.width(of: String($0)) }.max() ?? 0
        guard numberOfLines != 1 else { return Size(width: width, height: 1) }
        let count = numberOfLines > 0 ? min(numberOfLines, lines.count) : lines.count
        return Size(width: width, height: max(1, count))
    }

    /// One line cut to `size`, or, when the label wraps, the lines the text takes wrapped at `size`'s width.
    ///
    /// A label that wraps reads only the lines it can show (``numberOfLines``, and `size`'s height): the
    /// paragraphs past them do not count in its width, and a row's summary of a long text is measured at the
    /// cost of the lines it shows (see ``TerminalText/wrap(_:width:maxLines:)``).
    open override func sizeThatFits(_ size: Size) -> Size {
        let shown = numberOfLines == 1 ? nil : max(0, numberOfLines > 0 ? min(numberOfLines, size.height) : size.height)
        let width = widestLine(upTo: max(0, size.width), paragraphs: shown)
        guard numberOfLines != 1, width > 0 else { return Size(width: width, height: max(0, min(1, size.height))) }
        let lines = TerminalText.wrap(text, width: width, maxLines: shown).count
        return Size(width: width, height: max(0, min(max(1, lines), size.height)))
    }

    /// The widest of the text's first `paragraphs` lines (all when nil), at most `limit` columns: a line is
    /// measured only until it reaches the limit.
    private func widestLine(upTo limit: Int, paragraphs: Int?) -> Int {
        guard limit > 0, paragraphs != 0 else { return 0 }
        var widest = 0
        var width = 0
        var paragraph = 1
        for character in text {
            if character == "\n" {
                paragraph += 1
                if let paragraphs, paragraph > paragraphs { break }
                width = 0
            } else if width < limit {
                width += TerminalText.width(of: character)
                if width > widest {
                    widest = width
                    if widest >= limit { return limit }
                }
            }
        }
        return widest
    }

    /// A label paints every cell of its frame: its text, then blanks.
    open override var isOpaque: Bool { true }

    /// The style of the blanks around the text in `theme`: its background and reverse video, no underline or bold.
    func padding(_ theme: Theme) -> Style {
        let style = theme.resolve(textStyle)
        return Style(background: style.background, attributes: style.attributes.intersection(.reverse))
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = frame.width
        guard width > 0, frame.height > 0 else { return }
        if let styledText {
            drawStyled(styledText, width: width, in: context)
            return
        }
        if numberOfLines == 1 || frame.height == 1 {
            if horizontalOffset > 0 {
                drawScrolledLine(width: width, in: context)
            } else {
                drawLine(text, y: 0, width: width, in: context)
            }
            if frame.height > 1 {
                context.fill(Rect(x: 0, y: 1, width: width, height: frame.height - 1), style: padding(context.theme))
            }
            return
        }
        let maxLines = numberOfLines == 0 ? frame.height : min(numberOfLines, frame.height)
        let lines = TerminalText.wrap(text, width: width, maxLines: maxLines)
        for (y, line) in lines.enumerated() {
            drawLine(line, y: y, width: width, in: context)
        }
        if lines.count < frame.height {
            context.fill(
                Rect(x: 0, y: lines.count, width: width, height: frame.height - lines.count),
                style: padding(context.theme))
        }
    }

    private func drawLine(_ line: String, y: Int, width: Int, in context: DrawContext) {
        // The common case, plain ASCII that fits, needs no measuring beyond a byte count.
        if alignment == .left && line.utf8.count <= width && TerminalText.isPlainASCII(line) {
            let used = line.utf8.count
            context.put(line, at: Point(x: 0, y: y), style: textStyle)
            if used < width {
                context.fill(Rect(x: used, y: y, width: width - used, height: 1), style: padding(context.theme))
            }
            return
        }
        let cut = TerminalText.truncate(line, toWidth: width, mode: truncation)
        let used = TerminalText.width(of: cut)
        var x = 0
        if alignment != .left {
            let gap = width - used
            x = alignment == .right ? gap : gap / 2
        }
        if x > 0 { context.fill(Rect(x: 0, y: y, width: x, height: 1), style: padding(context.theme)) }
        context.put(cut, at: Point(x: x, y: y), style: textStyle)
        if x + used < width {
            context.fill(Rect(x: x + used, y: y, width: width - x - used, height: 1), style: padding(context.theme))
        }
    }

    private func drawStyled(_ styled: StyledText, width: Int, in context: DrawContext) {
        let lines: [StyledText]
        if numberOfLines == 1 || frame.height == 1 {
            lines = [styled.truncated(toWidth: width, mode: truncation)]
        } else {
            let maxLines = numberOfLines == 0 ? frame.height : min(numberOfLines, frame.height)
            lines = styled.wrapped(width: width, maxLines: maxLines).map {
                $0.truncated(toWidth: width, mode: truncation)
            }
        }
        for (y, line) in lines.enumerated() {
            let used = line.width
            var x = 0
            if alignment != .left {
                let gap = width - used
                x = alignment == .right ? gap : gap / 2
            }
            if x > 0 { context.fill(Rect(x: 0, y: y, width: x, height: 1), style: padding(context.theme)) }
            var column = x
            for run in line.runs {
                context.put(run.text, at: Point(x: column, y: y), style: textStyle.merging(run.style))
                column += TerminalText.width(of: run.text)
            }
            if x + used < width {
                context.fill(Rect(x: x + used, y: y, width: width - x - used, height: 1), style: padding(context.theme))
            }
        }
        if lines.count < frame.height {
            context.fill(
                Rect(x: 0, y: lines.count, width: width, height: frame.height - lines.count),
                style: padding(context.theme))
        }
    }
}
