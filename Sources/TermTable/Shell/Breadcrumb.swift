import TermTableCore

/// A one-line path of the screens shown (`procs › sleep · pid 300`): the titles of the app's
/// ``Application/screens``, root first, worked out each time it is drawn.
///
/// Screens with an empty title are left out. When the line is too narrow, the first titles give way to `…`, so
/// the screen on top is always named; a title too wide alone is cut with an ellipsis.
///
/// ```swift
/// let detail = AppScreen(VStack([Breadcrumb(), .fill(detailView)]), title: "sleep · pid 300")
/// ```
public final class Breadcrumb: View {
    /// The titles shown; nil (the default): those of the screens of the app that shows the bar.
    public var titles: [String]? {
        didSet { if titles != oldValue { setNeedsDisplay() } }
    }
    /// The style of the line.
    public var textStyle = Style(role: .title) {
        didSet { if textStyle != oldValue { setNeedsDisplay() } }
    }

    /// What stands between two titles.
    nonisolated public static let separator = " › "

    /// Creates a path showing `titles` (nil: the app's screens' titles).
    public init(titles: [String]? = nil, frame: Rect = .zero) {
        self.titles = titles
        super.init(frame: frame)
    }

    /// The titles shown now, root first, empty ones left out.
    public var shownTitles: [String] {
        let all = titles ?? (host as? Application)?.screens.map(\.title) ?? []
        return all.filter { !$0.isEmpty }
    }

    /// The line for `titles` in `width` columns: the titles joined by `separator`, the first ones replaced by `…`
    /// while the line is too wide, the last one cut when it does not fit alone.
    nonisolated public static func text(for titles: [String], width: Int, separator: String = separator) -> String {
        guard width > 0, !titles.isEmpty else { return "" }
        let titles = titles.map { TerminalText.sanitize($0) }
        for dropped in 0..<titles.count {
            let kept = Array(titles[dropped...])
            let line = (dropped > 0 ? ["…"] : []) + kept
            let text = line.joined(separator: separator)
            if TerminalText.width(of: text) <= width { return text }
        }
        return TerminalText.truncate(titles[titles.count - 1], toWidth: width)
    }

    /// The whole path on one line.
    public override var preferredSize: Size {
        Size(width: TerminalText.width(of: shownTitles.joined(separator: Breadcrumb.separator)), height: 1)
    }

    /// The bar paints every cell of its frame.
    public override var isOpaque: Bool { true }

    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        guard frame.width > 0, frame.height > 0 else { return }
        context.fill(
            Rect(origin: .zero, size: frame.size), style: Style(background: context.theme.resolve(textStyle).background)
        )
        context.put(Breadcrumb.text(for: shownTitles, width: frame.width), at: .zero, style: textStyle)
    }
}
