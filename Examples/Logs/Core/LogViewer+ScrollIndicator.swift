import LogKit
import TermTable

extension LogViewer {
    /// The part of the log the rows on screen show, for the table's scroll thumb: by byte offsets while a single
    /// file's middle is not indexed yet, else counted by the table.
    ///
    /// Until the index is complete the rows are the first ``topEntries`` entries, one row for the bytes not
    /// indexed yet and the entries found from the end: counted, the thumb would put the gap row (most of a big
    /// file) at one row's weight and the last screen near the middle. So the thumb goes by bytes then: the first
    /// row's start and the last row's end over the bytes indexed, filtered or not (the title's `at ≈N%` is the
    /// same measure). Once complete it is counted again: rows are what is on screen (an entry is a line however
    /// many bytes it holds, a stack trace or a 10 MB line), so by rows the thumb moves by the same step for each
    /// line scrolled, is as tall as the screen's share of the rows and a click on the bar lands where rows say;
    /// by bytes one long entry would take a large part of the track for one line on screen. Several files
    /// merged are only shown once each is indexed whole, so their rows are counted.
    public func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    {
        guard !collection.isMerged, !collection.files[0].isComplete,
            rows.lowerBound.row >= 0, rows.upperBound.row < rowCount,
            let extent = collection.files[0].byteExtent(
                ofRows: collectionRow(rows.lowerBound.row)...collectionRow(rows.upperBound.row))
        else { return .counted }
        return .fractions(extent)
    }
}
