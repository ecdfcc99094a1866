import TermTable

/// The reader's root view: the article list and the article view, and the status line below.
///
/// At ``splitWidth`` columns and wider the list and the article are side by side, a
/// vertical line between them (an `HStack`), and Tab moves the focus from one to the
/// other; narrower, the list is alone (the reader pushes the article on a screen of its own, ``ArticleScreenView``).
public final class ReaderView: View {
    /// The width from which the list and the article are shown side by side.
    public static let splitWidth = 140

    /// The article list.
    public let tableView: TableView
    /// The list, with a note over it while a filter shows nothing (``Reader/setFilter(_:)`` sets the note).
    public let listPane: EmptyStateView
    /// The article view beside the list on a wide screen (hidden when narrower).
    public let detailView: ArticleDetailView
    /// The list and the article view, left to right.
    public let panes: HStack
    /// The bottom line.
    public let statusLine: StatusLine
    /// True while reading beside the list: the article view has the keys.
    public private(set) var isShowingDetail = false
    /// Called in each frame once every view is laid out, before the subviews draw: what depends on their sizes
    /// (the article's percentage in the status line) is up to date in the frame that shows them.
    public var willDrawSubviews: (@MainActor () -> Void)?

    /// Creates the view with an empty table.
    public init() {
        tableView = TableView()
        listPane = EmptyStateView(tableView, message: "")
        listPane.messageStyle = Style(attributes: [.dim, .italic])
        detailView = ArticleDetailView()
        panes = HStack([.fill(listPane), .fill(detailView)], divider: .line(.dim))
        statusLine = StatusLine()
        super.init(frame: .zero)
        detailView.isHidden = true
        addSubview(panes)
        addSubview(statusLine)
    }

    /// True when the list and the article are side by side (the view is ``splitWidth`` columns or wider).
    public var isSplit: Bool { frame.width >= ReaderView.splitWidth }

    /// Starts reading beside the list (true: the article view takes the keys) or goes back to the list (false).
    public func showDetail(_ show: Bool) {
        isShowingDetail = show
        setNeedsDisplay()
    }

    /// Shows both panes side by side, or, narrower, the list alone, for the view's width now (layout does it too).
    public func showPanes() {
        let detailHidden = !isSplit
        guard detailView.isHidden != detailHidden else { return }
        detailView.isHidden = detailHidden
        panes.setNeedsLayout()
    }

    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        willDrawSubviews?()
    }

    public override func layoutSubviews() {
        showPanes()
        // The status line takes the lines a long warning wraps onto, leaving the list at least half the screen.
        let status = statusLine.height(forWidth: frame.width, in: frame.height)
        panes.frame = Rect(x: 0, y: 0, width: frame.width, height: max(0, frame.height - status))
        statusLine.frame = Rect(x: 0, y: max(0, frame.height - status), width: frame.width, height: status)
    }
}
