import Foundation

@testable import TermTable

/// A data source whose rows arrive later: the table asks for them (``TableViewDataSourcePrefetching``) and the test
/// answers, drops or fails the requests when it likes, in any order.
///
/// Row `i` shows "Item i"; rows whose index is a multiple of `tallEvery` are two lines tall once they arrive (their
/// placeholder is one line). It records every request and checks the table's promise: a row is never asked for
/// while asked already and neither answered nor cancelled (`duplicateRequests`).
@MainActor
final class LateSource: TableViewDataSource, TableViewDataSourcePrefetching, TableViewDelegate {
    var count: Int
    var arrived: Set<Int> = []
    /// Rows asked and neither answered, failed nor cancelled, in the order asked.
    var pending: [Int] = []
    var requests: [[Int]] = []
    var cancellations: [[Int]] = []
    var duplicateRequests: [Int] = []
    var estimated = false
    var tallEvery = 0
    weak var table: TableView?

    init(count: Int) { self.count = count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, isRowAvailableAt indexPath: IndexPath) -> Bool {
        arrived.contains(indexPath.row)
    }
    func rowCountIsEstimated(in tableView: TableView) -> Bool { estimated }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
        cell.textLabel.text = "Item \(indexPath.row)"
        cell.detailTextLabel.text = ""
        cell.height = tallEvery > 0 && indexPath.row % tallEvery == 0 ? 2 : 1
        return cell
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        let rows = indexPaths.map(\.row)
        requests.append(rows)
        let outstanding = Set(pending)
        duplicateRequests += rows.filter { outstanding.contains($0) }
        pending += rows
    }
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        let rows = Set(indexPaths.map(\.row))
        cancellations.append(indexPaths.map(\.row).sorted())
        pending.removeAll { rows.contains($0) }
    }

    /// The rows asked, every request in one list.
    var askedRows: [Int] { requests.flatMap { $0 } }

    /// Answers the pending requests for `rows` (all pending when nil): their data arrives.
    func answer(_ rows: [Int]? = nil) {
        let chosen = rows ?? pending
        let set = Set(chosen)
        pending.removeAll { set.contains($0) }
        arrived.formUnion(chosen)
        table?.reconfigureRows(at: chosen.map { IndexPath(row: $0, section: 0) })
    }

    /// Fails the pending requests for `rows`: the data stays away and the table is told to ask again.
    func fail(_ rows: [Int]) {
        let set = Set(rows)
        pending.removeAll { set.contains($0) }
        table?.reconfigureRows(at: rows.map { IndexPath(row: $0, section: 0) })
    }
}

/// A table of `width` x `height` over `source` (its prefetch data source too), basic cells registered, in multiple
/// selection.
@MainActor
func makeLateTable(_ source: LateSource, width: Int = 20, height: Int = 5) -> TableView {
    let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: height))
    table.showsScrollIndicator = false
    table.selectionMode = .multiple
    table.register(BasicCell.self, forCellReuseIdentifier: "basic")
    source.table = table
    table.delegate = source
    table.prefetchDataSource = source
    table.dataSource = source
    return table
}
