/// Text in runs of different styles: one string, each run with the style laid over the label's own.
///
/// The terminal's attributed string (UIKit's `NSAttributedString`, ratatui's
/// `Line` of `Span`s): a log line whose level is coloured inside the message,
/// a title with a search match highlighted. A run's ``Run/style`` is merged over
/// the base style (a ``Label``'s ``Label/textStyle``, which a layout field sets), so a
/// run that only adds `.bold` keeps the field's colour.
///
/// Width, truncation, wrapping and sanitising treat the text exactly as the plain
/// ``string``: a grapheme cluster that spans two runs takes the style of the run
/// its first code point is in.
///
/// ```swift
/// var line = StyledText("12:00:01 ")
/// line.append("ERROR", style: Style(foreground: .red, attributes: .bold))
/// line.append(" disk full")
/// label.styledText = line
/// ```
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A stretch of text in one style.
    public struct Run: Hashable, Sendable {
        /// The text of the run (sanitised when drawn, like any label text).
        public var text: String
        /// The style laid over the base style (``Style/plain``: the base style as it is).
        public var style: Style

        /// A run of `text` in `style`.
        public init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, in order.
    public var runs: [Run]

    /// Empty text.
    public init() { runs = [] }

    /// `text` in one run of `style`.
    public init(_ text: String, style: Style = .plain) {
        runs = text.isEmpty ? [] : [Run(text, style: style)]
    }

    /// Text made of `runs`.
    public init(runs: [Run]) { self.runs = runs }

    /// Plain text from a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// The text without its styles.
    public var string: String {
        var result = ""
        for run in runs { result += run.text }
        return result
    }

    /// True when there is no text.
    public var isEmpty: Bool {
        for run in runs where !run.text.isEmpty { return false }
        return true
    }

    /// Appends `text` in `style`.
    public mutating func append(_ text: String, style: Style = .plain) {
        guard !text.isEmpty else { return }
        runs.append(Run(text, style: style))
    }

    /// Appends the runs of `other`.
    public mutating func append(_ other: StyledText) { runs += other.runs }

    /// The two texts one after the other.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(runs: lhs.runs + rhs.runs)
    }

    /// `text` with the UTF-8 byte ranges in `ranges` in `style` and the rest plain.
    ///
    /// Made for matches (``FuzzyMatch/ranges``): ranges may be unsorted or overlap,
    /// and those outside the text are clipped; a range's ends are moved back to the
    /// start of the code point they fall in, so a run never splits one.
    ///
    /// ```swift
    /// let match = FuzzyQuery("hrbr").match("Harbour bridge")!
    /// label.styledText = StyledText("Harbour bridge", highlighting: match.ranges, style: .underline)
    /// ```
    public init(_ text: String, highlighting ranges: [Range<Int>], style: Style) {
        let bytes = Array(text.utf8)
        var marked = [Bool](repeating: false, count: bytes.count)
        for range in ranges {
            let lower = max(0, range.lowerBound)
            let upper = min(bytes.count, range.upperBound)
            guard lower < upper else { continue }
            for offset in lower..<upper { marked[offset] = true }
        }
        // A code point's continuation bytes follow its first byte's mark.
        var current = false
        for offset in 0..<bytes.count {
            if bytes[offset] & 0xC0 == 0x80 { marked[offset] = current } else { current = marked[offset] }
        }
        var runs: [Run] = []
        var start = 0
        while start < bytes.count {
            var end = start + 1
            while end < bytes.count, marked[end] == marked[start] { end += 1 }
            let piece = String(decoding: bytes[start..<end], as: UTF8.self)
            runs.append(Run(piece, style: marked[start] ? style : .plain))
            start = end
        }
        self.runs = runs
    }
}
