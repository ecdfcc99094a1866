import FoundationEssentials
import TermTableCore

/// The table-wide settings that decide how a cell shows its marks, compared between layout passes.
struct CellMarks: Equatable {
    var style: Style
    var markColumn: Int
    var selectionMode: TableView.SelectionMode
    /// The table's cursor style as things stand: focused (or no view has the focus) or unfocused.
    var cursorStyle: SelectionStyle?
}

/// The marks of one layout pass: what each cell shows, and which kept cells must be marked again.
///
/// Made once per pass; it records the pass's settings and cursor in the table's ``RowPainter`` for the next one.
@MainActor
struct MarkPass {
    let settings: CellMarks
    /// The cursor as an item: comparing it with every visible item needs no IndexPath per row.
    let cursor: TableItem?
    /// The cursor's item in the previous pass (its cell loses the highlight).
    let oldCursor: TableItem?
    /// True when every visible cell is marked again: the settings changed, or multiple selection is on.
    let remarkAll: Bool
    private let selected: Set<IndexPath>

    init(table: TableView) {
        let multiple = table.selectionMode == .multiple
        settings = CellMarks(
            style: table.markStyle, markColumn: table.showsMarkColumn && multiple ? 2 : 0,
            selectionMode: table.selectionMode,
            cursorStyle: table.showsFocusedCursor ? table.focusedCursorStyle : table.unfocusedCursorStyle)
        if table.selectionMode != .none, let row = table.state.cursor {
            cursor = TableItem(section: row.section, row: row.row)
        } else {
            cursor = nil
        }
        let painter = table.painter
        oldCursor = painter.lastCursorItem
        remarkAll = multiple || settings != painter.lastCellMarks
        selected = multiple ? table.state.selected : []
        painter.lastCellMarks = settings
        painter.lastCursorItem = cursor
    }

    /// Gives `cell`, showing `item`, the marks of this pass.
    func apply(to cell: TableViewCell, item: TableItem) {
        cell.markStyle = settings.style
        cell.cursorStyle = settings.cursorStyle
        if item.isHeader {
            cell.markColumnWidth = 0
            cell.isHighlighted = false
            cell.isSelected = false
        } else {
            cell.markColumnWidth = settings.markColumn
            cell.isHighlighted = cursor == item
            cell.isSelected = !selected.isEmpty && selected.contains(item.indexPath!)
        }
    }
}
