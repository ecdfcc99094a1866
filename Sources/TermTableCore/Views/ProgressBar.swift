/// A horizontal bar filled in proportion to a value from 0 to 1, with an optional percentage.
///
/// Eighth-block characters give the bar a resolution of an eighth of a column.
open class ProgressBar: View, CopyableView {
    /// What the bar draws, in one store a copy takes whole.
    struct Drawn {
        var value: Double
        var showsPercentage = false
        var barStyle: Style = .plain
        var trackStyle = Style(role: .dim)
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every bar drawn
    #endif
    private var drawn: Drawn
    /// The fraction done, clamped to 0...1 when drawn.
    public var value: Double {
        get { drawn.value }
        set { updateDrawn(&drawn.value, to: newValue) }
    }
    /// Shows the percentage at the right end of the bar.
    public var showsPercentage: Bool {
        get { drawn.showsPercentage }
        set { updateDrawn(&drawn.showsPercentage, to: newValue) }
    }
    /// The style of the filled part.
    public var barStyle: Style {
        get { drawn.barStyle }
        set { updateDrawn(&drawn.barStyle, to: newValue) }
    }
    /// The style of the empty part (the theme's `dim` role by default).
    public var trackStyle: Style {
        get { drawn.trackStyle }
        set { updateDrawn(&drawn.trackStyle, to: newValue) }
    }

    /// Creates a progress bar.
    public init(value: Double = 0, frame: Rect = .zero) {
        drawn = Drawn(value: value)
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        drawn = (other as! ProgressBar).drawn
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
