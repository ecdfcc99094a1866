import Foundation
import NewsKit
import TermTable

/// The article view: the article's title, feed, date, link and summary, scrolling.
///
/// Keys (``keyActions``, with their help): j/k and the arrows scroll a line, PgUp/PgDn, space, b,
/// ctrl-f/ctrl-b a page, g/G and Home/End to the ends; q, Esc and Left go back (``onClose``).
/// The wheel scrolls. Other keys go on to the app (o, m, n, ?).
public final class ArticleDetailView: View {
    /// The article shown.
    public private(set) var article: Article?
    /// The first line shown.
    public private(set) var offset = 0
    /// Called for q, Esc or Left.
    public var onClose: (@MainActor () -> Void)?
    /// The current time, for the age.
    public var now: @Sendable () -> Date = { Date() }
    /// The time zone dates are shown in.
    public var timeZone: TimeZone = .current

    private var cache: (width: Int, text: ArticleDetailText)?

    /// Creates an empty article view.
    public init() {
        super.init(frame: .zero)
    }

    public required init(copying other: View) {
        let other = other as! ArticleDetailView
        article = other.article
        offset = other.offset
        onClose = other.onClose
        now = other.now
        timeZone = other.timeZone
        super.init(copying: other)
    }

    public override var acceptsFocus: Bool { true }

    /// Shows `article` from its top.
    public func show(_ article: Article) {
        self.article = article
        cache = nil
        offset = 0
        setNeedsDisplay()
    }

    /// The lines at the current width.
    public var lines: [ArticleDetailText.Line] {
        guard let article else { return [] }
        if let cache, cache.width == frame.width { return cache.text.lines }
        let text = ArticleDetailText(article: article, width: frame.width, now: now(), timeZone: timeZone)
        cache = (frame.width, text)
        return text.lines
    }

    /// The largest offset: the last line at the bottom.
    public var maxOffset: Int { max(0, lines.count - frame.height) }

    /// How far down the article the view is, 0 to 100.
    public var percent: Int {
        maxOffset == 0 ? 100 : min(100, (offset + frame.height) * 100 / max(1, lines.count))
    }

    /// Scrolls by `lines` (negative is up), within the article.
    public func scroll(by lines: Int) {
        offset = max(0, min(maxOffset, offset + lines))
        setNeedsDisplay()
    }

    private var page: Int { max(1, frame.height - 1) }

    /// Runs the key's action from ``keyActions``; other keys go on to the app.
    public override func handleKey(_ key: Key) -> Bool {
        guard let action = Self.action(for: key) else { return false }
        switch action {
        case .lineDown: scroll(by: 1)
        case .lineUp: scroll(by: -1)
        case .pageDown: scroll(by: page)
        case .pageUp: scroll(by: -page)
        case .top: scroll(by: -offset)
        case .bottom: scroll(by: maxOffset)
        case .close: onClose?()
        }
        return true
    }

    public override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        default: return false
        }
        return true
    }

    public override func layoutSubviews() {
        // After a resize the text is wrapped again; keep the offset within it.
        offset = max(0, min(maxOffset, offset))
    }

    public override func draw(in context: DrawContext) {
        context.fill(bounds)
        let lines = self.lines
        offset = max(0, min(maxOffset, offset))
        for y in 0..<frame.height where offset + y < lines.count {
            let line = lines[offset + y]
            context.put(line.text, at: Point(x: 0, y: y), style: line.style)
        }
    }
}
