import TermTableCore
import TermTableLayout

/// A row of column titles declared once in a cell template (`heading=` on its fields) and aligned to the cell's fields at every width.
///
/// The titles are laid out by the same rules as the cell's own fields
/// (``/TermTableCore/AutoresizingLayout``, ``/TermTableCore/ShrinkRule``): at any width each title has the
/// x and width of its field, and a field that gives way takes its title with
/// it. Set it as a table's ``TableView/columnHeader``: the table shows it above
/// its rows (it does not scroll up and down; sideways it moves with the rows), insets it like the rows (mark column,
/// indentation, accessory) and tells its delegate when a title is clicked.
///
/// ```layout
/// cell process
/// | [1 pid ] [2 user    ] [3 command                 ] [4 cpu ] |
///   1 label align=right heading=PID
///   2 label heading=USER shrink=1
///   3 label stretch heading=COMMAND
///   4 label align=right pin=right heading=CPU%
/// ```
///
/// ```swift
/// table.columnHeader = ColumnHeaderView(template: try library.template("process"))
/// table.columnHeader?.sort = ColumnSort(column: "cpu", ascending: false)
/// ```
@MainActor
open class ColumnHeaderView: View, CopyableView {
    /// The columns: in the order of the cell's fields (top to bottom, left to right) for a header made from a
    /// template, in the table's display order for one made from columns (``init(columns:)``).
    public private(set) var columns: [TableColumn]
    /// The style of the titles (default: the theme's `header` role, bold in the default themes).
    public var titleStyle = Style(role: .header) {
        didSet { if titleStyle != oldValue { updateTitles() } }
    }
    /// The column the rows are sorted by, shown as `▲` or `▼` beside its title; nil for none.
    public var sort: ColumnSort? {
        didSet { if sort != oldValue { updateTitles() } }
    }
    /// Columns at the left kept free for the table's mark column (set by the table).
    public internal(set) var leadingInset = 0 {
        didSet {
            if leadingInset != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }

    /// Every view of the cell (titled or not: all take part in the layout), with the index of its title label.
    private let items: [AutoresizingLayout.Item]
    private var titleIndices: [Int]
    private var alignments: [TextAlignment]
    /// True for a header made from columns (``init(columns:)``): laid out by the column layout, not a template.
    private let fromColumns: Bool
    /// Where the table placed its columns (a header made from columns, shown by a table); nil: laid out alone.
    var columnLayout: ColumnLayout? {
        didSet {
            if columnLayout != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }
    private let designSize: Size
    private let indentation: Int
    private let trailingInset: Int
    private var labels: [Label] = []

    /// Creates a header row from a cell template's `heading=` fields.
    public convenience init(template: CellTemplate) {
        self.init(spec: template.spec)
    }

    /// Creates a header row from columns made at run time or read from a layout (``TableColumn/columns(of:)-(CellTemplate)``).
    ///
    /// A table with ``TableView/tableColumns`` makes one itself; shown by a table, its titles stand over the
    /// table's columns, frozen ones included, at every width and sideways position.
    public init(columns: [TableColumn]) {
        items = []
        titleIndices = []
        alignments = []
        fromColumns = true
        designSize = Size(width: 0, height: 1)
        indentation = 0
        trailingInset = 0
        self.columns = []
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: 1))
        setColumns(columns)
    }

    /// Replaces the columns of a header made from columns (the table's own header follows its columns).
    func setColumns(_ newColumns: [TableColumn]) {
        guard fromColumns else { return }
        columns = newColumns
        alignments = newColumns.map(\.alignment)
        titleIndices = Array(newColumns.indices)
        while labels.count > newColumns.count { labels.removeLast().removeFromSuperview() }
        while labels.count < newColumns.count {
            let label = Label()
            label.truncation = .clip
            labels.append(label)
            addSubview(label)
        }
        for (label, alignment) in zip(labels, alignments) { label.alignment = alignment }
        updateTitles()
    }

    /// Creates a header row from a parsed cell's `heading=` fields.
    public init(spec: CellSpec) {
        fromColumns = false
        items = spec.views.map {
            AutoresizingLayout.Item(frame: $0.frame, mask: $0.autoresizing, shrink: $0.shrinkRule)
        }
        let titled = spec.views.indices.filter { spec.views[$0].properties.heading != nil }
        titleIndices = titled
        columns = titled.map {
            TableColumn(
                tag: spec.views[$0].tag, name: spec.views[$0].name, title: spec.views[$0].properties.heading ?? "")
        }
        alignments = titled.map { spec.views[$0].properties.alignment ?? .left }
        designSize = Size(width: spec.width, height: spec.height)
        indentation = spec.indentation * 2
        trailingInset = spec.accessory == .none ? 0 : 2
        super.init(frame: Rect(x: 0, y: 0, width: spec.width, height: 1))
        for alignment in alignments {
            let label = Label()
            label.alignment = alignment
            label.truncation = .clip
            labels.append(label)
            addSubview(label)
        }
        updateTitles()
    }

    /// Copies a header row (titles, styles, sort indicator).
    public required override init(copying other: View) {
        let other = other as! ColumnHeaderView
        columns = other.columns
        items = other.items
        titleIndices = other.titleIndices
        alignments = other.alignments
        fromColumns = other.fromColumns
        columnLayout = other.columnLayout
        designSize = other.designSize
        indentation = other.indentation
        trailingInset = other.trailingInset
        titleStyle = other.titleStyle
        sort = other.sort
        leadingInset = other.leadingInset
        super.init(copying: other)
    }

    /// Points the title labels at the copied ones (not at every label: a view added to the header may be one).
    open override func didCopy(from original: View) {
        super.didCopy(from: original)
        guard let original = original as? ColumnHeaderView else { return }
        labels = original.labels.map { counterpart(of: $0, in: original)! }
    }

    /// The column whose title covers column `x` of the header row, nil between titles.
    public func column(atX x: Int) -> TableColumn? {
        layoutIfNeeded()
        for (index, label) in labels.enumerated() where label.frame.width > 0 {
            if x >= label.frame.x && x < label.frame.x + label.frame.width { return columns[index] }
        }
        return nil
    }

    /// The frame of a column's title in the header row (width 0 when its field gives way at this width).
    public func titleFrame(of column: TableColumn) -> Rect? {
        layoutIfNeeded()
        return columns.firstIndex(of: column).map { labels[$0].frame }
    }

    open override func layoutSubviews() {
        if fromColumns {
            layOutColumns()
            return
        }
        let inset = min(frame.width, max(0, leadingInset + indentation))
        let width = max(0, frame.width - inset - trailingInset)
        let frames = AutoresizingLayout.frames(
            for: items, designSize: designSize,
            size: Size(width: width, height: designSize.height))
        for (position, (label, index)) in zip(labels, titleIndices).enumerated() {
            let field = frames[index]
            label.frame = Rect(x: inset + field.x, y: 0, width: field.width, height: min(1, frame.height))
            label.text = title(of: position, width: field.width)
        }
    }

    /// Places the titles at the table's column frames, or, alone, by the column layout at the header's width.
    private func layOutColumns() {
        let inset = min(frame.width, max(0, leadingInset))
        let layout =
            columnLayout
            ?? ColumnLayout(
                columns: columns, contentWidths: [], room: max(0, frame.width - inset))
        for (index, label) in labels.enumerated() {
            guard index < layout.placements.count, let placement = layout.placements[index] else {
                label.frame = Rect(x: inset, y: 0, width: 0, height: 0)
                label.text = ""
                continue
            }
            label.frame = Rect(x: inset + placement.x, y: 0, width: placement.width, height: min(1, frame.height))
            label.truncation = placement.cutAtEdge ? .clip : .tail
            label.text = title(of: index, width: placement.width)
        }
    }

    /// A column's title for `width` columns: with the sort indicator when sorted, which is kept when the title is cut.
    private func title(of position: Int, width: Int) -> String {
        let column = columns[position]
        guard let sort, sort.column == column.identifier else { return column.title }
        let room = max(0, width - 2)
        let cut =
            TerminalText.width(of: column.title) <= room
            ? column.title
            : TerminalText.truncate(column.title, toWidth: room, mode: .tail)
        if width < 2 { return sort.symbol }
        return alignments[position] == .right ? sort.symbol + " " + cut : cut + " " + sort.symbol
    }

    private func updateTitles() {
        for label in labels { label.textStyle = titleStyle }
        setNeedsLayout()
        setNeedsDisplay()
    }
}
