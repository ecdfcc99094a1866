import TermTableCore

@testable import TermTable

/// One item of a ``FakeQuerySource``: its identifier, the text a find matches and a sort key.
struct FakeQueryItem: Sendable, Hashable {
    var id: Int
    var text: String
    var key: Int
}

/// Lets a ``FakeQuerySource``'s chunks through one by one, as a test says (the first always goes).
final class QueryGate: Sendable {
    let open = Locked(1)
    let waiting = Locked(false)

    /// Lets `count` more chunks through.
    func letThrough(_ count: Int = 1) { open.withLock { $0 += count } }

    /// Lets every chunk through.
    func openAll() { open.withLock { $0 = Int.max / 2 } }

    /// Waits until chunk `index` may go (or the task is cancelled).
    func wait(for index: Int) async throws {
        while open.withLock({ $0 }) <= index {
            try Task.checkCancellation()
            await Task.yield()
        }
    }
}

/// An in-memory source: items matched with ``/TermTableCore/FuzzyQuery`` in their order, sorted by the `key`
/// descriptor when asked, delivered in chunks of the sizes given (cycled), with yields (or a gate) between them.
struct FakeQuerySource: TableQuerySource {
    var items: [FakeQueryItem]
    var chunkSizes: [Int] = [3]
    var yields = 1
    var gate: QueryGate?
    /// Counts scans started and those that saw their cancellation.
    var started: Locked<Int>? = nil
    var cancelled: Locked<Int>? = nil
    /// Thrown after the first chunk when set.
    var failure: (any Error & Sendable)?

    /// The reference: the matching items' identifiers in the query's order (their own order for ties).
    static func reference(_ items: [FakeQueryItem], _ query: TableQuery) -> [Int] {
        let fuzzy = query.fuzzyQuery
        var matching = items.filter { fuzzy.isEmpty || fuzzy.matches($0.text) }
        if let sort = query.sortDescriptors.first(where: { $0.column == "key" }) {
            let order = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
            matching.sort {
                $0.key != $1.key ? ($0.key < $1.key) == sort.ascending : order[$0.id]! < order[$1.id]!
            }
        }
        return matching.map(\.id)
    }

    func identifiers(for query: TableQuery, firstChunk: Int, deliver: @Sendable ([Int]) async -> Void) async throws {
        started?.withLock { $0 += 1 }
        let result = Self.reference(items, query)
        var start = 0
        var index = 0
        do {
            while start < result.count {
                if let gate { try await gate.wait(for: index) }
                for _ in 0..<yields { await Task.yield() }
                try Task.checkCancellation()
                let size = max(1, chunkSizes[index % chunkSizes.count])
                let end = min(result.count, start + size)
                await deliver(Array(result[start..<end]))
                if let failure, index == 0 { throw failure }
                start = end
                index += 1
            }
        } catch is CancellationError {
            cancelled?.withLock { $0 += 1 }
            throw CancellationError()
        }
    }
}

/// A table's data source over items, showing a query controller's rows while a query is in force.
@MainActor
final class QueryTableSource: TableViewDataSource, TableViewDelegate {
    var items: [FakeQueryItem]
    var controller: TableQueryController<FakeQuerySource>?
    var byID: [Int: Int] = [:]

    init(items: [FakeQueryItem]) {
        self.items = items
        reindex()
    }

    func reindex() {
        byID = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        controller?.shownIdentifiers?.count ?? items.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath)
        let id = controller?.itemIdentifier(forRow: indexPath.row) ?? indexPath.row
        (cell as? BasicCell)?.textLabel.text = byID[id].map { items[$0].text } ?? "?"
        return cell
    }
}

/// A table of `height` lines in multiple selection over `items`, with a query controller over `source`.
@MainActor
func makeQueryTable(
    _ items: [FakeQueryItem], source: FakeQuerySource, height: Int = 5
) -> (TableView, QueryTableSource, TableQueryController<FakeQuerySource>) {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: height))
    table.showsScrollIndicator = false
    table.selectionMode = .multiple
    table.register(BasicCell.self, forCellReuseIdentifier: "basic")
    let data = QueryTableSource(items: items)
    table.dataSource = data
    table.delegate = data
    let controller = TableQueryController(
        tableView: table, source: source,
        unfilteredItem: { row in data.items.indices.contains(row) ? data.items[row].id : nil },
        unfilteredRow: { id in data.byID[id] })
    data.controller = controller
    table.layoutIfNeeded()
    return (table, data, controller)
}

/// Items 0..<count whose texts are words over a small alphabet (so short queries match some and not others).
func fakeQueryItems(_ count: Int, from start: Int = 0) -> [FakeQueryItem] {
    let words = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma"]
    return (start..<(start + count)).map {
        FakeQueryItem(id: $0, text: "\(words[$0 % words.count]) \($0)", key: ($0 * 7919) % 13)
    }
}

extension TableQueryController {
    /// Waits until no scan runs.
    func settle() async {
        while isRunning { await Task.yield() }
    }
}
