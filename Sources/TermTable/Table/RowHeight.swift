/// How tall a row is: the answer of a table delegate's `tableView(_:heightForRowAt:)`.
///
/// A value of its own, not an `Int`: UIKit's `-> CGFloat` shape written as `-> Int` (or this toolkit's
/// former `-> Int?`) is reported in debug builds instead of being silently ignored (see
/// ``TableViewDelegate``).
///
/// ```swift
/// func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight {
///     items[indexPath.row].isExpanded ? .lines(6) : .template
/// }
/// ```
public enum RowHeight: Sendable, Hashable {
    /// The cell's own height: its template's `height=`, or the height a cell class gives its frame; for a cell
    /// whose ``TableViewCell/heightIsAutomatic`` is set (a template's `height=auto`), measured as ``automatic``.
    case template
    /// This many lines (0 hides the row; a negative count is 0).
    case lines(Int)
    /// As many lines as the cell's content needs at the row's width
    /// (``TableViewCell/heightThatFits(width:)``): a field that stretches in height and wraps grows the row.
    ///
    /// Measured through the cells the table keeps for measuring (no cell beyond the rows on screen plus
    /// two), remembered per row until the row is reloaded, the data reloaded or the table's width changes.
    case automatic
}
