/// A value in a range, shown as a knob on a track, changed with the arrow keys or a click.
///
/// Left/Right (or h/l) move by ``step``, Home/End go to the ends; each change
/// sends ``action`` and calls ``onChange``.
open class Slider: View, CopyableView {
    /// What the slider draws, in one store a copy takes whole.
    struct Drawn {
        var value: Double
        var range: ClosedRange<Double>
        var trackStyle: Style = .plain
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every slider drawn
    #endif
    private var drawn: Drawn
    /// The current value, kept within ``range``.
    public var value: Double {
        get { drawn.value }
        set { updateDrawn(&drawn.value, to: clamp(newValue)) }
    }
    /// The lowest and highest values.
    public var range: ClosedRange<Double> {
        get { drawn.range }
        set {
            updateDrawn(&drawn.range, to: newValue)
            value = drawn.value  // clamped to the new range
        }
    }
    /// How far one key press moves the value.
    public var step: Double
    /// The name of the action sent on each change.
    public var action: String?
    /// Called on each change.
    public var onChange: (@MainActor (Slider) -> Void)?
    /// The style of the track and knob.
    public var trackStyle: Style {
        get { drawn.trackStyle }
        set { updateDrawn(&drawn.trackStyle, to: newValue) }
    }

    /// Creates a slider.
    public init(value: Double = 0, range: ClosedRange<Double> = 0...1, step: Double? = nil, frame: Rect = .zero) {
        drawn = Drawn(value: min(range.upperBound, max(range.lowerBound, value)), range: range)
        self.step = step ?? (range.upperBound - range.lowerBound) / 10
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        let other = other as! Slider
        drawn = other.drawn
        step = other.step
        action = other.action
        onChange = other.onChange
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
