import TermTableCore
import TermTableLayout

extension TableViewCell {
    /// The view that shows the column `identifier` in this row: the subview tagged with the column's
    /// ``TableColumn/tag``, or, for a column made in code (tag 0), the cell's label for it (made on first use).
    ///
    /// Use it in ``TableViewDataSource/tableView(_:cellForRowAt:)`` of a table with
    /// ``TableView/tableColumns``; the table places the view at its column's frame.
    public func view(forColumn identifier: String) -> View? {
        if let column = columnState.column(identifier), column.tag != 0 { return contentView.viewWithTag(column.tag) }
        return columnLabel(identifier)
    }

    /// Sets the text shown in the column `identifier` of this row (the column's view, when it is a
    /// ``/TermTableCore/Label``).
    ///
    /// Plain text (one run, no style) is set as the label's ``/TermTableCore/Label/text``, so that a column
    /// wider than the view can scroll inside itself.
    public func setText(_ text: StyledText, forColumn identifier: String) {
        guard let label = view(forColumn: identifier) as? Label else { return }
        if text.runs.count <= 1 && (text.runs.first?.style ?? .plain) == .plain {
            label.text = text.string
        } else {
            label.styledText = text
        }
    }

    /// Sets the plain text shown in the column `identifier` of this row (as the `StyledText` form does).
    public func setText(_ text: String, forColumn identifier: String) {
        (view(forColumn: identifier) as? Label)?.text = text
    }

    /// Where the table placed the columns (nil: a table without columns, whose cells are laid out as before).
    var columnPlacement: ColumnCellPlacement? {
        get { columnState.placement }
        set {
            guard newValue != columnState.placement else { return }
            columnState.placement = newValue
            (contentView as? CellContentView)?.columnsPlaced = newValue != nil
            if newValue == nil {
                for label in columnState.labels.values { label.isHidden = true }
            }
            setNeedsLayout()
            contentView.setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// The label of a column made in code, made on first use.
    func columnLabel(_ identifier: String) -> Label {
        if let label = columnState.labels[identifier] { return label }
        let label = Label()
        label.truncation = .clip
        if let column = columnState.column(identifier) { label.alignment = column.alignment }
        columnState.labels[identifier] = label
        contentView.addSubview(label)
        return label
    }

    /// How a value too wide for its column is cut: text ends with `…`; a right-aligned column (numbers) keeps its
    /// end behind a leading `…`, so that a cut number never reads as a smaller one; a column the view's edge
    /// cuts is clipped there (the rest shows when the row scrolls).
    static func truncation(of column: TableColumn, in placement: ColumnLayout.Placement) -> TerminalText.TruncationMode
    {
        if placement.cutAtEdge { return .clip }
        return column.alignment == .right ? .head : .tail
    }

    /// The view of the column at `index` of the placement, if the cell has one.
    func columnView(at index: Int) -> View? {
        guard let placement = columnState.placement, index < placement.columns.count else { return nil }
        let column = placement.columns[index]
        return column.tag != 0 ? contentView.viewWithTag(column.tag) : columnState.labels[column.identifier]
    }

    /// The frame of the column at `index` in the content view's coordinates (nil when it does not show).
    func columnFrameInContent(_ index: Int) -> Rect? {
        guard let placement = columnState.placement, index < placement.layout.placements.count,
            let column = placement.layout.placements[index]
        else { return nil }
        return Rect(
            x: placement.inset + column.x - contentView.frame.x, y: 0, width: column.width,
            height: contentView.frame.height)
    }

    /// Places the column views at the table's column frames (after the content view's own layout).
    func placeColumnViews() {
        guard let placement = columnState.placement else { return }
        let dx = placement.inset - contentView.frame.x
        var labelsPlaced = 0
        for (index, column) in placement.columns.enumerated() {
            let frame = index < placement.layout.placements.count ? placement.layout.placements[index] : nil
            if column.tag != 0 {
                guard let view = contentView.viewWithTag(column.tag) else { continue }
                if let frame {
                    view.frame = Rect(x: frame.x + dx, y: view.frame.y, width: frame.width, height: view.frame.height)
                    (view as? HorizontallyScrollable)?.horizontalOffset = frame.innerOffset
                } else {
                    view.frame = Rect(x: view.frame.x, y: view.frame.y, width: 0, height: view.frame.height)
                }
            } else if let label = columnState.labels[column.identifier] {
                labelsPlaced += 1
                label.alignment = column.alignment
                if let frame {
                    label.isHidden = false
                    label.frame = Rect(
                        x: frame.x + dx, y: 0, width: frame.width, height: min(1, contentView.frame.height))
                    label.horizontalOffset = frame.innerOffset
                    label.truncation = Self.truncation(of: column, in: frame)
                } else {
                    label.isHidden = true
                }
            }
        }
        // Labels of columns removed since.
        if labelsPlaced < columnState.labels.count {
            for (identifier, label) in columnState.labels where columnState.column(identifier) == nil {
                label.isHidden = true
            }
        }
    }
}

/// What a row's cell knows of its table's columns.
struct CellColumns {
    /// Where the table placed the columns in the last layout pass (nil: not placed, or no columns).
    var placement: ColumnCellPlacement? = nil
    /// The table's columns when the cell was dequeued (before it is placed).
    var known: [TableColumn] = []
    /// The labels of columns made in code, by identifier.
    var labels: [String: Label] = [:]
    /// The columns whose text a ``TableViewColumnDataSource`` gave for the row the cell shows (the built-in
    /// column cell): the others are asked when they show.
    var filled: Set<String> = []

    /// The column with `identifier`, from the placement, else from the columns known at dequeue.
    func column(_ identifier: String) -> TableColumn? {
        let columns = placement?.columns ?? known
        return columns.first { $0.identifier == identifier }
    }
}

/// The columns of one row as the table placed them, with the cursor's marks.
struct ColumnCellPlacement: Equatable {
    /// The table's columns.
    var columns: [TableColumn]
    /// Their layout.
    var layout: ColumnLayout
    /// The cell columns before the columns' content (the mark column).
    var inset: Int
    /// The cursor's shape.
    var shape: TableView.CursorShape
    /// The index of the column drawn with ``cursorStyle`` in this row (nil: none).
    var cursorIndex: Int?
    /// The style of the cursor's cell.
    var cursorStyle: Style?
    /// The lighter mark over the rest of the cursor's row (cell shape).
    var rowStyle: Style?
}

/// A cell's content view: places the column views after its own layout, and draws the cursor's cell.
final class CellContentView: View, CopyableView {
    /// True while the table placed columns in the cell: a cell of a table without columns draws and lays out
    /// as before, after one test of this flag.
    var columnsPlaced = false

    /// An empty content view.
    override init(frame: Rect = .zero) { super.init(frame: frame) }

    /// Copies a content view.
    required override init(copying other: View) {
        columnsPlaced = (other as! CellContentView).columnsPlaced
        super.init(copying: other)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if columnsPlaced { (superview as? TableViewCell)?.placeColumnViews() }
    }

    override func renderSubviews(in context: DrawContext) {
        guard columnsPlaced, let cell = superview as? TableViewCell, let placement = cell.columnState.placement,
            let index = placement.cursorIndex, let style = placement.cursorStyle,
            let frame = cell.columnFrameInContent(index)
        else {
            super.renderSubviews(in: context)
            return
        }
        let marked = context.with(overlayStyle: style)
        marked.fill(frame)
        let view = cell.columnView(at: index)
        for child in subviews where !child.isHidden { renderSubview(child, in: child === view ? marked : context) }
    }
}
