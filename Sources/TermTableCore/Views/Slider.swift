/// A value in a range, shown as a knob on a track, changed with the arrow keys or a click.
///
/// Left/Right (or h/l) move by ``step``, Home/End go to the ends; each change
/// sends ``action`` and calls ``onChange``.
open class Slider: View, CopyableView {
    /// The current value, kept within ``range``.
    public var value: Double {
        didSet {
            value = clamp(value)
            if value != oldValue { setNeedsDisplay() }
        }
    }
    /// The lowest and highest values.
    public var range: ClosedRange<Double> {
        didSet {
            value = clamp(value)
            if range != oldValue { setNeedsDisplay() }
        }
    }
    /// How far one key press moves the value.
    public var step: Double
    /// The name of the action sent on each change.
    public var action: String?
    /// Called on each change.
    public var onChange: (@MainActor (Slider) -> Void)?
    /// The style of the track and knob.
    public var trackStyle: Style = .plain {
        didSet { if trackStyle != oldValue { setNeedsDisplay() } }
    }

    /// Creates a slider.
    public init(value: Double = 0, range: ClosedRange<Double> = 0...1, step: Double? = nil, frame: Rect = .zero) {
        self.range = range
        self.step = step ?? (range.upperBound - range.lowerBound) / 10
        self.value = min(range.upperBound, max(range.lowerBound, value))
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        let other = other as! Slider
        range = other.range
        step = other.step
        value = other.value
        action = other.action
        onChange = other.onChange
        trackStyle = other.trackStyle
        super.init(copying: other)
    }

    private func clamp(_ v: Double) -> Double {
        v.isNaN ? range.lowerBound : min(range.upperBound, max(range.lowerBound, v))
    }

    open override var acceptsFocus: Bool { true }

    /// The column of the knob in a track `width` columns wide.
    public func knobColumn(width: Int) -> Int {
        let span = range.upperBound - range.lowerBound
        guard width > 1, span > 0 else { return 0 }
        return Int(((value - range.lowerBound) / span * Double(width - 1)).rounded())
    }

    private func change(to newValue: Double) {
        let old = value
        value = newValue
        guard value != old else { return }
        if let action { sendAction(action) }
        onChange?(self)
        setNeedsDisplay()
    }

    open override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, Key("h"): change(to: value - step)
        case .right, Key("l"): change(to: value + step)
        case .home: change(to: range.lowerBound)
        case .end: change(to: range.upperBound)
        default: return false
        }
        return true
    }

    open override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        guard event.kind == .press, frame.width > 1 else { return false }
        let fraction = Double(max(0, min(frame.width - 1, point.x))) / Double(frame.width - 1)
        change(to: range.lowerBound + fraction * (range.upperBound - range.lowerBound))
        return true
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = frame.width
        guard width > 0 else { return }
        let knob = knobColumn(width: width)
        let style = isFocused ? trackStyle.merging(.bold) : trackStyle
        context.put(String(repeating: "━", count: knob), at: .zero, style: style)
        context.put("●", at: Point(x: knob, y: 0), style: style)
        context.put(
            String(repeating: "─", count: max(0, width - knob - 1)), at: Point(x: knob + 1, y: 0),
            style: style.merging(.dim))
    }
}
