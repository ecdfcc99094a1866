/// A border around its frame with an optional title in the top edge; subviews go inside.
///
/// Borders are drawn with Unicode box-drawing characters. ``contentRect`` is
/// the area inside the border, where subviews are usually placed.
open class Box: View {
    /// The title shown in the top edge, cut to fit.
    public var title: String? {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// The style of the border.
    public var borderStyle: Style = .plain {
        didSet { if borderStyle != oldValue { setNeedsDisplay() } }
    }
    /// The style of the title.
    public var titleStyle: Style = .bold {
        didSet { if titleStyle != oldValue { setNeedsDisplay() } }
    }

    /// Creates a box.
    public init(title: String? = nil, frame: Rect = .zero) {
        self.title = title
        super.init(frame: frame)
    }

    public required init(copying other: View) {
        let other = other as! Box
        title = other.title
        borderStyle = other.borderStyle
        titleStyle = other.titleStyle
        super.init(copying: other)
    }

    /// The area inside the border, in the box's coordinates.
    public var contentRect: Rect { bounds.insetBy(dx: 1, dy: 1) }

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
        guard w >= 2, h >= 2 else {
            context.fill(bounds, with: w >= h ? "─" : "│", style: borderStyle)
            return
        }
        context.put("┌" + String(repeating: "─", count: w - 2) + "┐", at: .zero, style: borderStyle)
        for y in 1..<(h - 1) {
            context.put("│", at: Point(x: 0, y: y), style: borderStyle)
            context.put("│", at: Point(x: w - 1, y: y), style: borderStyle)
        }
        context.put("└" + String(repeating: "─", count: w - 2) + "┘", at: Point(x: 0, y: h - 1), style: borderStyle)
        if let title, !title.isEmpty, w > 4 {
            let cut = TerminalText.truncate(title, toWidth: w - 4)
            context.put(" " + cut + " ", at: Point(x: 1, y: 0), style: titleStyle)
        }
    }
}
