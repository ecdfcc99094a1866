import TermTable

/// The article alone, on a screen of its own: what the reader pushes (``Reader/articleScreen``) to read an article
/// on a screen narrower than ``ReaderView/splitWidth``; Esc pops it, the list below as it was left.
public final class ArticleScreenView: View {
    /// The article.
    public let detailView: ArticleDetailView
    /// The bottom line: position, feed, percentage, hints.
    public let statusLine: StatusLine
    /// Called in each frame once the article view is laid out (see ``ReaderView/willDrawSubviews``).
    public var willDrawSubviews: (@MainActor () -> Void)?

    /// Creates the screen's view with no article.
    public init() {
        detailView = ArticleDetailView()
        statusLine = StatusLine()
        super.init(frame: .zero)
        addSubview(detailView)
        addSubview(statusLine)
    }

    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        willDrawSubviews?()
    }

    public override func layoutSubviews() {
        let status = statusLine.height(forWidth: frame.width, in: frame.height)
        detailView.frame = Rect(x: 0, y: 0, width: frame.width, height: max(0, frame.height - status))
        statusLine.frame = Rect(x: 0, y: max(0, frame.height - status), width: frame.width, height: status)
    }
}
