/// A scrollable, wrapping, read-only view of long text (UIKit's `UITextView` not editable, bubbles' viewport,
/// ratatui's `Paragraph::scroll`).
///
/// The text wraps at spaces to the view's width; a word wider than the view is broken. It scrolls by line with
/// the table's keys (↑/k, ↓/j, PgUp/PgDn and Ctrl-B/Ctrl-F, Home/g, End/G; ``keyBindings``) and the mouse wheel,
/// never past its end: the last line stays at the bottom. It is sanitised like every view's text (controls never
/// reach the terminal). When the width changes, the text wraps again and the character that was at the top-left
/// stays on the top line, so a resize does not lose the reader's place.
///
/// Its text may be ``styledText`` instead: runs of their own styles (a YAML key in one colour, its value in
/// another), laid over the paragraph's style, kept through the wrap (a run that crosses a line end goes on, in its
/// style, on the next line).
///
/// ```swift
/// let article = TextView(text: body)
/// article.scrollToEnd()
/// var yaml = StyledText("name: ", style: Style(foreground: .blue))
/// yaml.append("web\n")
/// detail.styledText = yaml
/// ```
open class TextView: View, CopyableView {
    /// What the view draws, in one store: read for every line drawn, copied whole.
    struct Drawn {
        var text: String
        var styledText: StyledText?
        var textStyle: Style = .plain
        var paragraphStyles: [Int: Style] = [:]
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every line drawn
    #endif
    private var drawn: Drawn
    /// The text shown; setting it scrolls back to the beginning (and clears ``styledText``).
    public var text: String {
        get { drawn.text }
        set {
            guard newValue != drawn.text || drawn.styledText != nil else { return }
            drawn.styledText = nil
            drawn.text = newValue
            setNeedsDisplay()
            clusters = TextView.clusters(of: newValue)
            clusterStyles = []
            textChanged()
        }
    }
    /// The text shown in runs of their own styles, each laid over its paragraph's style (``paragraphStyles``, else
    /// ``textStyle``); nil when the text is plain ``text``. Setting it sets ``text`` to its string and scrolls back to
    /// the beginning.
    public var styledText: StyledText? {
        get { drawn.styledText }
        set {
            guard newValue != drawn.styledText else { return }
            guard let newValue else {
                text = drawn.text
                return
            }
            drawn.styledText = newValue
            drawn.text = newValue.string
            setNeedsDisplay()
            (clusters, clusterStyles) = TextView.clusters(of: newValue)
            textChanged()
        }
    }
    /// The style of the text.
    public var textStyle: Style {
        get { drawn.textStyle }
        set { updateDrawn(&drawn.textStyle, to: newValue) }
    }
    /// The style of some paragraphs (the text's lines between newlines, counted from 0); the others have ``textStyle``.
    public var paragraphStyles: [Int: Style] {
        get { drawn.paragraphStyles }
        set { updateDrawn(&drawn.paragraphStyles, to: newValue) }
    }
    /// False leaves the keyboard focus to a superview, which scrolls the view with ``perform(_:)``.
    public var isFocusable = true
    /// What each key does; the defaults are ``defaultKeyBindings``.
    public var keyBindings: [Key: TextViewCommand] = TextView.defaultKeyBindings
    /// The lines the wheel scrolls by a notch.
    public var wheelStep = 3

    /// The text's display clusters, newlines as `"\n"` clusters of width 0.
    var clusters: [TerminalText.Cluster]
    /// The style of the run each cluster comes from (as many as ``clusters``); empty for plain ``text``.
    var clusterStyles: [Style] = []
    /// The wrapped lines at ``wrappedWidth``: the index in ``clusters`` where each starts (ascending).
    var lineStarts: [Int] = []
    /// The paragraph of each line in ``lineStarts``.
    var lineParagraphs: [Int] = []
    /// The width ``lineStarts`` was wrapped at; -1 when the text changed since.
    var wrappedWidth = -1
    /// The index in ``clusters`` of the character to keep on the top line (changed by scrolling, not by a resize).
    var anchor = 0
    /// The lines the text takes wrapped at a width ``sizeThatFits(_:)`` was asked for (a layout asks each
    /// frame): nil when the text changed since.
    var measuredLines: (width: Int, count: Int)?

    /// The default keys: arrows and j/k, PgUp/PgDn and Ctrl-B/Ctrl-F, Home/End and g/G (the table's).
    public static let defaultKeyBindings: [Key: TextViewCommand] = [
        .up: .lineUp, Key("k"): .lineUp,
        .down: .lineDown, Key("j"): .lineDown,
        .pageUp: .pageUp, .ctrl("b"): .pageUp,
        .pageDown: .pageDown, .ctrl("f"): .pageDown,
        .home: .top, Key("g"): .top,
        .end: .bottom, Key("G"): .bottom,
    ]

    /// Creates a text view of `text`, at its beginning.
    public init(text: String = "", frame: Rect = .zero) {
        drawn = Drawn(text: text)
        clusters = TextView.clusters(of: text)
        super.init(frame: frame)
    }

    /// Creates a text view of `styledText` (runs of their own styles), at its beginning.
    public convenience init(styledText: StyledText, frame: Rect = .zero) {
        self.init(frame: frame)
        self.styledText = styledText
    }

    /// The text changed: back to the beginning, to be wrapped again.
    private func textChanged() {
        anchor = 0
        wrappedWidth = -1
        measuredLines = nil
    }

    public required override init(copying other: View) {
        let other = other as! TextView
        drawn = other.drawn
        isFocusable = other.isFocusable
        keyBindings = other.keyBindings
        wheelStep = other.wheelStep
        clusters = other.clusters
        clusterStyles = other.clusterStyles
        lineStarts = other.lineStarts
        lineParagraphs = other.lineParagraphs
        wrappedWidth = other.wrappedWidth
        anchor = other.anchor
        measuredLines = other.measuredLines
        super.init(copying: other)
    }

    /// A text view takes the keyboard focus (to scroll) unless it is not ``isFocusable``.
    open override var acceptsFocus: Bool { isFocusable }

    /// A text view paints every cell of its frame.
    open override var isOpaque: Bool { true }

    /// The widest line of the text, and every line of it unwrapped.
    open override var preferredSize: Size {
        var width = 0
        var widest = 0
        var lines = 1
        for cluster in clusters {
            if cluster.character == "\n" {
                lines += 1
                width = 0
            } else {
                width += cluster.width
                widest = max(widest, width)
            }
        }
        return Size(width: widest, height: lines)
    }

    /// `size`'s width, and the lines the text takes wrapped at it (at most `size`'s height).
    ///
    /// The wrap is kept per width: a layout that asks again at the same width (every frame, in a stack that
    /// fits the view) does not wrap a long text again.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard size.width > 0 else { return Size(width: 0, height: 0) }
        let lines: Int
        if size.width == wrappedWidth {
            lines = lineStarts.count
        } else if let measured = measuredLines, measured.width == size.width {
            lines = measured.count
        } else {
            lines = TextView.wrap(clusters, width: size.width).count
            measuredLines = (size.width, lines)
        }
        return Size(width: size.width, height: min(lines, size.height))
    }

    /// The text wraps again at the new width; the top line keeps the character at its place.
    open override func frameDidChange(from oldFrame: Rect) {
        super.frameDidChange(from: oldFrame)
        if frame.size != oldFrame.size { setNeedsDisplay() }
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = frame.width
        guard width > 0, frame.height > 0 else { return }
        let top = topLine
        var line = ""
        for y in 0..<frame.height {
            let index = top + y
            guard index < lineStarts.count else {
                context.fill(
                    Rect(x: 0, y: y, width: width, height: frame.height - y),
                    style: padding(of: context.theme.resolve(textStyle)))
                break
            }
            let style = paragraphStyles[lineParagraphs[index]] ?? textStyle
            line.removeAll(keepingCapacity: true)
            var used = 0
            var runStart = 0  // where the run being gathered in `line` starts
            var runStyle = Style.plain
            for position in lineRange(index) {
                let cluster = clusters[position]
                guard cluster.character != "\n", used + cluster.width <= width else { break }
                // A styled text draws each run of one style on its own.
                if !clusterStyles.isEmpty, clusterStyles[position] != runStyle {
                    if !line.isEmpty { context.put(line, at: Point(x: runStart, y: y), style: style.merging(runStyle)) }
                    line.removeAll(keepingCapacity: true)
                    runStart = used
                    runStyle = clusterStyles[position]
                }
                line.append(cluster.character)
                used += cluster.width
            }
            context.put(line, at: Point(x: runStart, y: y), style: style.merging(runStyle))
            if used < width {
                context.fill(
                    Rect(x: used, y: y, width: width - used, height: 1),
                    style: padding(of: context.theme.resolve(style)))
            }
        }
    }

    /// The style of the blanks after a line of `style`: its background and reverse video, no underline or bold.
    func padding(of style: Style) -> Style {
        Style(background: style.background, attributes: style.attributes.intersection(.reverse))
    }

    /// Runs the command bound to `key`; true when it is bound (even when it cannot move, at an end).
    open override func handleKey(_ key: Key) -> Bool {
        guard let command = keyBindings[key] else { return false }
        perform(command)
        return true
    }

    /// The wheel scrolls by ``wheelStep`` lines.
    open override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .wheelUp: scroll(by: -wheelStep)
        case .wheelDown: scroll(by: wheelStep)
        default: return false
        }
        return true
    }
}
