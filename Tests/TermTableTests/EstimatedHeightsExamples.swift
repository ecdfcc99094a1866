import TermTable

// The code of the section "Heights without measuring" of the article "Cell reuse" (CellReuse.md), compiled and run
// by EstimatedHeightsDocTests.

/// A file shown in chunks: an indexed chunk is a row per line, the rest of the file one row ("120 MB not indexed
/// yet"); the scroll thumb follows bytes, not rows.
@MainActor
final class ChunkedFile: TableViewDataSource, TableViewDelegate {
    /// Each row's first byte and length in the file.
    var rows: [(offset: Int, length: Int, text: String)]
    let table = TableView()

    init(rows: [(offset: Int, length: Int, text: String)]) {
        self.rows = rows
        table.register(BasicCell.self, forCellReuseIdentifier: "line")
        table.estimatedRowHeight = 1  // rows not measured yet count one line (when the delegate counts nothing)
        table.dataSource = self
        table.delegate = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath) as! BasicCell
        cell.textLabel.text = rows[indexPath.row].text
        return cell
    }

    /// The bytes the rows on screen stand for, as fractions of the file.
    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    {
        guard let last = self.rows.last, last.offset + last.length > 0 else { return .counted }
        let size = Double(last.offset + last.length)
        let first = self.rows[rows.lowerBound.row]
        let end = self.rows[rows.upperBound.row]
        return .fractions(Double(first.offset) / size...Double(end.offset + end.length) / size)
    }
}
