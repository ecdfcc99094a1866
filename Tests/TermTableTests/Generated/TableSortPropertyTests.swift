import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The diffable data source's sort against a model: random sort descriptors (one to three levels, either
/// direction) over items with random keys (empty, equal, integers and decimals mixed, texts), random inserts,
/// deletes, key updates and re-sorts, a filter on and off, marks and cursor moves, at once or off the main
/// actor. After every step the order drawn (the table's visible rows) and the data source's snapshot equal a
/// reference stable sort, and the cursor and the marks stay on their items.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 150), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite @MainActor
struct TableSortPropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { max(30, $0 / 3) }
            ?? 150
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x50_27ED
    }

    static let columns = ["a", "b", "c"]

    /// A sorted diffable table of numbered items with a key per column, on an in-memory screen.
    @MainActor
    final class Fixture {
        let table = TableView()
        let dataSource: TableViewDiffableDataSource<Int, Int>
        let driver: AppDriver
        var keys: [Int: [String: TableSortKey]] = [:]

        init(height: Int, threshold: Int) {
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            table.selectionMode = .multiple
            dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = "\(item)"
                return cell
            }
            dataSource.filterOrder = .items
            dataSource.sortOffMainActorThreshold = threshold
            driver = AppDriver(rootView: table, size: Size(width: 20, height: height))
            dataSource.sortKey = { [unowned self] item, column in self.keys[item]?[column] ?? .empty }
        }

        func apply(_ sections: [[Int]]) async {
            var snapshot = TableSnapshot<Int, Int>()
            for (index, items) in sections.enumerated() {
                snapshot.appendSections([index])
                snapshot.appendItems(items)
            }
            dataSource.apply(snapshot)
            await settle()
        }

        func settle() async {
            driver.app.renderIfNeeded()
            await dataSource.waitUntilSorted()
            if let task = dataSource.filter?.task { await task.value }
            driver.app.renderIfNeeded()
        }

        /// The items of the rows drawn, top to bottom, with the rows they are drawn for.
        var drawn: [(row: IndexPath, item: Int?)] {
            table.placedItems.compactMap { placed in
                guard let indexPath = placed.item.indexPath, placed.y >= 0, placed.y < table.rowsHeight else {
                    return nil
                }
                let line = driver.lines[placed.y + table.rowsTop]
                return (indexPath, Int(line.drop { !$0.isNumber }.prefix { $0.isNumber }))
            }
        }
    }

    static func randomKey(_ random: inout SeededRandom) -> TableSortKey {
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1: return .empty
        case 2, 3: return .integer(Int64.random(in: -3...3, using: &random))
        case 4: return .decimal(Double(Int.random(in: -6...6, using: &random)) / 2)
        case 5, 6: return .text(["", "a", "B", "ab", "é", "abcdefghij", "abcdefghik"].randomElement(using: &random)!)
        case 7: return .date(Double(Int.random(in: 0...2, using: &random)))
        default: return .boolean(Bool.random(using: &random))
        }
    }

    static func randomDescriptors(_ random: inout SeededRandom) -> [TableSortDescriptor] {
        var columns = Self.columns.shuffled(using: &random)
        columns.removeLast(Int.random(in: 0...2, using: &random))
        return columns.map { TableSortDescriptor(column: $0, ascending: Bool.random(using: &random)) }
    }

    /// Each section of `sections` sorted stably by `descriptors` over `keys`.
    static func reference(
        _ sections: [[Int]], _ descriptors: [TableSortDescriptor], _ keys: [Int: [String: TableSortKey]]
    ) -> [[Int]] {
        sections.map { items in
            items.enumerated().sorted { left, right in
                for descriptor in descriptors {
                    let order = TableSortDescriptor.order(
                        keys[left.element]?[descriptor.column] ?? .empty,
                        keys[right.element]?[descriptor.column] ?? .empty,
                        ascending: descriptor.ascending)
                    if order != 0 { return order < 0 }
                }
                return left.offset < right.offset
            }.map(\.element)
        }
    }

    @Test func theDrawnOrderIsAStableSortAndTheCursorAndMarksStayOnTheirItems() async {
        var random = SeededRandom(seed: Self.seed)
        for caseIndex in 0..<Self.budget {
            let threshold = Bool.random(using: &random) ? 20_000 : Int.random(in: 0...6, using: &random)
            let fixture = Fixture(height: Int.random(in: 3...9, using: &random), threshold: threshold)
            var next = 0
            func newItem(_ random: inout SeededRandom) -> Int {
                var keys: [String: TableSortKey] = [:]
                for column in Self.columns { keys[column] = Self.randomKey(&random) }
                fixture.keys[next] = keys
                next += 1
                return next - 1
            }
            // The app's own order, and the order the data source should show (sorted, unfiltered).
            var app: [[Int]] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                (0..<Int.random(in: 0...12, using: &random)).map { _ in newItem(&random) }
            }
            var descriptors = Self.randomDescriptors(&random)
            fixture.table.sortDescriptors = descriptors
            await fixture.apply(app)
            var full = Self.reference(app, descriptors, fixture.keys)
            var marks = Set<Int>()
            var modulus: Int? = nil
            var log: [String] = ["sort \(descriptors.map { "\($0.column)\($0.ascending ? "+" : "-")" })"]
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                let cursorBefore = fixture.dataSource.cursorItemIdentifier
                var cursorStays = true
                switch Int.random(in: 0..<12, using: &random) {
                case 0, 1:
                    // Inserts at random places in the app's order.
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        let section = Int.random(in: 0..<app.count, using: &random)
                        let at = Int.random(in: 0...app[section].count, using: &random)
                        app[section].insert(newItem(&random), at: at)
                    }
                    log.append("insert \(app)")
                    await fixture.apply(app)
                    full = Self.reference(app, descriptors, fixture.keys)
                case 2:
                    let every = app.flatMap { $0 }
                    let gone = Set(every.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
                    app = app.map { $0.filter { !gone.contains($0) } }
                    marks.subtract(gone)
                    log.append("delete \(gone.sorted())")
                    await fixture.apply(app)
                    full = Self.reference(app, descriptors, fixture.keys)
                    if let cursorBefore, gone.contains(cursorBefore) { cursorStays = false }
                case 3, 4:
                    // Key updates, applied in the data source's order (as an app that edits its snapshot).
                    let every = app.flatMap { $0 }
                    guard !every.isEmpty else { continue }
                    for _ in 0..<Int.random(in: 1...3, using: &random) {
                        let item = every[Int.random(in: 0..<every.count, using: &random)]
                        let column = Self.columns[Int.random(in: 0..<3, using: &random)]
                        fixture.keys[item]?[column] = Self.randomKey(&random)
                    }
                    let shown = fixture.dataSource.unfilteredSnapshot.itemsBySection
                    log.append("update keys, apply \(shown)")
                    await fixture.apply(shown)
                    full = Self.reference(shown, descriptors, fixture.keys)
                case 5, 6:
                    descriptors = Self.randomDescriptors(&random)
                    log.append("sort \(descriptors.map { "\($0.column)\($0.ascending ? "+" : "-")" })")
                    fixture.table.sortDescriptors = descriptors
                    await fixture.settle()
                    full = Self.reference(full, descriptors, fixture.keys)
                case 7:
                    let value = Int.random(in: 2...3, using: &random)
                    modulus = value
                    log.append("filter %\(value)")
                    fixture.dataSource.setFilter(where: { $0 % value == 0 })
                    await fixture.settle()
                    cursorStays = false
                case 8:
                    modulus = nil
                    log.append("clear filter")
                    fixture.dataSource.clearFilter()
                    await fixture.settle()
                    cursorStays = false
                case 9, 10:
                    let rows = fixture.dataSource.snapshot().itemIdentifiers
                    guard !rows.isEmpty else { continue }
                    let item = rows[Int.random(in: 0..<rows.count, using: &random)]
                    log.append("toggle \(item)")
                    fixture.table.toggleSelection(of: fixture.dataSource.indexPath(for: item)!)
                    if marks.contains(item) { marks.remove(item) } else { marks.insert(item) }
                default:
                    let steps = Int.random(in: -6...6, using: &random)
                    log.append("move \(steps)")
                    _ = fixture.table.moveCursor(by: steps)
                    cursorStays = false
                }
                fixture.driver.app.renderIfNeeded()
                let context = "case \(caseIndex) (threshold \(threshold)): \(log.joined(separator: "; "))"
                let source = fixture.dataSource
                var failed = false
                func check(_ condition: Bool, _ what: String) {
                    if !condition { failed = true }
                    #expect(condition, "\(what): \(context)")
                }
                let sorted = source.unfilteredSnapshot.itemsBySection.filter { !$0.isEmpty }
                check(sorted == full.filter { !$0.isEmpty }, "sorted \(sorted) != \(full)")
                let shown = full.map { $0.filter { item in modulus.map { item % $0 == 0 } ?? true } }
                let expected = modulus == nil ? shown : shown.filter { !$0.isEmpty }
                check(source.snapshot().itemsBySection == expected, "shown \(source.snapshot().itemsBySection)")
                for (row, item) in fixture.drawn {
                    check(item == source.itemIdentifier(for: row), "drawn row \(row): \(fixture.driver.lines)")
                }
                check(Set(source.allSelectedItemIdentifiers) == marks, "marks")
                if cursorStays, let cursorBefore {
                    check(source.cursorItemIdentifier == cursorBefore, "cursor")
                }
                if failed { return }
            }
        }
    }
}
