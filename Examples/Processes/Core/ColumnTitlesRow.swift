import TermTable

/// The column titles over the process list: the layout's `columns` cell, as wide as the table's rows.
///
/// The cell's canvas repeats `proc`'s fields two columns to the right (over the
/// table's mark column), and this view gives it the table's content width (the
/// width less the scroll indicator's column), so titles and values line up at
/// every width. This is the one place to change when TermTable's layout format
/// gets a header row aligned to a cell's columns.
public final class ColumnTitlesRow: View {
    /// The titles cell (tags as in `proc`).
    public let cell: TableViewCell
    /// True when the table keeps its last column for the scroll indicator.
    public var leavesIndicatorColumn = true {
        didSet { setNeedsLayout() }
    }

    /// A row showing `cell`.
    public init(cell: TableViewCell) {
        self.cell = cell
        super.init(frame: .zero)
        addSubview(cell)
    }

    /// A copy of `other` with a copy of its cell.
    public required init(copying other: View) {
        let other = other as! ColumnTitlesRow
        cell = other.cell.copy()
        leavesIndicatorColumn = other.leavesIndicatorColumn
        super.init(frame: other.frame)
        addSubview(cell)
    }

    /// One line, as wide as offered.
    public override var preferredSize: Size { Size(width: frame.width, height: 1) }

    /// Gives the cell the table's content width.
    public override func layoutSubviews() {
        let width = leavesIndicatorColumn && frame.width > 1 ? frame.width - 1 : frame.width
        cell.frame = Rect(x: 0, y: 0, width: max(0, width), height: min(1, frame.height))
        super.layoutSubviews()
    }

    /// Writes the titles, with ▼ (or ▲) after the one the list is sorted by.
    public func setTitles(_ titles: [Int: String], sortedTag: Int?, descending: Bool) {
        for (tag, title) in titles {
            let arrow = tag == sortedTag ? (descending ? "▼" : "▲") : ""
            cell.viewWithTag(tag, as: Label.self)?.text = title + arrow
        }
    }
}
