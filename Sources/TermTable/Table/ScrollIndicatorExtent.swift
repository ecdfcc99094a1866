/// Which part of a table's whole content the rows on screen stand for: the answer of a table delegate's
/// `tableView(_:scrollIndicatorExtentOf:)`, from which the table places its scroll indicator's thumb.
///
/// A value of its own, not a `ClosedRange<Double>?`: a delegate that writes the method returning
/// `ClosedRange<Double>?` (the likely slip) is reported in debug builds instead of being silently ignored
/// (see ``TableViewDelegate``).
///
/// ```swift
/// func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
///     -> ScrollIndicatorExtent
/// {
///     // Rows stand for byte ranges of a file: the thumb follows bytes, not rows.
///     let start = Double(chunks[rows.lowerBound.row].offset)
///     let end = Double(chunks[rows.upperBound.row].endOffset)
///     return .fractions(start / fileSize...end / fileSize)
/// }
/// ```
public enum ScrollIndicatorExtent: Sendable, Hashable {
    /// The table counts: rows (each row the same weight), or lines when ``TableView/estimatedRowHeight`` is set.
    case counted
    /// The rows on screen show this part of the whole, as fractions of it (`0...1`; values outside are clamped,
    /// a range that is not finite counts as ``counted``).
    ///
    /// The table keeps its rules for the thumb: it touches the first line only when the first row is at the
    /// top and the last line only when the end is shown whole, whatever the fractions say.
    case fractions(ClosedRange<Double>)
}
