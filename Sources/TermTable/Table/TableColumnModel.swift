import TermTableCore

/// A table's columns (``TableView/tableColumns``): the columns, their measured widths, sideways scrolling by
/// column, the cursor's shape and column, and the last layout.
///
/// **Owns** everything about columns; a table without columns never reads more than ``columns``' emptiness.
///
/// **Invariants**: identifiers in ``columns`` are unique; ``cursorColumn`` is nil or an identifier in
/// ``columns``; ``measured`` only grows between ``TableView/resetColumnWidths()`` calls.
///
/// **Reset by**: the app's calls; a copy of the table takes the configuration (columns, frozen count, shape,
/// styles), not the scroll position, the measured widths or the cursor's column.
@MainActor
final class TableColumnModel {
    /// In display order, hidden ones included.
    var columns: [TableColumn] = []
    /// The first this many shown columns stay at the left.
    var frozenCount = 0
    /// The index of the first unfrozen column shown while the row scrolls.
    var firstScrolled = 0
    /// Characters scrolled inside a first scrolled column wider than the room.
    var innerOffset = 0
    /// The widest text measured per column identifier (rows drawn, the sample at reload).
    var measured: [String: Int] = [:]
    /// The cursor's shape.
    var shape: TableView.CursorShape = .row
    /// The identifier of the cursor's column (cell and column shapes).
    var cursorColumn: String?
    /// The cursor cell's style in cell shape (nil: the row cursor's style).
    var cursorCellStyle: SelectionStyle?
    /// Show the header row built from the columns.
    var showsHeader = true
    /// The header the table made from its columns (replaced when they change; an app's own header is kept).
    weak var ownHeader: ColumnHeaderView?
    /// The layout of the last layout pass (nil before one, or without columns).
    var layout: ColumnLayout?
    /// The room the last layout had.
    var room = 0
    /// Titles already warned about as wider than their column (debug builds).
    var warnedTitles: Set<String> = []

    /// The run-time warnings found (debug builds).
    var warnings: [String] = []

    /// No columns.
    init() {}

    /// Takes the configuration of `other`.
    func takeConfiguration(of other: TableColumnModel) {
        columns = other.columns
        frozenCount = other.frozenCount
        shape = other.shape
        cursorCellStyle = other.cursorCellStyle
        showsHeader = other.showsHeader
    }

    /// The index of the column with `identifier`.
    func index(of identifier: String) -> Int? { columns.firstIndex { $0.identifier == identifier } }

    /// The measured widths in the order of ``columns``.
    var contentWidths: [Int] { columns.map { measured[$0.identifier] ?? 0 } }

    /// Lays the columns out in `room` (and keeps the result).
    @discardableResult
    func layOut(room: Int) -> ColumnLayout {
        let result = ColumnLayout(
            columns: columns, contentWidths: contentWidths, room: room, frozenCount: frozenCount,
            firstScrolled: firstScrolled, innerOffset: innerOffset)
        layout = result
        self.room = room
        return result
    }

    /// Records `width` as measured in the column `identifier`; true when it is the widest yet.
    func measure(_ width: Int, in identifier: String) -> Bool {
        guard width > measured[identifier] ?? 0 else { return false }
        measured[identifier] = width
        return true
    }
}
