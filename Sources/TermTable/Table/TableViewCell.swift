import TermTableCore
import TermTableLayout

/// A row of a table: a content view holding the cell's subviews, plus selection look, accessory and indentation.
///
/// Cells come from a layout template (``CellTemplate``) or from a subclass built
/// in code (registered with ``TableView/register(_:forCellReuseIdentifier:)``).
/// The table asks its data source for a cell only for rows on screen; a cell
/// that scrolls away is kept in a reuse queue and handed out again by
/// ``TableView/dequeueReusableCell(withIdentifier:for:)``, after
/// ``prepareForReuse()``. The data source sets all content every time.
///
/// Subviews are found by tag or name, through an index built once per cell:
///
/// ```swift
/// let cell = tableView.dequeueReusableCell(withIdentifier: "news", for: indexPath)
/// cell.viewWithTag(1, as: Label.self)?.text = item.title
/// ```
open class TableViewCell: View, CopyableView {
    /// The identifier of the reuse queue the cell belongs to (nil for cells not made by a table).
    public internal(set) var reuseIdentifier: String?
    /// The view that holds the cell's content, inset by indentation and accessory.
    public private(set) var contentView: View
    /// The cell's own configuration, in one store a copy takes whole: read for every row measured, placed and drawn.
    struct Configured {
        var height: Int
        var heightIsAutomatic = false
        var selectionStyle: SelectionStyle = .reverse
        var accessory: CellAccessory = .none
        var indentationLevel = 0
        var indentationWidth = 2
        var isSelectable = true
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every row measured, placed and drawn
    #endif
    private var configured: Configured
    /// What the table sets on the cell it shows (a copy starts without): set for every cell placed, every layout pass.
    struct Placed {
        var isHighlighted = false
        var isSelected = false
        var markStyle = Style(role: .mark)
        var cursorStyle: SelectionStyle?
        var markColumnWidth = 0
        var contextStyle: Style?
        unowned(unsafe) var table: TableView?
        var indexPath: IndexPath?
        var isPlaceholder = false
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set for every cell placed, every layout pass
    #endif
    private var placed = Placed()

    /// The height of the row in lines (a template's `height=`).
    public var height: Int {
        get { configured.height }
        set { configured.height = newValue }
    }
    /// Whether the row is as tall as the cell's content at the row's width (a template's `height=auto`): a table
    /// whose delegate answers ``RowHeight/template`` (or has no `heightForRowAt`) then measures the row with
    /// ``heightThatFits(width:)`` as for ``RowHeight/automatic``; ``height`` is the least it is.
    public var heightIsAutomatic: Bool {
        get { configured.heightIsAutomatic }
        set { configured.heightIsAutomatic = newValue }
    }
    /// What the row looks like under the cursor or when selected.
    public var selectionStyle: SelectionStyle {
        get { configured.selectionStyle }
        set { updateLaidOut(&configured.selectionStyle, to: newValue) }
    }
    /// The mark at the right end of the row.
    public var accessory: CellAccessory {
        get { configured.accessory }
        set { updateLaidOut(&configured.accessory, to: newValue) }
    }
    /// Indentation level; the content moves right by `indentationLevel * indentationWidth` columns.
    public var indentationLevel: Int {
        get { configured.indentationLevel }
        set { updateLaidOut(&configured.indentationLevel, to: newValue) }
    }
    /// Columns per indentation level.
    public var indentationWidth: Int {
        get { configured.indentationWidth }
        set { updateLaidOut(&configured.indentationWidth, to: newValue) }
    }
    /// False for rows the cursor skips (section headers drawn as rows, error rows).
    public var isSelectable: Bool {
        get { configured.isSelectable }
        set { configured.isSelectable = newValue }
    }
    /// True while the row is under the table's cursor.
    public internal(set) var isHighlighted: Bool {
        get { placed.isHighlighted }
        set { updateDrawn(&placed.isHighlighted, to: newValue) }
    }
    /// True while the row is in the table's selected set (marked, in multiple selection).
    public internal(set) var isSelected: Bool {
        get { placed.isSelected }
        set { updateDrawn(&placed.isSelected, to: newValue) }
    }
    /// The style of a marked row (the table's ``TableView/markStyle``).
    public internal(set) var markStyle: Style {
        get { placed.markStyle }
        set { updateDrawn(&placed.markStyle, to: newValue) }
    }
    /// The table's cursor style for this row (focused or not), nil for the cell's own ``selectionStyle``.
    public internal(set) var cursorStyle: SelectionStyle? {
        get { placed.cursorStyle }
        set { updateDrawn(&placed.cursorStyle, to: newValue) }
    }
    /// Columns of the check column at the left (the table's ``TableView/showsMarkColumn``; 0 or 2).
    public internal(set) var markColumnWidth: Int {
        get { placed.markColumnWidth }
        set { updateLaidOut(&placed.markColumnWidth, to: newValue) }
    }
    /// A style merged under the content, set by the data source: an outline's filter dims the ancestors it keeps
    /// for context (``OutlineDataSource/isFilterAncestor(_:)``).
    var contextStyle: Style? {
        get { placed.contextStyle }
        set { updateDrawn(&placed.contextStyle, to: newValue) }
    }
    /// The table showing the cell, while it is on screen.
    ///
    /// Set by the table when the cell appears and cleared when it leaves or the
    /// table goes away (not `weak`, for the same reason as ``/TermTableCore/View/superview``).
    public internal(set) var tableView: TableView? {
        get { placed.table }
        set { placed.table = newValue }
    }
    /// The row the cell shows, while it is on screen.
    public internal(set) var indexPath: IndexPath? {
        get { placed.indexPath }
        set { placed.indexPath = newValue }
    }
    /// True while the table shows the cell for a row its data source does not have yet
    /// (``TableViewDataSource/tableView(_:isRowAvailableAt:)``): a placeholder, see ``TableView/placeholderCellIdentifier``.
    public internal(set) var isPlaceholder: Bool {
        get { placed.isPlaceholder }
        set { placed.isPlaceholder = newValue }
    }
    /// The cell's columns: where the table placed them, the labels of columns made in code.
    var columnState = CellColumns()

    /// Creates an empty cell for a reuse queue; subclasses add their subviews to ``TableViewCell/contentView``.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        self.configured = Configured(height: 1)
        self.contentView = CellContentView()
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: 1))
        addSubview(contentView)
    }

    public required override init(copying other: View) {
        let other = other as! TableViewCell
        reuseIdentifier = other.reuseIdentifier
        configured = other.configured
        columnState = other.columnState
        // Points at the original's content view until didCopy(from:) points it at the copy.
        contentView = other.contentView
        super.init(copying: other)
    }

    /// Points ``contentView`` at the copied content view.
    open override func didCopy(from original: View) {
        super.didCopy(from: original)
        contentView = copiedView(of: contentView, in: original)  // copied per row in no-reuse: no key path
        if let original = original as? TableViewCell, !original.columnState.labels.isEmpty {
            columnState.labels = original.columnState.labels.compactMapValues { counterpart(of: $0, in: original) }
        }
    }

    /// Resets the cell before it is handed out again; the default clears highlight and selection.
    ///
    /// Override to reset transient state (a running animation, a focused field);
    /// content is the data source's job and is set every time.
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    /// The columns the accessory takes at the right end.
    public var accessoryWidth: Int { accessory == .none ? 0 : 2 }

    open override func layoutSubviews() {
        let indent = min(frame.width, max(0, markColumnWidth + indentationLevel * indentationWidth))
        contentView.frame = Rect(
            x: indent, y: 0, width: max(0, frame.width - indent - accessoryWidth),
            height: frame.height)
        super.layoutSubviews()
    }

    open override func draw(in context: DrawContext) {
        // Every part of the row that no opaque field paints is cleared: nothing of the row drawn
        // here before stays between the fields, and a highlighted row gets its selection style
        // across the full width.
        if backgroundStyle == nil { clearUncoveredCells(in: context) }
        super.draw(in: context)
        if markColumnWidth > 0 { context.put(isSelected ? "✓ " : "  ", at: Point(x: 0, y: 0)) }
        let mark: String
        switch accessory {
        case .none: return
        case .disclosure: mark = " ›"
        case .checkmark: mark = " ✓"
        }
        context.put(mark, at: Point(x: frame.width - 2, y: (frame.height - 1) / 2))
    }

    /// Fills with spaces the cells of the row that the opaque subviews of the content view do not cover.
    private func clearUncoveredCells(in context: DrawContext) {
        let width = frame.width
        let content = contentView.frame
        for y in 0..<frame.height {
            var covered: [(Int, Int)] = []
            if !contentView.isHidden {
                for view in contentView.subviews
                where !view.isHidden && view.isOpaque
                    && y >= content.y + view.frame.y && y < content.y + view.frame.maxY
                {
                    let start = max(content.x, content.x + view.frame.x)
                    let end = min(content.maxX, content.x + view.frame.maxX)
                    if start < end { covered.append((start, end)) }
                }
            }
            covered.sort(by: Self.startsBefore)
            var x = 0
            for (start, end) in covered {
                if start > x { context.fill(Rect(x: x, y: y, width: start - x, height: 1)) }
                x = max(x, end)
            }
            if x < width { context.fill(Rect(x: x, y: y, width: width - x, height: 1)) }
        }
    }

    /// Orders covered column ranges by their start. A nonisolated function, not a closure: a closure formed on
    /// the main actor and handed to the standard library checks its actor on every call (`View.anySubviewNeedsLayout`).
    nonisolated private static func startsBefore(_ a: (Int, Int), _ b: (Int, Int)) -> Bool { a.0 < b.0 }

    open override func handleAction(_ action: ViewAction) -> Bool {
        guard let tableView, let indexPath else { return false }
        return tableView.cell(self, didSend: action, at: indexPath)
    }

    /// A marked row's mark style, merged under its views' styles.
    open override var contentBaseStyle: Style? {
        let mark = isSelected ? markStyle : nil
        guard let context = placed.contextStyle else { return mark }
        return mark.map { context.merging($0) } ?? context
    }

    /// The cursor's row's selection style, merged over its views' styles: its attributes are added and
    /// its colours win, so the row shows as selected whatever its views' colours; a view keeps its own
    /// colour where the selection style gives none.
    open override var contentOverlayStyle: Style? {
        guard isHighlighted else { return nil }
        // In cell and column shape the cursor's cell is drawn by the content view; the row gets a lighter mark.
        if let placement = columnState.placement, placement.shape != .row { return placement.rowStyle }
        // A cell that shows no selection (a header drawn as a row) keeps showing none, focused or not.
        if selectionStyle == .none { return nil }
        return (cursorStyle ?? selectionStyle).style
    }
}

/// A cell built in code with a title on the left and a detail text on the right.
///
/// ```swift
/// tableView.register(BasicCell.self, forCellReuseIdentifier: "basic")
/// let cell = tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
/// cell.textLabel.text = "Inbox"
/// cell.detailTextLabel.text = "12"
/// ```
open class BasicCell: TableViewCell {
    /// The title, taking the width the detail leaves.
    public private(set) var textLabel = Label()
    /// The detail text, right-aligned at the right end.
    public private(set) var detailTextLabel = Label()

    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        detailTextLabel.alignment = .right
        contentView.addSubview(textLabel)
        contentView.addSubview(detailTextLabel)
    }

    public required init(copying other: View) {
        super.init(copying: other)
    }

    /// The copy's labels are its own subviews that stand where the original's do.
    open override func didCopy(from original: View) {
        super.didCopy(from: original)
        repointOutlets(\.textLabel, \.detailTextLabel, from: original)
    }

    open override func draw(in context: DrawContext) {
        // The detail's width depends on its text, which the data source just set.
        let width = contentView.frame.width
        let detailWidth = min(width / 2, TerminalText.width(of: detailTextLabel.text))
        let gap = detailWidth > 0 ? 1 : 0
        textLabel.frame = Rect(x: 0, y: 0, width: max(0, width - detailWidth - gap), height: frame.height)
        detailTextLabel.frame = Rect(x: width - detailWidth, y: 0, width: detailWidth, height: 1)
        super.draw(in: context)
    }
}
