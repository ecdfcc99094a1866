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
    /// The height of the row in lines (a template's `height=`).
    public var height: Int {
        get { storedHeight }
        set { storedHeight = newValue }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every row measured and placed
    #endif
    private var storedHeight: Int
    /// Whether the row is as tall as the cell's content at the row's width (a template's `height=auto`): a table
    /// whose delegate answers ``RowHeight/template`` (or has no `heightForRowAt`) then measures the row with
    /// ``heightThatFits(width:)`` as for ``RowHeight/automatic``; ``height`` is the least it is.
    public var heightIsAutomatic = false
    /// What the row looks like under the cursor or when selected.
    public var selectionStyle: SelectionStyle {
        get { storedSelectionStyle }
        set {
            let oldValue = storedSelectionStyle
            storedSelectionStyle = newValue
            if selectionStyle != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every cell drawn
    #endif
    private var storedSelectionStyle: SelectionStyle = .reverse
    /// The mark at the right end of the row.
    public var accessory: CellAccessory {
        get { storedAccessory }
        set {
            let oldValue = storedAccessory
            storedAccessory = newValue
            if accessory != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every cell laid out and drawn
    #endif
    private var storedAccessory: CellAccessory = .none
    /// Indentation level; the content moves right by `indentationLevel * indentationWidth` columns.
    public var indentationLevel: Int {
        get { storedIndentationLevel }
        set {
            let oldValue = storedIndentationLevel
            storedIndentationLevel = newValue
            if indentationLevel != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every cell laid out
    #endif
    private var storedIndentationLevel: Int = 0
    /// Columns per indentation level.
    public var indentationWidth = 2
    /// False for rows the cursor skips (section headers drawn as rows, error rows).
    public var isSelectable: Bool {
        get { storedIsSelectable }
        set { storedIsSelectable = newValue }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every row the cursor passes and copied
    #endif
    private var storedIsSelectable: Bool = true
    /// True while the row is under the table's cursor.
    public internal(set) var isHighlighted: Bool {
        get { storedIsHighlighted }
        set {
            let oldValue = storedIsHighlighted
            storedIsHighlighted = newValue
            if isHighlighted != oldValue { setNeedsDisplay() }
        }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set for the cursor's cells by every layout pass
    #endif
    private var storedIsHighlighted: Bool = false
    /// True while the row is in the table's selected set (marked, in multiple selection).
    public internal(set) var isSelected: Bool {
        get { storedIsSelected }
        set {
            let oldValue = storedIsSelected
            storedIsSelected = newValue
            if isSelected != oldValue { setNeedsDisplay() }
        }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set for every cell placed by a layout pass that marks
    #endif
    private var storedIsSelected: Bool = false
    /// The style of a marked row (the table's ``TableView/markStyle``).
    public internal(set) var markStyle: Style {
        get { storedMarkStyle }
        set {
            let oldValue = storedMarkStyle
            storedMarkStyle = newValue
            if markStyle != oldValue { setNeedsDisplay() }
        }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set for every cell placed by a layout pass that marks
    #endif
    private var storedMarkStyle: Style = Style(foreground: .yellow, attributes: .bold)
    /// The table's cursor style for this row (focused or not), nil for the cell's own ``selectionStyle``.
    public internal(set) var cursorStyle: SelectionStyle? {
        didSet { if cursorStyle != oldValue { setNeedsDisplay() } }
    }
    /// Columns of the check column at the left (the table's ``TableView/showsMarkColumn``; 0 or 2).
    public internal(set) var markColumnWidth: Int {
        get { storedMarkColumnWidth }
        set {
            let oldValue = storedMarkColumnWidth
            storedMarkColumnWidth = newValue
            if markColumnWidth != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set for every cell placed by a layout pass that marks
    #endif
    private var storedMarkColumnWidth: Int = 0
    /// The table showing the cell, while it is on screen.
    ///
    /// Set by the table when the cell appears and cleared when it leaves or the
    /// table goes away (not `weak`, for the same reason as ``/TermTableCore/View/superview``).
    public internal(set) var tableView: TableView? {
        get { tablePointer }
        set { tablePointer = newValue }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set for every cell placed, every layout pass
    #endif
    private unowned(unsafe) var tablePointer: TableView?
    /// The row the cell shows, while it is on screen.
    public internal(set) var indexPath: IndexPath? {
        get { storedIndexPath }
        set { storedIndexPath = newValue }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set for every cell placed, every layout pass
    #endif
    private var storedIndexPath: IndexPath?
    /// The cell's columns: where the table placed them, the labels of columns made in code.
    var columnState = CellColumns()

    /// Creates an empty cell for a reuse queue; subclasses add their subviews to ``TableViewCell/contentView``.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        self.storedHeight = 1
        self.contentView = CellContentView()
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: 1))
        addSubview(contentView)
    }

    public required override init(copying other: View) {
        let other = other as! TableViewCell
        reuseIdentifier = other.reuseIdentifier
        storedHeight = other.height
        heightIsAutomatic = other.heightIsAutomatic
        storedSelectionStyle = other.selectionStyle
        storedAccessory = other.accessory
        storedIndentationLevel = other.indentationLevel
        indentationWidth = other.indentationWidth
        storedIsSelectable = other.isSelectable
        columnState = other.columnState
        // Points at the original's content view until didCopy(from:) points it at the copy.
        contentView = other.contentView
        super.init(copying: other)
    }

    /// Points ``contentView`` at the copied content view.
    open override func didCopy(from original: View) {
        super.didCopy(from: original)
        repointOutlets(\.contentView, from: original)
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
        isSelected ? markStyle : nil
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
