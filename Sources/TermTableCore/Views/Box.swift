/// A border around its frame with an optional title in the top edge; subviews go inside.
///
/// Borders are drawn with Unicode box-drawing characters. ``contentRect`` is
/// the area inside the border, where subviews are usually placed.
///
/// A box made with ``init(title:content:frame:)`` is a pane: it lays out its
/// ``content`` (a table, a label) in ``contentRect`` at every size, and shows a
/// focused look (``focusedBorderStyle``, ``focusedTitleStyle``) while the focus
/// is inside it. Panes side by side in an ``HStack`` with
/// ``StackDivider/sharedBorders`` share the border between them:
///
/// ```swift
/// let panes = HStack([.fill(Box(title: "Feeds", content: feeds)), .fill(Box(title: "Items", content: items), weight: 2)],
///                    divider: .sharedBorders)
/// ```
open class Box: View, CopyableView {
    /// What the box draws, in one store a copy takes whole.
    struct Drawn {
        var title: String?
        var borderStyle = Style(role: .border)
        var titleStyle = Style(role: .title)
        var focusedBorderStyle: Style?
        var focusedTitleStyle: Style?
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every box drawn
    #endif
    private var drawn: Drawn
    /// The title shown in the top edge, cut to fit.
    public var title: String? {
        get { drawn.title }
        set { updateDrawn(&drawn.title, to: newValue) }
    }
    /// The style of the border.
    public var borderStyle: Style {
        get { drawn.borderStyle }
        set { updateDrawn(&drawn.borderStyle, to: newValue) }
    }
    /// The style of the title.
    public var titleStyle: Style {
        get { drawn.titleStyle }
        set { updateDrawn(&drawn.titleStyle, to: newValue) }
    }

    /// The view laid out in ``contentRect`` at every size, nil for none (subviews placed by hand or by a layout).
    public var content: View? {
        didSet {
            guard content !== oldValue else { return }
            if let oldValue, oldValue.superview === self { oldValue.removeFromSuperview() }
            if let content, content.superview !== self { addSubview(content) }
            setNeedsLayout()
            setNeedsDisplay()
        }
    }
    /// The border's style while the focus is inside the box; nil: ``borderStyle`` always.
    public var focusedBorderStyle: Style? {
        get { drawn.focusedBorderStyle }
        set { updateDrawn(&drawn.focusedBorderStyle, to: newValue) }
    }
    /// The title's style while the focus is inside the box; nil: ``titleStyle`` always.
    public var focusedTitleStyle: Style? {
        get { drawn.focusedTitleStyle }
        set { updateDrawn(&drawn.focusedTitleStyle, to: newValue) }
    }
    /// True when the box's left edge is the right edge of the box before it in an ``HStack``
    /// (``StackDivider/sharedBorders``): the box draws no left edge and its content starts at column 0.
    public internal(set) var joinsLeftEdge = false {
        didSet {
            if joinsLeftEdge != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }

    /// Creates a box.
    public init(title: String? = nil, frame: Rect = .zero) {
        drawn = Drawn(title: title)
        super.init(frame: frame)
    }

    /// Creates a pane: a box showing `content` inside its border, with a bold cyan border and a reverse
    /// title while the focus is inside it.
    public convenience init(title: String?, content: View, frame: Rect = .zero) {
        self.init(title: title, frame: frame)
        self.content = content
        addSubview(content)  // an initializer's own assignment runs no observer
        focusedBorderStyle = Style(role: .accent)
        focusedTitleStyle = Style(role: .accent, attributes: .reverse)
    }

    public required override init(copying other: View) {
        drawn = (other as! Box).drawn
        super.init(copying: other)
    }

    /// Points ``content`` at the copied content view.
    open override func didCopy(from original: View) {
        super.didCopy(from: original)
        if let original = original as? Box, let content = original.content {
            self.content = counterpart(of: content, in: original)
        }
    }

    /// The area inside the border, in the box's coordinates.
    public var contentRect: Rect {
        guard joinsLeftEdge else { return bounds.insetBy(dx: 1, dy: 1) }
        return Rect(x: 0, y: 1, width: max(0, frame.width - 1), height: max(0, frame.height - 2))
    }

    /// True when the box shows its focused look: it has a focused style and the focus is inside it.
    public var showsFocusedLook: Bool {
        (focusedBorderStyle != nil || focusedTitleStyle != nil) && containsFocusedView
    }

    /// The border's style as drawn now (focused or not).
    public var currentBorderStyle: Style {
        showsFocusedLook ? focusedBorderStyle ?? borderStyle : borderStyle
    }

    /// Places ``content`` in ``contentRect``, and designed subviews by their autoresizing.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let content, content.superview === self { content.frame = contentRect }
    }

    /// The size that shows the title and every subview inside the border.
    ///
    /// Subviews count at their frames (or, when a frame is zero, at their own
    /// preferred size); the title needs its width plus two columns each side.
    open override var preferredSize: Size {
        var width = 0
        var height = 0
        for child in subviews where !child.isHidden {
            let size = child.frame.size == .zero ? child.preferredSize : child.frame.size
            // Frames are in the box's coordinates, the border's column and line included.
            width = max(width, max(1, child.frame.x) + size.width)
            height = max(height, max(1, child.frame.y) + size.height)
        }
        let titleWidth = title.map { $0.isEmpty ? 0 : TerminalText.width(of: $0) + 4 } ?? 0
        return Size(width: max(2, width + 1, titleWidth), height: max(2, height + 1))
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let w = frame.width
        let h = frame.height
        let focused = showsFocusedLook
        let borderStyle = focused ? focusedBorderStyle ?? self.borderStyle : self.borderStyle
        let titleStyle = focused ? focusedTitleStyle ?? self.titleStyle : self.titleStyle
        guard w >= 2, h >= 2 else {
            context.fill(bounds, with: w >= h ? "─" : "│", style: borderStyle)
            return
        }
        // A box joined to the one on its left draws no left edge: the stack draws the shared line.
        let left = joinsLeftEdge ? 0 : 1
        let top = (joinsLeftEdge ? "" : "┌") + String(repeating: "─", count: w - 1 - left) + "┐"
        let bottom = (joinsLeftEdge ? "" : "└") + String(repeating: "─", count: w - 1 - left) + "┘"
        context.put(top, at: .zero, style: borderStyle)
        for y in 1..<(h - 1) {
            if !joinsLeftEdge { context.put("│", at: Point(x: 0, y: y), style: borderStyle) }
            context.put("│", at: Point(x: w - 1, y: y), style: borderStyle)
        }
        context.put(bottom, at: Point(x: 0, y: h - 1), style: borderStyle)
        if let title, !title.isEmpty, w > 4 {
            let cut = TerminalText.truncate(title, toWidth: w - 4)
            context.put(" " + cut + " ", at: Point(x: 1, y: 0), style: titleStyle)
        }
    }
}
