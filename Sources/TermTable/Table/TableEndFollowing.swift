import TermTableCore

/// What a table that follows its end (``TableView/followsEnd``) remembers between layout passes.
///
/// **Owns** the switch (``isOn``), the count of rows appended while the end was not shown
/// (``rowsAppendedBelow``), the rows the next load appends (``rowsToAppend``, told by the table's updates) and a resize to answer (``pendingResize``: the top the table had when it
/// was resized while showing its end).
///
/// **Invariants**: ``rowsAppendedBelow`` is 0 after a pass that shows the end, and never negative.
///
/// **Reset by**: turning following off (everything), a pass that shows the end (the count),
/// ``TableView/scrollToEnd()`` (the count), the next pass (the pending resize), the next load (the rows to append).
@MainActor
final class TableEndFollowing {
    /// What the table was before its counts were read again (captured by `loadMetrics`).
    struct BeforeReload {
        /// The counts and headers before.
        var metrics: TableMetrics
        /// The rows the load appends after the previous last row.
        var appended: Int
        /// The end was shown.
        var wasAtEnd: Bool
        /// The cursor was on the last row (or the table had no rows).
        var cursorWasLast: Bool
    }

    /// Appended rows keep the end on screen while it is shown.
    var isOn = false
    /// Rows appended while the end was not shown.
    var rowsAppendedBelow = 0
    /// Rows the next load appends after the previous last row: told by ``TableView/insertRows(at:)``, a diffable
    /// snapshot and ``TableView/reloadData(appendingRows:)``; a plain ``TableView/reloadData()`` appends none.
    var rowsToAppend = 0
    /// The top the table had when it was resized while showing its end: the next pass shows the end again
    /// unless the top moved since.
    var pendingResize: TableItem??

    /// Nothing remembered.
    init() {}

    /// Forgets everything but the switch.
    func reset() {
        rowsAppendedBelow = 0
        pendingResize = nil
    }
}
