import Foundation
import NewsKit
import TermTable

/// The article view: the article's title, feed, date, link and summary in a toolkit ``TextView``, scrolling.
///
/// The text view wraps the article to the width and keeps the line at the top in place across resizes;
/// this view gives it a margin and its keys (``keyActions``, with their help): j/k and the arrows scroll a line,
/// PgUp/PgDn, space, b, ctrl-f/ctrl-b a page, g/G and Home/End to the ends. The wheel scrolls. Other keys go on to
/// the actions (the reader's `article.back` on q, Esc, ← and h; o, m, n, ?).
public final class ArticleDetailView: View {
    /// The article shown.
    public private(set) var article: Article?
    /// The current time, for the age.
    public var now: @Sendable () -> Date = { Date() }
    /// The time zone dates are shown in.
    public var timeZone: TimeZone = .current
    /// The text view holding the article (it leaves the keyboard focus to this view).
    public let textView: TextView

    /// Creates an empty article view.
    public init() {
        textView = TextView()
        super.init(frame: .zero)
        textView.isFocusable = false
        addSubview(textView)
    }

    public override var acceptsFocus: Bool { true }

    /// Shows `article` from its top.
    public func show(_ article: Article) {
        self.article = article
        let text = ArticleDetailText.paragraphs(of: article, now: now(), timeZone: timeZone)
        textView.text = text.text
        textView.paragraphStyles = text.styles
        textView.scrollToTop()
        setNeedsDisplay()
    }

    /// Shows no article (the list's cursor is on none).
    public func clear() {
        article = nil
        textView.text = ""
        textView.paragraphStyles = [:]
        textView.scrollToTop()
        setNeedsDisplay()
    }

    /// The first line shown.
    public var offset: Int { textView.topLine }

    /// The largest offset: the last line at the bottom.
    public var maxOffset: Int { textView.maximumTopLine }

    /// How far down the article the view is, 0 to 100.
    public var percent: Int {
        maxOffset == 0 ? 100 : min(100, (offset + frame.height) * 100 / max(1, textView.lineCount))
    }

    /// Scrolls by `lines` (negative is up), within the article.
    public func scroll(by lines: Int) {
        textView.scroll(by: lines)
    }

    /// Runs the key's action from ``keyActions``; other keys go on to the app.
    public override func handleKey(_ key: Key) -> Bool {
        guard let action = Self.action(for: key) else { return false }
        switch action {
        case .lineDown: textView.perform(.lineDown)
        case .lineUp: textView.perform(.lineUp)
        case .pageDown: textView.perform(.pageDown)
        case .pageUp: textView.perform(.pageUp)
        case .top: textView.perform(.top)
        case .bottom: textView.perform(.bottom)
        }
        return true
    }

    /// The wheel over the margins scrolls too (over the text, the text view takes it).
    public override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        textView.handleMouse(event, at: point)
    }

    /// A margin of two columns each side from 30 columns on.
    public override func layoutSubviews() {
        let margin = frame.width >= 30 ? 2 : 0
        textView.frame = Rect(x: margin, y: 0, width: max(0, frame.width - 2 * margin), height: frame.height)
    }

    public override func draw(in context: DrawContext) {
        context.fill(bounds)
    }
}
