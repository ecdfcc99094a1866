/// A horizontal bar filled in proportion to a value from 0 to 1, with an optional percentage.
///
/// Eighth-block characters give the bar a resolution of an eighth of a column.
open class ProgressBar: View, CopyableView {
    /// The fraction done, clamped to 0...1 when drawn.
    public var value: Double {
        didSet { if value != oldValue { setNeedsDisplay() } }
    }
    /// Shows the percentage at the right end of the bar.
    public var showsPercentage = false {
        didSet { if showsPercentage != oldValue { setNeedsDisplay() } }
    }
    /// The style of the filled part.
    public var barStyle: Style = .plain {
        didSet { if barStyle != oldValue { setNeedsDisplay() } }
    }
    /// The style of the empty part.
    public var trackStyle: Style = .dim {
        didSet { if trackStyle != oldValue { setNeedsDisplay() } }
    }

    /// Creates a progress bar.
    public init(value: Double = 0, frame: Rect = .zero) {
        self.value = value
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        let other = other as! ProgressBar
        value = other.value
        showsPercentage = other.showsPercentage
        barStyle = other.barStyle
        trackStyle = other.trackStyle
        super.init(copying: other)
    }

    static let eighths: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// The bar's text at `width` columns for `value` (without the percentage).
    public static func bar(value: Double, width: Int) -> (filled: String, track: String) {
        guard width > 0 else { return ("", "") }
        let fraction = value.isNaN ? 0 : min(1, max(0, value))
        let units = Int((fraction * Double(width * 8)).rounded())
        let full = units / 8
        let part = units % 8
        var filled = String(repeating: "█", count: full)
        var used = full
        if part > 0 && used < width {
            filled.append(eighths[part])
            used += 1
        }
        return (filled, String(repeating: "░", count: width - used))
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        var width = frame.width
        guard width > 0 else { return }
        if showsPercentage && width >= 6 {
            let fraction = value.isNaN ? 0 : min(1, max(0, value))
            let percent = TerminalText.fit("\(Int((fraction * 100).rounded()))%", width: 5, alignment: .right)
            context.put(percent, at: Point(x: width - 5, y: 0), style: barStyle)
            width -= 5
        }
        let (filled, track) = ProgressBar.bar(value: value, width: width)
        context.put(filled, at: .zero, style: barStyle)
        context.put(track, at: Point(x: TerminalText.width(of: filled), y: 0), style: trackStyle)
    }
}
