import TermTable

/// The reader's root view: the article list (or the article view over it) and the status line below.
public final class ReaderView: View {
    /// The article list.
    public private(set) var tableView: TableView
    /// The article view, shown instead of the list while reading.
    public private(set) var detailView: ArticleDetailView
    /// The bottom line.
    public private(set) var statusLine: StatusLine

    /// Creates the view with an empty table.
    public init() {
        tableView = TableView()
        detailView = ArticleDetailView()
        statusLine = StatusLine()
        super.init(frame: .zero)
        detailView.isHidden = true
        addSubview(tableView)
        addSubview(detailView)
        addSubview(statusLine)
    }

    public required init(copying other: View) {
        let other = other as! ReaderView
        // The outlets point at the original's views until didCopy(from:) points them at the copies.
        tableView = other.tableView
        detailView = other.detailView
        statusLine = other.statusLine
        super.init(copying: other)
    }

    /// Points the outlets at the copied table, article view and status line.
    public override func didCopy(from original: View) {
        super.didCopy(from: original)
        guard let original = original as? ReaderView else { return }
        tableView = counterpart(of: original.tableView, in: original)!
        detailView = counterpart(of: original.detailView, in: original)!
        statusLine = counterpart(of: original.statusLine, in: original)!
    }

    /// True while the article view is shown.
    public var isShowingDetail: Bool { !detailView.isHidden }

    /// Shows the article view (true) or the list (false).
    public func showDetail(_ show: Bool) {
        detailView.isHidden = !show
        tableView.isHidden = show
        setNeedsDisplay()
    }

    public override func layoutSubviews() {
        // The status line takes the lines a long warning wraps onto, leaving the list at least half the screen.
        let status = min(statusLine.lines(forWidth: frame.width), max(1, frame.height / 2), frame.height)
        let body = Rect(x: 0, y: 0, width: frame.width, height: max(0, frame.height - status))
        tableView.frame = body
        detailView.frame = body
        statusLine.frame = Rect(x: 0, y: max(0, frame.height - status), width: frame.width, height: status)
    }
}
