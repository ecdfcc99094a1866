import TermTableTesting
import Testing

@testable import TermTable

/// The diffable data source keeps the table's sort order: inserted items land in place, a changed key moves its
/// item, the cursor stays on its item; a large sort shows its first screen at once and the rest off the main
/// actor, a newer sort or apply wins; a filter shows the sorted order.
@Suite @MainActor
struct TableViewDiffableDataSourceSortingTests {
    @MainActor
    final class Fixture {
        let table = TableView()
        let dataSource: TableViewDiffableDataSource<Int, Int>
        let driver: AppDriver
        var values: [Int: Int] = [:]
        var keysRead = 0

        init(height: Int = 6, threshold: Int = 20_000) {
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            table.selectionMode = .multiple
            dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = "\(item)"
                return cell
            }
            dataSource.sortOffMainActorThreshold = threshold
            driver = AppDriver(rootView: table, size: Size(width: 20, height: height))
            dataSource.sortKey = { [unowned self] item, column in
                self.keysRead += 1
                return self.values[item].map { .integer(Int64($0)) } ?? .empty
            }
            table.sortDescriptors = [TableSortDescriptor(column: "value")]
        }

        func apply(_ items: [Int]) {
            var snapshot = TableSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(items)
            dataSource.apply(snapshot)
            driver.app.renderIfNeeded()
        }

        var shown: [Int] { dataSource.snapshot().itemIdentifiers }
        /// The items drawn on the screen's lines.
        var drawn: [Int] { driver.lines.compactMap { Int($0.drop { !$0.isNumber }.prefix { $0.isNumber }) } }
        func sorted(_ items: [Int]) -> [Int] {
            items.sorted { (values[$0]!, $0) < (values[$1]!, $1) }
        }
    }

    @Test func anInsertedItemLandsInPlaceAndTheCursorStaysOnItsItemAndLine() {
        let fixture = Fixture()
        for item in 0..<20 { fixture.values[item] = item * 10 }
        fixture.apply(Array(0..<20).reversed())
        #expect(fixture.shown == Array(0..<20))
        _ = fixture.table.moveCursor(by: 3)
        fixture.driver.app.renderIfNeeded()
        let line = fixture.table.cursorLine
        fixture.values[100] = 15  // between items 1 and 2
        fixture.apply([100] + Array(0..<20))
        #expect(fixture.shown == [0, 1, 100] + Array(2..<20))
        #expect(fixture.dataSource.cursorItemIdentifier == 3)
        #expect(fixture.table.cursorLine == line)
    }

    @Test func anItemWhoseKeyChangedMovesAndKeepsTheCursorAndItsMark() {
        let fixture = Fixture()
        for item in 0..<10 { fixture.values[item] = item }
        fixture.apply(Array(0..<10))
        fixture.table.setCursor(IndexPath(row: 2, section: 0))
        fixture.table.toggleSelection(of: IndexPath(row: 2, section: 0))
        fixture.values[2] = 100
        fixture.apply(fixture.shown)
        #expect(fixture.shown == [0, 1, 3, 4, 5, 6, 7, 8, 9, 2])
        #expect(fixture.dataSource.cursorItemIdentifier == 2)
        #expect(fixture.dataSource.selectedItemIdentifiers == [2])
    }

    /// Without descriptors the items stay in the order applied; clearing the descriptors keeps the order shown.
    @Test func withoutDescriptorsTheAppliedOrderStays() {
        let fixture = Fixture()
        for item in 0..<5 { fixture.values[item] = 5 - item }
        fixture.apply([0, 1, 2, 3, 4])
        #expect(fixture.shown == [4, 3, 2, 1, 0])
        fixture.table.sortDescriptors = []
        #expect(fixture.shown == [4, 3, 2, 1, 0])
        fixture.apply([0, 1, 2, 3, 4])
        #expect(fixture.shown == [0, 1, 2, 3, 4])
        fixture.table.sortDescriptors = [TableSortDescriptor(column: "value", ascending: false)]
        #expect(fixture.shown == [0, 1, 2, 3, 4])
    }

    /// Past the threshold the rows on screen are in their final places at once (around the cursor's line), the
    /// rest comes from a task; the keys are read once per item.
    @Test func aLargeSortShowsTheFirstScreenAtOnceAndTheRestOffTheMainActor() async {
        let fixture = Fixture(height: 8, threshold: 1_000)
        var random = SeededRandom(seed: 34)
        let items = Array(0..<50_000)
        for item in items { fixture.values[item] = Int.random(in: 0..<1_000, using: &random) }
        fixture.apply(items)
        #expect(fixture.dataSource.isSorting)
        let expected = fixture.sorted(items)
        #expect(fixture.drawn == Array(expected.prefix(8)), "the first screen is the top of the sorted order")
        #expect(fixture.keysRead == items.count)
        await fixture.dataSource.waitUntilSorted()
        #expect(!fixture.dataSource.isSorting)
        #expect(fixture.shown == expected)

        // The cursor in the middle, on line 3: its item's neighbours show at once, in order, around it.
        let cursorItem = expected[20_000]
        fixture.table.setCursor(IndexPath(row: 20_000, section: 0))
        fixture.driver.app.renderIfNeeded()
        fixture.table.topItem = TableItem(section: 0, row: 19_997)
        fixture.driver.app.renderIfNeeded()
        #expect(fixture.table.cursorLine == 3)
        fixture.table.sortDescriptors = [TableSortDescriptor(column: "value", ascending: false)]
        fixture.driver.app.renderIfNeeded()
        #expect(fixture.dataSource.isSorting)
        let descending = items.sorted { (fixture.values[$0]!, $1) > (fixture.values[$1]!, $0) }
        let place = descending.firstIndex(of: cursorItem)!
        #expect(fixture.dataSource.cursorItemIdentifier == cursorItem)
        #expect(fixture.table.cursorLine == 3)
        #expect(fixture.drawn == Array(descending[(place - 3)..<(place + 5)]))
        await fixture.dataSource.waitUntilSorted()
        #expect(fixture.shown == descending)
        #expect(fixture.drawn == Array(descending[(place - 3)..<(place + 5)]))
    }

    /// A sort started while another runs cancels it; an apply during a sort is the one shown.
    @Test func aNewerSortOrApplyWinsOverTheOneInFlight() async {
        let fixture = Fixture(threshold: 100)
        var random = SeededRandom(seed: 35)
        let items = Array(0..<30_000)
        for item in items { fixture.values[item] = Int.random(in: 0..<50, using: &random) }
        fixture.apply(items)
        let first = fixture.dataSource.sorting.task
        fixture.table.sortDescriptors = [TableSortDescriptor(column: "value", ascending: false)]
        #expect(first?.isCancelled == true)
        var more = items + Array(30_000..<30_100)
        for item in 30_000..<30_100 { fixture.values[item] = 25 }
        more.shuffle(using: &random)
        fixture.apply(more)
        await fixture.dataSource.waitUntilSorted()
        #expect(fixture.shown.count == 30_100)
        #expect(
            fixture.shown
                == more.enumerated().sorted {
                    (fixture.values[$0.element]!, $1.offset) > (fixture.values[$1.element]!, $0.offset)
                }.map(\.element))
    }

    /// A re-sort while a sort runs starts from the snapshot applied, not from the first screen shown: equal items
    /// keep the order applied.
    @Test func aReSortDuringASortKeepsEqualItemsInTheAppliedOrder() async {
        let fixture = Fixture(threshold: 100)
        var random = SeededRandom(seed: 36)
        var items = Array(0..<30_000)
        items.shuffle(using: &random)
        for item in items { fixture.values[item] = Int.random(in: 0..<20, using: &random) }
        fixture.apply(items)
        #expect(fixture.dataSource.isSorting)
        fixture.table.sortDescriptors = [TableSortDescriptor(column: "value", ascending: false)]
        await fixture.dataSource.waitUntilSorted()
        let expected = items.enumerated().sorted {
            (fixture.values[$0.element]!, $1.offset) > (fixture.values[$1.element]!, $0.offset)
        }.map(\.element)
        #expect(fixture.shown == expected)
    }

    /// A filter in `.items` order shows its matches in the sorted order, and follows a re-sort.
    @Test func aFilterShowsItsMatchesInTheSortedOrder() async {
        let fixture = Fixture()
        for item in 0..<30 { fixture.values[item] = (item * 7) % 30 }
        fixture.dataSource.filterText = { "item \($0)" }
        fixture.dataSource.filterOrder = .items
        fixture.apply(Array(0..<30))
        await fixture.dataSource.filter(query: "1")
        let matches = (0..<30).filter { String($0).contains("1") }
        #expect(fixture.shown == fixture.sorted(matches))
        fixture.table.sortDescriptors = [TableSortDescriptor(column: "value", ascending: false)]
        if let task = fixture.dataSource.filter?.task { await task.value }
        #expect(fixture.shown == fixture.sorted(matches).reversed())
        fixture.dataSource.clearFilter()
        #expect(fixture.shown == fixture.sorted(Array(0..<30)).reversed())
    }

    /// A cursor the user moved while filtering stays on its item when the filter is cleared, also after a re-sort or
    /// a snapshot applied meanwhile: their re-apply kept the cursor on its item and counted as the filter placing
    /// it, so clearing put it back on the row it had before the filter (item 5, not the 11 the user chose).
    @Test(arguments: [false, true])
    func aCursorTheUserMovedWhileFilteringStaysOnItsItemAfterAReSortOrAnApply(resort: Bool) async {
        let fixture = Fixture()
        for item in 0..<30 { fixture.values[item] = item }
        fixture.dataSource.filterText = { "item \($0)" }
        fixture.dataSource.filterOrder = .items
        fixture.apply(Array(0..<30))
        _ = fixture.table.moveCursor(by: 5)
        fixture.driver.app.renderIfNeeded()
        #expect(fixture.dataSource.cursorItemIdentifier == 5)
        await fixture.dataSource.filter(query: "1")  // 1, 10 to 19, 21
        _ = fixture.table.moveCursor(by: 2)
        fixture.driver.app.renderIfNeeded()
        #expect(fixture.dataSource.cursorItemIdentifier == 11)
        if resort {
            fixture.table.sortDescriptors = [TableSortDescriptor(column: "value", ascending: false)]
        } else {
            fixture.apply(Array(0..<30))
        }
        if let task = fixture.dataSource.filter?.task { await task.value }
        fixture.driver.app.renderIfNeeded()
        #expect(fixture.dataSource.cursorItemIdentifier == 11)
        fixture.dataSource.clearFilter()
        #expect(fixture.dataSource.cursorItemIdentifier == 11)
    }
}
