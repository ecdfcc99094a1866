import TermTableCore
import TermTableLayout

/// What a table painted last and marked last: the memory that lets a frame draw only what changed.
///
/// **Owns** the last frame's rows and line versions (``lastDrawing``), the column header's last drawing
/// (``lastHeaderDrawing``), the mark settings and cursor of the last layout pass (``lastCellMarks``,
/// ``lastCursorItem``, recorded by each ``MarkPass``), and the scroll decision between two frames
/// (``scrollDistance(placed:onScreen:from:rowsHeight:)``, ``stickyTop(placed:last:rowsHeight:)``).
///
/// **Invariants**: a line the table does not draw this frame holds what ``lastDrawing`` says was drawn
/// there, moved by the screen scroll; a ``lastDrawing`` is only reused for the same screen frame, clip
/// and height, and with every line version known; kept cells show the marks of ``lastCellMarks`` and
/// ``lastCursorItem``.
///
/// **Reset by**: ``forgetRows()`` or ``forgetDrawing()`` (the next frame draws every line) when something outside the rows
/// changes how the table looks (the scroll indicator, its style, the column header) or the table drew a
/// message instead of rows; a frame that cannot read a line's version. The mark memory is never reset:
/// each layout pass replaces it.
@MainActor
final class RowPainter {
    /// What the table drew in its last frame, nil when the next frame must draw every line.
    var lastDrawing: TableDrawing? {
        get { storedLastDrawing }
        _modify { yield &storedLastDrawing }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // compared for every row drawn, every frame
    #endif
    private var storedLastDrawing: TableDrawing? = nil
    /// What the table drew of its column header in the last frame.
    var lastHeaderDrawing: ColumnHeaderDrawing?
    /// The marks the last layout pass gave the cells (kept cells are marked again only when these change).
    var lastCellMarks: CellMarks?
    /// The cursor's item in the last layout pass (its cell and the new cursor's are marked again).
    var lastCursorItem: TableItem?

    /// The cells on screen when rows moved in the data (rows inserted or deleted above them, a snapshot
    /// applied), by the items the rows have after the move: the reload that follows offers each row the cell it
    /// had (``TableView/dequeueReusableCell(withIdentifier:for:)``). Nil when no move waits for a layout pass.
    var movedCells: [TableItem: ObjectIdentifier]?

    /// A painter with nothing drawn.
    init() {}

    /// Rows moved in the data: `newItem` gives each item's new place (nil: the row is gone). What was drawn
    /// is remembered at the rows' new places, so a row that shows what it showed, on the line it had, is
    /// neither scrolled nor drawn again (issue 32: rows inserted above the view made a terminal scroll and a
    /// repaint of every row); the cells on screen are kept for ``movedCells``.
    func rowsMoved(onScreen: [(item: TableItem, cell: TableViewCell)], _ newItem: (TableItem) -> TableItem?) {
        var cells: [TableItem: ObjectIdentifier] = [:]
        if let pending = movedCells {
            for (item, cell) in pending { if let moved = newItem(item) { cells[moved] = cell } }
        } else {
            for (item, cell) in onScreen { if let moved = newItem(item) { cells[moved] = ObjectIdentifier(cell) } }
        }
        movedCells = cells
        lastCursorItem = lastCursorItem.flatMap(newItem)
        guard var drawing = lastDrawing else { return }
        var rows: [TableDrawing.Row] = []
        rows.reserveCapacity(drawing.rows.count)
        for var row in drawing.rows {
            guard let moved = newItem(row.item) else {
                // A row gone: its lines count as written over, so whatever comes there (or nothing) is drawn.
                for y in max(0, row.y)..<max(0, min(drawing.lineVersions.count, row.y + row.height)) {
                    drawing.lineVersions[y] = .min
                }
                continue
            }
            row.item = moved
            rows.append(row)
        }
        rows.sort { $0.item < $1.item }
        drawing.rows = rows
        lastDrawing = drawing
    }

    /// Forgets the last frame's rows: the next frame draws every row line.
    func forgetRows() {
        lastDrawing = nil
    }

    /// Forgets the last frame's rows and column header: the next frame draws every line.
    func forgetDrawing() {
        lastDrawing = nil
        lastHeaderDrawing = nil
    }

    /// The lines the rows moved up since `last` (negative: down), 0 when they did not or cannot be matched.
    ///
    /// The first row that is not sticky and shows the same cell in both frames decides; a move of the whole
    /// height or more is no scroll (no row stays on screen).
    func scrollDistance(
        placed placedItems: [PlacedItem], onScreen: [(item: TableItem, cell: TableViewCell)], from last: TableDrawing,
        rowsHeight: Int
    ) -> Int {
        let top = stickyTop(placed: placedItems, last: last, rowsHeight: rowsHeight)
        var next = 0
        for (placed, (_, cell)) in zip(placedItems, onScreen) where !placed.isSticky {
            while next < last.rows.count && last.rows[next].item < placed.item { next += 1 }
            guard next < last.rows.count, case let old = last.rows[next], old.item == placed.item, !old.isSticky,
                old.cell == ObjectIdentifier(cell)
            else { continue }
            let distance = old.y - placed.y
            // Worth a scroll only when some rows stay on screen.
            return abs(distance) < rowsHeight - top ? distance : 0
        }
        return 0
    }

    /// The first line of the scrolling region: below a sticky header drawn identically in both frames.
    func stickyTop(placed placedItems: [PlacedItem], last: TableDrawing, rowsHeight: Int) -> Int {
        guard let oldSticky = last.rows.first(where: \.isSticky) else {
            return placedItems.contains(where: \.isSticky) ? rowsHeight : 0
        }
        guard let newSticky = placedItems.first(where: \.isSticky), newSticky.item == oldSticky.item,
            newSticky.height == oldSticky.height
        else { return rowsHeight }
        return newSticky.height
    }
}
