import TermTableCore

/// Shows a view (usually a table) filling its frame, and a message over it while it has nothing to show.
///
/// Put the table in one and put this view where the table went; the message
/// ("No matches", "No processes") is drawn centred, wrapped to the width, while
/// the table has no rows, and goes away by itself when rows come back:
///
/// ```swift
/// let list = EmptyStateView(table, message: "No matches")
/// let screen = VStack([titleBar, .fill(list), statusLine])
/// ```
///
/// For a table, empty means no rows in any section (section headers may still
/// show). For any other view, pass `isEmpty`. The check runs after the content
/// is laid out, each time the screen is drawn, so it sees the table's latest
/// `reloadData()`. Keys and clicks go to the content as if it were on its own.
open class EmptyStateView: View {
    /// The view shown, filling this one.
    public let content: View
    /// The text shown while the content is empty.
    public var message: String {
        didSet { if message != oldValue { setNeedsDisplay() } }
    }
    /// The style of the message.
    public var messageStyle = Style(role: .dim) {
        didSet { if messageStyle != oldValue { setNeedsDisplay() } }
    }
    /// Decides whether the content is empty; nil: a table with no rows is, any other view is not.
    public var isEmpty: (@MainActor (View) -> Bool)?

    /// Shows `content` filling this view, and `message` over it while it is empty.
    public init(_ content: View, message: String, isEmpty: (@MainActor (View) -> Bool)? = nil) {
        self.content = content
        self.message = message
        self.isEmpty = isEmpty
        super.init(frame: .zero)
        addSubview(content)
    }

    /// True when the message shows: the content, laid out first, is empty.
    public var isShowingMessage: Bool {
        content.layoutIfNeeded()
        if let isEmpty { return isEmpty(content) }
        if let table = content as? TableView { return table.metrics.totalRows == 0 }
        return false
    }

    /// The content's preferred size.
    open override var preferredSize: Size { content.preferredSize }

    /// The content fills the view.
    open override func layoutSubviews() {
        content.frame = bounds
    }

    /// Draws the message, centred and wrapped, over the content when it is empty.
    open override func drawOverlay(in context: DrawContext) {
        guard isShowingMessage else { return }
        let width = max(0, frame.width - 2)
        let height = max(0, frame.height)
        guard width > 0, height > 0 else { return }
        let lines = TerminalText.wrap(message, width: width, maxLines: height)
        let top = (height - lines.count) / 2
        for (index, line) in lines.enumerated() {
            let x = 1 + (width - TerminalText.width(of: line)) / 2
            context.put(line, at: Point(x: x, y: top + index), style: messageStyle)
        }
    }
}
