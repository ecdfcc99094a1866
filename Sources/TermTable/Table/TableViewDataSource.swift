import TermTableCore

/// Supplies a table's sections, rows and cells.
///
/// The table asks for counts when it loads (``TableView/reloadData()``) and
/// for cells only for the rows about to appear on screen. Set all of a cell's
/// content in ``tableView(_:cellForRowAt:)``: a dequeued cell may have shown
/// another row before.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// The number of sections (default 1).
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// A configured cell for the row at `indexPath`, usually from ``TableView/dequeueReusableCell(withIdentifier:for:)``.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// A title for the header of `section`, drawn in a one-line header row (default none).
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// A cell to draw as the header of `section`, e.g. dequeued from a header template (default none).
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell?
    /// Whether the data of the row at `indexPath` is at hand (default true): false draws a placeholder in its
    /// place (``TableView/placeholderCellIdentifier``) without asking for its cell, and lets the table ask the
    /// ``TableView/prefetchDataSource`` for it. Asked for the rows on screen and about to be, every layout
    /// pass: answer from memory, never by waiting.
    func tableView(_ tableView: TableView, isRowAvailableAt indexPath: IndexPath) -> Bool
    /// Whether the row counts are an estimate, a floor that may grow (default false): the scroll indicator's
    /// thumb then never stands on its last line, for the end is not known. Read at every reload; grow the count
    /// with ``TableView/reloadData(appendingRows:)``.
    func rowCountIsEstimated(in tableView: TableView) -> Bool
}

extension TableViewDataSource {
    /// The default: one section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// The default: none (nil).
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// The default: none (nil).
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell? { nil }
    /// The default: every row is at hand.
    public func tableView(_ tableView: TableView, isRowAvailableAt indexPath: IndexPath) -> Bool { true }
    /// The default: the counts are exact.
    public func rowCountIsEstimated(in tableView: TableView) -> Bool { false }
}

/// Hears what happens in a table and decides row heights.
///
/// Every method has a default, so a delegate implements only what it needs. A method written with
/// another signature than the protocol's is a method of its own that the table never calls; for the
/// row height, where UIKit's shape is the likely slip, the two near misses (`-> Int` and `-> Int?`) are
/// requirements too, so that a debug build stops with a message naming ``RowHeight`` instead of showing
/// every row at its template's height. The scroll indicator hook is guarded the same way against `-> ClosedRange<Double>?`.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// The height of a row (default ``RowHeight/template``: the cell's own height).
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight
    /// Not a height: UIKit's shape, declared so that a delegate written this way is reported in debug builds
    /// (it stops the program with the fix). Return a ``RowHeight`` instead.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int
    /// Not a height: the former shape of the row height, reported in debug builds as `-> Int` is. Return a
    /// ``RowHeight`` instead.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int?
    /// The height of a section header; nil (the default) uses the header cell's height, or 1 for a title.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Int?
    /// Whether the cursor may stop on a row (default: the cell's ``TableViewCell/isSelectable``).
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool?
    /// A row became selected (by the cursor in single selection, by Space or a click in multiple).
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// A row stopped being selected.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// Enter or a double click on a row.
    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath)
    /// The cursor moved to a row.
    func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath)
    /// A cell is about to appear.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A cell left the screen (it goes back to its reuse queue).
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// The accessory of a row was clicked.
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// A view in a cell sent an action (a button, slider or field with `action=`); return true when handled.
    func tableView(_ tableView: TableView, performAction action: ViewAction, forRowAt indexPath: IndexPath) -> Bool
    /// A click on the empty area below the last row cleared the selection.
    func tableViewDidClearSelection(_ tableView: TableView)
    /// A column title of the ``TableView/columnHeader`` was clicked. In a table with ``TableView/tableColumns``, or
    /// whose data source has a ``TableViewDiffableDataSource/sortKey``, the click has cycled
    /// ``TableView/sortDescriptors`` already (sort in ``tableView(_:sortDescriptorsDidChange:)``); in a table whose
    /// header comes from a template, sort here and set ``ColumnHeaderView/sort`` to show it.
    func tableView(_ tableView: TableView, didSelectColumn column: TableColumn)
    /// The cursor moved to another column (``TableView/cursorShape`` cell or column; ``TableView/moveCursor(toColumn:)``).
    func tableView(_ tableView: TableView, didMoveCursorToColumn column: TableColumn)
    /// ``TableView/sortDescriptors`` changed (a header click, a sort key, or the app); `oldDescriptors` were in
    /// force before. A table whose data source does not sort (no ``TableViewDiffableDataSource/sortKey``) sorts here.
    func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor])
    /// The count of rows appended while the view was away from its end changed (``TableView/followsEnd``):
    /// show "`count` new lines", or hide it at 0.
    func tableView(_ tableView: TableView, didChangeRowsAppendedBelow count: Int)
    /// Which part of the whole the rows on screen show, from the first to the last row on screen (headers
    /// left out), for apps whose rows stand for uneven amounts of content (a row that stands for "120 MB not
    /// indexed yet"). The default, ``ScrollIndicatorExtent/counted``, lets the table count rows or lines.
    ///
    /// Asked each time the scroll indicator is drawn, and by a click on the indicator's column
    /// (which bisects the rows with it to find the row at a fraction), so answer in O(1) or O(log n). When the
    /// answers change without a reload (a file grew, more of it was indexed), call `setNeedsDisplay()`.
    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    /// Not an extent: the likely slip of the scroll indicator hook, declared so that a delegate written this
    /// way is reported in debug builds (it stops the program with the fix). Return a
    /// ``ScrollIndicatorExtent`` instead.
    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ClosedRange<Double>?
}

extension TableViewDelegate {
    /// The default: the cell's own height.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight { .template }
    /// The default: a value no height can be, which tells the table the near miss is not implemented.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
        TableView.nearMissHeight
    }
    /// The default: a value no height can be, which tells the table the near miss is not implemented.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int? {
        TableView.nearMissHeight
    }
    /// The default: none (nil).
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Int? { nil }
    /// The default: none (nil).
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool? { nil }
    /// The default does nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
    }
    /// The default does nothing.
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// The default: not handled.
    public func tableView(_ tableView: TableView, performAction action: ViewAction, forRowAt indexPath: IndexPath)
        -> Bool
    { false }
    /// The default does nothing.
    public func tableViewDidClearSelection(_ tableView: TableView) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, didSelectColumn column: TableColumn) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, didMoveCursorToColumn column: TableColumn) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {}
    /// The default does nothing.
    public func tableView(_ tableView: TableView, didChangeRowsAppendedBelow count: Int) {}
    /// The default: the table counts.
    public func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    { .counted }
    /// The default: a value no extent can be, which tells the table the near miss is not implemented.
    public func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ClosedRange<Double>?
    { TableView.nearMissExtent }
}
