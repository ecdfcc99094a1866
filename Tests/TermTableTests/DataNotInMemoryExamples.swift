import TermTable

// The code of the article "Data that is not in memory" (Sources/TermTable/TermTable.docc/DataNotInMemory.md),
// compiled and run by the tests: `DataNotInMemoryArticleTests` checks that every Swift block of the article is
// here, line for line, and drives the table on an in-memory screen. Change both together.

/// The lines of a remote log, fetched a line at a time when the table asks for them.
@MainActor final class RemoteLines: TableViewDataSource, TableViewDataSourcePrefetching {
    let table = TableView()
    var lines: [Int: String] = [:]  // the rows at hand
    var tasks: [IndexPath: Task<Void, Never>] = [:]
    var knownCount: Int  // a floor: more lines may come
    let fetch: @Sendable (Int) async throws -> String

    init(knownCount: Int, fetch: @escaping @Sendable (Int) async throws -> String) {
        self.knownCount = knownCount
        self.fetch = fetch
        table.register(BasicCell.self, forCellReuseIdentifier: "line")
        table.prefetchDataSource = self  // held weakly, as UIKit does: keep the object
        table.dataSource = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { knownCount }

    func rowCountIsEstimated(in tableView: TableView) -> Bool { true }

    func tableView(_ tableView: TableView, isRowAvailableAt indexPath: IndexPath) -> Bool {
        lines[indexPath.row] != nil
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath) as! BasicCell
        cell.textLabel.text = lines[indexPath.row] ?? ""
        return cell
    }
}

extension RemoteLines {
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            tasks[indexPath] = Task { [fetch] in
                let line = try? await fetch(indexPath.row)
                // Back on the main actor: keep the line and redraw its row in place.
                guard !Task.isCancelled else { return }
                self.tasks[indexPath] = nil
                self.lines[indexPath.row] = line ?? "⚠ line \(indexPath.row) could not be read"
                self.table.reconfigureRows(at: [indexPath])
            }
        }
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths { tasks.removeValue(forKey: indexPath)?.cancel() }
    }
}

extension RemoteLines {
    /// The log has more lines than the floor said: the table shows them (and follows the end if it showed).
    func grow(to count: Int) {
        let added = count - knownCount
        knownCount = count
        table.reloadData(appendingRows: added)
    }
}

/// A row being loaded: a dim line of dots where its text will be.
final class LoadingCell: BasicCell {
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        textLabel.text = "· · ·"
        textLabel.textStyle = .dim
    }

    required init(copying other: View) { super.init(copying: other) }
}

@MainActor func showLoadingCells(in table: TableView) {
    table.register(LoadingCell.self, forCellReuseIdentifier: "loading")
    table.placeholderCellIdentifier = "loading"
}

/// The lines that match a query, found off the main actor, a screen first, then in larger chunks; sorted by their
/// text, all at once, when the query sorts.
struct LineSource: TableQuerySource {
    let lines: [String]
    var first = 0  // the identifier of lines[0]: a source over appended lines goes on from the others

    func identifiers(
        for query: TableQuery, firstChunk: Int, deliver: @Sendable ([Int]) async -> Void
    ) async throws {
        let fuzzy = query.fuzzyQuery
        let sort = query.sortDescriptors.first  // by the line's text here, whatever the column
        var chunk: [Int] = []
        var size = firstChunk
        for (index, line) in lines.enumerated() {
            // A newer query cancelled this one: stop, also while nothing matches (no chunk fills).
            if index % 16_384 == 0 { try Task.checkCancellation() }
            guard fuzzy.isEmpty || fuzzy.matches(line) else { continue }
            chunk.append(first + index)
            if chunk.count == size, sort == nil {
                await deliver(chunk)
                chunk = []
                size = 4096
            }
        }
        if let sort {  // every match first, then in order
            let text = { (identifier: Int) in lines[identifier - first] }
            chunk.sort { sort.ascending ? text($0) < text($1) : text($0) > text($1) }
        }
        if !chunk.isEmpty { await deliver(chunk) }
    }
}

@MainActor final class FilteredLines: TableViewDataSource {
    let table = TableView()
    private(set) var lines: [String]
    private(set) var query: TableQueryController<LineSource>!

    init(lines: [String]) {
        self.lines = lines
        table.register(BasicCell.self, forCellReuseIdentifier: "line")
        table.dataSource = self
        query = TableQueryController(
            tableView: table, source: LineSource(lines: lines), unfilteredItem: { $0 }, unfilteredRow: { $0 })
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        query.shownIdentifiers?.count ?? lines.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath) as! BasicCell
        cell.textLabel.text = query.itemIdentifier(forRow: indexPath.row).map { lines[$0] } ?? ""
        return cell
    }
}

extension FilteredLines {
    /// Lines written at the end of the data: shown unfiltered, or matched while a query is in force.
    func append(_ new: [String]) {
        let first = lines.count
        query.source = LineSource(lines: [])  // it shares the lines: let go, or appending copies every one
        lines += new
        query.source = LineSource(lines: lines)  // the next query runs over every line
        if query.isQuerying {
            query.sourceDidAppend(LineSource(lines: new, first: first))
        } else {
            table.reloadData(appendingRows: new.count)
        }
    }
}
