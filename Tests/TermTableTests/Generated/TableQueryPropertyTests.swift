import Foundation
import TermTableCore
import TermTableTesting
import Testing

@testable import TermTable

/// Generated runs of a query source whose chunks arrive late and in varied sizes, cancelled by newer queries, between
/// random cursor moves, marks, appends, sorts and clears: once the scans end, the rows shown are the in-memory
/// reference (the full data filtered and sorted), no mark is lost, and the cursor is on its item. The same steps
/// drive the diffable data source's filter and sort, checked by the same checker against the same reference: the
/// two adopters of the toolkit's filter rules (``TableFilterRules``) keep the same promises.
///
/// CI runs a fixed seed and 40 cases of 40 steps for each. A large local run:
///
/// ```sh
/// TERMTABLE_QUERY_CASES=5000 swift test -c release -Xswiftc -enable-testing --filter TableQueryPropertyTests
/// ```
///
/// `TERMTABLE_QUERY_SEED` picks another seed; a failure prints the seed, the case and the steps so far.
@Suite("Generated query sources: late chunks, cancels, marks, appends and the cursor") @MainActor
struct TableQueryPropertyTests {
    static var budget: Int { ProcessInfo.processInfo.environment["TERMTABLE_QUERY_CASES"].flatMap(Int.init) ?? 40 }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_QUERY_SEED"].flatMap { UInt64($0) } ?? 0x9E_2F11
    }

    @Test func lateChunksEndInTheReferenceWithMarksKeptAndTheCursorOnItsItem() async {
        var rng = SeededRandom(seed: Self.seed)
        for index in 0..<Self.budget {
            let count = Int(rng.next() % 80)
            let height = 1 + Int(rng.next() % 10)
            let adopter = ControllerAdopter(fakeQueryItems(count), height: height, using: &rng)
            if let problem = await Self.run(adopter, using: &rng) {
                Issue.record("case \(index) of seed \(Self.seed): \(problem)")
                return
            }
        }
    }

    @Test func theDiffableDataSourceEndsInTheSameReferenceWithMarksKeptAndTheCursorOnItsItem() async {
        var rng = SeededRandom(seed: Self.seed ^ 0xD1FF)
        for index in 0..<Self.budget {
            let count = Int(rng.next() % 80)
            let height = 1 + Int(rng.next() % 10)
            let adopter = DiffableAdopter(fakeQueryItems(count), height: height)
            if let problem = await Self.run(adopter, using: &rng) {
                Issue.record("case \(index) of seed \(Self.seed ^ 0xD1FF): \(problem)")
                return
            }
        }
    }

    /// One generated case; the first broken promise, with the steps that led to it, or nil.
    static func run(_ adopter: some QueryAdopterUnderTest, using rng: inout SeededRandom) async -> String? {
        func random(_ below: Int) -> Int { Int(rng.next() % UInt64(max(1, below))) }
        let table = adopter.table
        var items = adopter.items
        var steps = ["\(items.count) items, \(table.frame.size.height) lines"]
        var active = TableQuery()  // the query in force
        var marks: Set<Int> = []
        var saved: Int?  // the cursor's item when the query began
        var moved: Int?  // the item the user moved the cursor to after the query's first result showed
        var kept: Int?  // the item a sort (or an append the adopter sorts in) keeps the cursor on
        let texts = ["a", "al", "alpha", "e", "ga", "m", "sig", "z", "a 1", "ta"]
        for _ in 0..<40 {
            switch random(100) {
            case 0..<20:
                var query = TableQuery(text: texts[random(texts.count)])
                if random(3) == 0 {
                    query.sortDescriptors = [TableSortDescriptor(column: "key", ascending: random(2) == 0)]
                }
                if !adopter.isQuerying {
                    table.layoutIfNeeded()  // the cursor as the user sees it
                    saved = adopter.cursorItem
                }
                let sortOnly = query.text == active.text && query.sortDescriptors != active.sortDescriptors
                kept = sortOnly ? (adopter.keepsCursorPending ? kept : adopter.cursorItem) : nil
                moved = nil
                steps.append("query \(query.text) \(query.sortDescriptors.first.map { "\($0.ascending)" } ?? "")")
                active = query
                adopter.setQuery(query)
            case 20..<40:
                let yields = random(6)
                steps.append("yield \(yields)")
                for _ in 0..<yields { await Task.yield() }
            case 40..<55:
                // A move while a sort's kept cursor waits for its row is told from none only by its item: left out.
                guard !adopter.keepsCursorPending else { break }
                let command: TableCommand = random(2) == 0 ? .moveDown : .moveUp
                steps.append("\(command)")
                _ = table.perform(command)
                if adopter.isQuerying, adopter.firstShown { moved = adopter.cursorItem }
            case 55..<68:
                guard let item = adopter.cursorItem, let row = table.indexPathForSelectedRow else { break }
                steps.append("mark \(item)")
                table.toggleSelection(of: row)
                if marks.contains(item) { marks.remove(item) } else { marks.insert(item) }
            case 68..<82:
                let more = fakeQueryItems(1 + random(12), from: items.count)
                steps.append("append \(more.count)")
                items += more
                if adopter.isQuerying, !active.sortDescriptors.isEmpty, moved == nil, !adopter.keepsCursorPending {
                    // A sorted query places appended items among the others, the cursor kept on its item (a sort's
                    // item still to come stays the one kept).
                    kept = adopter.cursorItem
                }
                adopter.append(more, all: items)
            case 82..<92:
                guard adopter.isQuerying else { break }
                // Moved by the user from where the adopter last chose to put it (also before rows that kept it on its
                // item since), it stays; else it goes back to where it was before the query.
                let current = adopter.cursorItem
                let expected = adopter.userMovedCursor ? current : saved ?? current
                steps.append("clear")
                adopter.clear()
                active = TableQuery()
                if let expected, adopter.cursorItem != expected {
                    return "the cursor is on \(String(describing: adopter.cursorItem)), not \(expected): \(steps)"
                }
                moved = nil
                kept = nil
            default:
                steps.append("settle")
                await adopter.settle()
            }
            if let problem = check(adopter, items, active, marks, moved, kept, settled: false) {
                return "\(problem): \(steps)"
            }
        }
        await adopter.settle()
        return check(adopter, items, active, marks, moved, kept, settled: true).map { "\($0): \(steps)" }
    }

    /// The promises after a step, whichever adopter: every mark shown or hidden, never both; once settled, the
    /// reference rows for the query in force, and the cursor on the item the user moved it to, else on the item a
    /// sort kept it on, else on the first match.
    static func check(
        _ adopter: some QueryAdopterUnderTest, _ items: [FakeQueryItem], _ query: TableQuery, _ marks: Set<Int>,
        _ moved: Int?, _ kept: Int?, settled: Bool
    ) -> String? {
        let shownMarks = adopter.shownMarks
        let hidden = adopter.hiddenMarks
        if !shownMarks.isDisjoint(with: hidden) { return "marks both shown and hidden: \(shownMarks), \(hidden)" }
        if shownMarks.union(hidden) != marks { return "marks \(shownMarks) + hidden \(hidden), not \(marks)" }
        guard settled else { return nil }
        let expected = FakeQuerySource.reference(items, query)
        if adopter.rows != expected { return "shown \(adopter.rows), not \(expected)" }
        guard !query.isEmpty else { return nil }
        let cursor = adopter.cursorItem
        if let moved, cursor != moved { return "the cursor is on \(String(describing: cursor)), not moved \(moved)" }
        if moved == nil, let kept, expected.contains(kept) {
            return cursor == kept ? nil : "the cursor is on \(String(describing: cursor)), not kept \(kept)"
        }
        if moved == nil, cursor != expected.first {
            return "the cursor is on \(String(describing: cursor)), not the first match"
        }
        return nil
    }
}

/// What the generated steps drive and the checker reads, whichever adopter of the filter rules shows the rows.
@MainActor
protocol QueryAdopterUnderTest {
    var table: TableView { get }
    /// The items, in the data's order.
    var items: [FakeQueryItem] { get }
    /// True while a query (a find text, a sort) is in force.
    var isQuerying: Bool { get }
    /// True once the query's first result shows (a move before it is not among its rows).
    var firstShown: Bool { get }
    /// The identifiers shown, in row order.
    var rows: [Int] { get }
    var cursorItem: Int? { get }
    var shownMarks: Set<Int> { get }
    var hiddenMarks: Set<Int> { get }
    /// True when clearing keeps the cursor where it is: the user moved it from where the adopter last chose to put it.
    var userMovedCursor: Bool { get }
    /// True while a sort's kept cursor waits for its item's row.
    var keepsCursorPending: Bool { get }
    func setQuery(_ query: TableQuery)
    func clear()
    /// `more` were appended to the data, which is now `all`.
    func append(_ more: [FakeQueryItem], all: [FakeQueryItem])
    func settle() async
}

/// A ``TableQueryController`` over a ``FakeQuerySource`` whose chunks come late, in the sizes drawn for the case.
@MainActor
final class ControllerAdopter: QueryAdopterUnderTest {
    let table: TableView
    let data: QueryTableSource
    let controller: TableQueryController<FakeQuerySource>
    let chunkSizes: [Int]
    let yields: Int

    init(_ items: [FakeQueryItem], height: Int, using rng: inout SeededRandom) {
        chunkSizes = (0..<3).map { _ in 1 + Int(rng.next() % 9) }
        yields = Int(rng.next() % 4)
        let source = FakeQuerySource(items: items, chunkSizes: chunkSizes, yields: yields)
        (table, data, controller) = makeQueryTable(items, source: source, height: height)
        controller.chunkInterval = rng.next() % 2 == 0 ? .zero : .seconds(60)
    }

    func source(_ items: [FakeQueryItem]) -> FakeQuerySource {
        FakeQuerySource(items: items, chunkSizes: chunkSizes, yields: yields)
    }

    var items: [FakeQueryItem] { data.items }
    var isQuerying: Bool { controller.isQuerying }
    var firstShown: Bool { controller.firstShown }
    var rows: [Int] { controller.shownIdentifiers ?? data.items.map(\.id) }
    var cursorItem: Int? { controller.cursorItemIdentifier }
    var shownMarks: Set<Int> { Set(controller.selectedItemIdentifiers) }
    var hiddenMarks: Set<Int> { controller.hiddenSelectedItemIdentifiers }
    var userMovedCursor: Bool { controller.rules.userMoved(cursor: controller.cursorItemIdentifier) }
    var keepsCursorPending: Bool { controller.rules.keptCursor != nil }
    func setQuery(_ query: TableQuery) { controller.setQuery(query) }
    func clear() { controller.clear() }
    func settle() async { await controller.settle() }

    func append(_ more: [FakeQueryItem], all: [FakeQueryItem]) {
        data.items = all
        data.reindex()
        controller.source = source(all)
        if controller.isQuerying {
            controller.sourceDidAppend(source(more))
        } else {
            table.reloadData(appendingRows: more.count)
        }
    }
}

/// A ``TableViewDiffableDataSource`` of the items in one section: the query's find text is its filter (in the items'
/// order), its sort the table's sort descriptors over the items' keys.
@MainActor
final class DiffableAdopter: QueryAdopterUnderTest {
    let table: TableView
    let dataSource: TableViewDiffableDataSource<Int, Int>
    var items: [FakeQueryItem]
    var byID: [Int: FakeQueryItem] = [:]
    var query = TableQuery()

    init(_ items: [FakeQueryItem], height: Int) {
        self.items = items
        table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: height))
        table.showsScrollIndicator = false
        table.selectionMode = .multiple
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, _ in
            table.dequeueReusableCell(withIdentifier: "basic", for: indexPath)
        }
        dataSource.filterOrder = .items
        dataSource.filterText = { [unowned self] in self.byID[$0]?.text ?? "" }
        dataSource.sortKey = { [unowned self] item, _ in .integer(Int64(self.byID[item]?.key ?? 0)) }
        applyItems()
        table.layoutIfNeeded()
    }

    /// Applies every item in the data's order.
    func applyItems() {
        byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(items.map(\.id))
        dataSource.apply(snapshot)
    }

    var isQuerying: Bool { !query.isEmpty }
    var firstShown: Bool { true }
    var rows: [Int] { dataSource.snapshot().itemIdentifiers }
    var cursorItem: Int? { dataSource.cursorItemIdentifier }
    var shownMarks: Set<Int> { Set(dataSource.selectedItemIdentifiers) }
    var hiddenMarks: Set<Int> { Set(dataSource.hiddenSelectedItemIdentifiers) }
    var userMovedCursor: Bool { dataSource.filter?.rules.userMoved(cursor: dataSource.cursorItemIdentifier) ?? false }
    var keepsCursorPending: Bool { false }

    func setQuery(_ query: TableQuery) {
        // The sort first, so a new find text's first match is the first of the sorted matches.
        let sortChanged = query.sortDescriptors != self.query.sortDescriptors
        if sortChanged {
            table.sortDescriptors = query.sortDescriptors
            // The app shows its own order again once the sort is off.
            if query.sortDescriptors.isEmpty { applyItems() }
        }
        // The same query again runs again (the cursor to its first match), as the controller's does.
        if query.text != self.query.text || !sortChanged { dataSource.setFilter(query: query.text) }
        self.query = query
    }

    func clear() {
        dataSource.clearFilter()
        if !query.sortDescriptors.isEmpty {
            table.sortDescriptors = []
            applyItems()
        }
        query = TableQuery()
    }

    func append(_ more: [FakeQueryItem], all: [FakeQueryItem]) {
        items = all
        applyItems()
    }

    func settle() async {
        await dataSource.filter?.task?.value
        await dataSource.waitUntilSorted()
    }
}
