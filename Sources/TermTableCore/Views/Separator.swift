/// A line across its frame: horizontal when wider than tall, else vertical.
open class Separator: View, CopyableView {
    /// The style of the line (the theme's `border` role, dimmed, by default).
    public var lineStyle = Style(role: .border, attributes: .dim) {
        didSet { if lineStyle != oldValue { setNeedsDisplay() } }
    }
    /// The character the line is drawn with; nil for `─` across or `│` down (a layout's `symbol=`).
    public var symbol: Character? {
        didSet { if symbol != oldValue { setNeedsDisplay() } }
    }

    /// Creates a separator.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        lineStyle = (other as! Separator).lineStyle
        symbol = (other as! Separator).symbol
        super.init(copying: other)
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        if frame.width >= frame.height {
            context.fill(
                Rect(x: 0, y: frame.height / 2, width: frame.width, height: 1), with: symbol ?? "─", style: lineStyle)
        } else {
            context.fill(
                Rect(x: frame.width / 2, y: 0, width: 1, height: frame.height), with: symbol ?? "│", style: lineStyle)
        }
    }
}
