import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// A table that follows its end: appended rows keep the last row on screen while it shows, and are counted
/// while the user has scrolled away.
@Suite("Tables that follow their end") @MainActor
struct TableViewFollowsEndTests {
    /// A delegate that records the counts of rows appended below it hears.
    final class CountRecorder: TableViewDelegate {
        var counts: [Int] = []
        var cursorMoves: [IndexPath] = []
        func tableView(_ tableView: TableView, didChangeRowsAppendedBelow count: Int) { counts.append(count) }
        func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) { cursorMoves.append(indexPath) }
    }

    /// A following table of `rows` numbered rows, 5 lines tall, laid out.
    func makeFollowingTable(
        rows: Int, mode: TableView.SelectionMode = .single
    ) -> (TableView, NumbersSource, CountRecorder) {
        let source = NumbersSource(rows: rows)
        let table = makeTable(source)
        let recorder = CountRecorder()
        table.delegate = recorder
        table.selectionMode = mode
        table.followsEnd = true
        table.layoutIfNeeded()
        return (table, source, recorder)
    }

    /// A following table on a diffable data source of numbered lines, 20x4, in a driven app.
    func makeDiffableFollowingTable(
        showsScrollIndicator: Bool = false
    ) -> (TableView, TableViewDiffableDataSource<Int, Int>, AppDriver) {
        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.showsScrollIndicator = showsScrollIndicator
        table.followsEnd = true
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
            cell.textLabel.text = "line \(item)"
            return cell
        }
        return (table, dataSource, AppDriver(rootView: table, size: Size(width: 20, height: 4)))
    }

    func append(_ count: Int, to source: NumbersSource) -> [IndexPath] {
        let start = source.sections[0].count
        source.sections[0] += (start..<(start + count)).map { "Row \($0)" }
        return (start..<(start + count)).map { IndexPath(row: $0, section: 0) }
    }

    @Test func rowsInsertedAtTheEndKeepTheLastRowAndTheCursorOnIt() {
        let (table, source, recorder) = makeFollowingTable(rows: 3)
        table.perform(.moveToBottom)
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        table.insertRows(at: append(10, to: source))
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        #expect(table.state.cursor == IndexPath(row: 12, section: 0))
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 12, section: 0))
        #expect(table.indexPathsForVisibleRows.count == 5)
        #expect(table.rowsAppendedBelow == 0 && recorder.counts.isEmpty)
        #expect(recorder.cursorMoves.last == IndexPath(row: 12, section: 0), "the delegate hears the cursor move")
    }

    @Test func awayFromTheEndTheViewStaysAndCountsWhatArrives() {
        let (table, source, recorder) = makeFollowingTable(rows: 20)
        table.perform(.moveToBottom)
        table.layoutIfNeeded()
        table.perform(.moveToTop)
        table.perform(.moveDown)
        table.layoutIfNeeded()
        let top = table.state.top
        #expect(!table.isAtEnd)
        _ = append(4, to: source)
        table.reloadData(appendingRows: 4)
        table.layoutIfNeeded()
        table.insertRows(at: append(3, to: source))
        table.layoutIfNeeded()
        #expect(table.state.top == top, "the view stays put")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(table.rowsAppendedBelow == 7)
        #expect(recorder.counts == [4, 7])
        table.scrollToEnd()
        #expect(table.rowsAppendedBelow == 0)
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        #expect(table.state.cursor == IndexPath(row: 26, section: 0))
        #expect(recorder.counts == [4, 7, 0])
        // Following again.
        table.insertRows(at: append(2, to: source))
        table.layoutIfNeeded()
        #expect(table.state.cursor == IndexPath(row: 28, section: 0))
        #expect(table.isAtEnd && table.rowsAppendedBelow == 0)
    }

    @Test func scrollingDownUntilTheEndShowsFollowsAgain() {
        let (table, source, recorder) = makeFollowingTable(rows: 8, mode: .none)
        table.scroll(by: 100)
        table.layoutIfNeeded()
        table.scroll(by: -2)
        table.layoutIfNeeded()
        table.insertRows(at: append(5, to: source))
        table.layoutIfNeeded()
        #expect(table.rowsAppendedBelow == 5)
        table.scroll(by: 1)
        table.layoutIfNeeded()
        #expect(!table.isAtEnd && table.rowsAppendedBelow == 5)
        table.scroll(by: 100)
        table.layoutIfNeeded()
        #expect(table.isAtEnd && table.rowsAppendedBelow == 0)
        #expect(recorder.counts == [5, 0])
        table.insertRows(at: append(1, to: source))
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 13, section: 0))
    }

    @Test func anEmptyTableThatGetsRowsShowsTheirEnd() {
        let (table, source, _) = makeFollowingTable(rows: 0)
        #expect(table.isAtEnd)
        _ = append(30, to: source)
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        #expect(table.state.cursor == IndexPath(row: 29, section: 0))
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 25, section: 0))
    }

    @Test func aCursorAboveTheLastRowStaysWhileItShowsThenMovesOntoTheFirstRowShown() {
        let (table, source, _) = makeFollowingTable(rows: 5)
        table.setCursor(IndexPath(row: 2, section: 0))
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        table.insertRows(at: append(1, to: source))
        table.layoutIfNeeded()
        #expect(table.state.cursor == IndexPath(row: 2, section: 0))
        #expect(table.indexPathsForVisibleRows == (1...5).map { IndexPath(row: $0, section: 0) })
        table.insertRows(at: append(4, to: source))
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        #expect(table.state.cursor == IndexPath(row: 5, section: 0), "pushed off the top: onto the first row shown")
        #expect(table.state.selected == [IndexPath(row: 5, section: 0)], "single selection follows the cursor")
    }

    @Test func aResizeWhileAtTheEndKeepsItShown() {
        let (table, source, _) = makeFollowingTable(rows: 12, mode: .none)
        table.scroll(by: 100)
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        table.frame = Rect(x: 0, y: 0, width: 30, height: 3)
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 11, section: 0))
        table.insertRows(at: append(2, to: source))
        table.frame = Rect(x: 0, y: 0, width: 20, height: 4)
        table.layoutIfNeeded()
        #expect(table.isAtEnd && table.indexPathsForVisibleRows.last == IndexPath(row: 13, section: 0))
    }

    /// A following table hidden for a while (laid out at height 0, as an app's covered pane is) keeps its cursor:
    /// it used to land on the last row, as if the end had to be shown with no rows on screen.
    @Test func aTableHiddenAtHeightZeroKeepsItsCursorAndShowsItsEndAgain() {
        let (table, source, _) = makeFollowingTable(rows: 4)
        table.perform(.moveToTop)
        table.perform(.moveDown)
        table.layoutIfNeeded()
        #expect(table.isAtEnd, "every row fits, so the end shows")
        table.frame = Rect(x: 0, y: 0, width: 30, height: 0)
        table.layoutIfNeeded()
        #expect(table.state.cursor == IndexPath(row: 1, section: 0), "hidden: the cursor stays where it was")
        table.frame = Rect(x: 0, y: 0, width: 30, height: 5)
        table.layoutIfNeeded()
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        table.insertRows(at: append(6, to: source))
        table.perform(.moveToBottom)
        table.layoutIfNeeded()
        table.frame = Rect(x: 0, y: 0, width: 30, height: 0)
        table.layoutIfNeeded()
        table.frame = Rect(x: 0, y: 0, width: 30, height: 3)
        table.layoutIfNeeded()
        #expect(table.isAtEnd, "shown again, a table that was at its end shows its end")
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 9, section: 0))
        #expect(table.state.cursor == IndexPath(row: 9, section: 0))
    }

    @Test func aDiffableSnapshotThatAppendsIsFollowed() {
        let (table, dataSource, driver) = makeDiffableFollowingTable()
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        func append(_ range: Range<Int>) {
            snapshot.appendItems(Array(range), toSection: 0)
            dataSource.apply(snapshot)
            driver.app.renderIfNeeded()
        }
        append(0..<10)
        #expect(dataSource.cursorItemIdentifier == 9, "the first rows of an empty table open at their end")
        append(10..<12)
        #expect(dataSource.cursorItemIdentifier == 11 && table.isAtEnd)
        #expect(driver.screen.line(3).hasPrefix("line 11"))
        driver.press("k k k k k")
        #expect(!table.isAtEnd)
        let top = table.state.top
        append(12..<15)
        #expect(table.state.top == top && dataSource.cursorItemIdentifier == 6)
        #expect(table.rowsAppendedBelow == 3)
        driver.press("G")
        #expect(table.rowsAppendedBelow == 0 && dataSource.cursorItemIdentifier == 14)
        #expect(driver.screen.line(3).hasPrefix("line 14"))
    }

    @Test func withoutFollowingAppendedRowsLeaveTheViewAlone() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source)
        table.perform(.moveToBottom)
        table.layoutIfNeeded()
        #expect(table.isAtEnd)
        table.insertRows(at: append(3, to: source))
        table.layoutIfNeeded()
        #expect(!table.isAtEnd)
        #expect(table.state.cursor == IndexPath(row: 4, section: 0))
        #expect(table.rowsAppendedBelow == 0)
    }

    @Test func aReloadThatRemovesRowsIsNotFollowedNorCounted() {
        let (table, source, recorder) = makeFollowingTable(rows: 20)
        #expect(table.state.cursor == IndexPath(row: 19, section: 0), "a following table opens at its end")
        source.sections[0].removeFirst(6)
        source.sections[0] += ["new 1", "new 2", "new 3"]
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.state.cursor == IndexPath(row: 16, section: 0), "clamped, as any reload does")
        table.perform(.moveToTop)
        table.layoutIfNeeded()
        source.sections[0].removeFirst(2)
        source.sections[0] += ["new 4"]
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.rowsAppendedBelow == 0 && recorder.counts.isEmpty)
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
    }

    @Test func aCopyFollowsAsTheOriginalDoes() {
        let table = TableView()
        table.followsEnd = true
        #expect(table.copy().followsEnd)
    }

    // MARK: Only rows appended after the last count

    /// The table scrolled away from its end: the cursor on the second row, the top on the first.
    func scrolledAway(_ table: TableView) {
        table.perform(.moveToTop)
        table.perform(.moveDown)
        table.layoutIfNeeded()
    }

    @Test func rowsInsertedAtTheStartOrInTheMiddleAreNotCounted() {
        let (table, source, recorder) = makeFollowingTable(rows: 20)
        scrolledAway(table)
        #expect(!table.isAtEnd)
        source.sections[0].insert(contentsOf: ["first A", "first B"], at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
        table.layoutIfNeeded()
        source.sections[0].insert("middle", at: 10)
        table.insertRows(at: [IndexPath(row: 10, section: 0)])
        table.layoutIfNeeded()
        #expect(table.rowsAppendedBelow == 0 && recorder.counts.isEmpty)
        #expect(table.state.cursor == IndexPath(row: 3, section: 0), "the cursor stays on its row")
        // One call that inserts at the start and after the last row: only the last counts.
        source.sections[0].insert("start", at: 0)
        source.sections[0] += ["end 1", "end 2"]
        let count = source.sections[0].count
        table.insertRows(at: [0, count - 2, count - 1].map { IndexPath(row: $0, section: 0) })
        table.layoutIfNeeded()
        #expect(table.rowsAppendedBelow == 2 && recorder.counts == [2])
    }

    @Test func rowsInsertedAboveTheEndWhileItShowsKeepItShownUncounted() {
        let (table, source, recorder) = makeFollowingTable(rows: 20)
        #expect(table.isAtEnd && table.state.cursor == IndexPath(row: 19, section: 0))
        let shown = table.indexPathsForVisibleRows.map { source.sections[0][$0.row] }
        source.sections[0].insert(contentsOf: ["a", "b", "c"], at: 5)
        table.insertRows(at: (5..<8).map { IndexPath(row: $0, section: 0) })
        table.layoutIfNeeded()
        #expect(table.isAtEnd && table.rowsAppendedBelow == 0 && recorder.counts.isEmpty)
        #expect(table.indexPathsForVisibleRows.map { source.sections[0][$0.row] } == shown, "the view keeps its rows")
        #expect(table.state.cursor == IndexPath(row: 22, section: 0))
    }

    @Test func aPlainReloadThatGrowsAppendsNothing() {
        let (table, source, recorder) = makeFollowingTable(rows: 20)
        scrolledAway(table)
        let top = table.state.top
        // A filter cleared, a placeholder replaced: more rows, none of them appended.
        _ = append(6, to: source)
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.rowsAppendedBelow == 0 && recorder.counts.isEmpty)
        #expect(table.state.top == top)
        _ = append(2, to: source)
        table.reloadData(appendingRows: 2)
        table.layoutIfNeeded()
        #expect(table.rowsAppendedBelow == 2 && recorder.counts == [2])
    }

    @Test func aPlainReloadAtTheEndDoesNotScroll() {
        let (table, source, _) = makeFollowingTable(rows: 20)
        #expect(table.isAtEnd)
        let top = table.state.top
        _ = append(5, to: source)
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.state.top == top && table.state.cursor == IndexPath(row: 19, section: 0))
        #expect(!table.isAtEnd && table.rowsAppendedBelow == 0)
        // Told, the table shows the end again.
        _ = append(1, to: source)
        table.reloadData(appendingRows: 1)
        table.layoutIfNeeded()
        #expect(!table.isAtEnd, "away from the end: counted, not followed")
        #expect(table.rowsAppendedBelow == 1)
    }

    @Test func aReloadAppendingRowsAtTheEndFollowsIt() {
        let (table, source, recorder) = makeFollowingTable(rows: 20)
        _ = append(3, to: source)
        source.sections[0][19] = "Row 19, grown"
        table.reloadData(appendingRows: 3)
        table.layoutIfNeeded()
        #expect(table.isAtEnd && table.state.cursor == IndexPath(row: 22, section: 0))
        #expect(table.rowsAppendedBelow == 0 && recorder.counts.isEmpty)
    }

    @Test func aDiffableSnapshotCountsOnlyNewItemsAfterTheLastOne() {
        let (table, dataSource, driver) = makeDiffableFollowingTable(showsScrollIndicator: true)
        func show(_ items: [Int]) {
            var snapshot = TableSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(items, toSection: 0)
            dataSource.apply(snapshot)
            driver.app.renderIfNeeded()
        }
        show(Array(0..<10))
        driver.press("g")
        #expect(!table.isAtEnd)
        // New items in the middle and at the start, old ones moved after the last: not appended.
        show([100, 101, 0, 1, 2, 3, 4, 102, 5, 6, 7, 8, 9])
        #expect(table.rowsAppendedBelow == 0)
        show([100, 101, 0, 1, 3, 4, 102, 5, 6, 7, 8, 9, 103, 104, 2])
        #expect(table.rowsAppendedBelow == 2, "the two new items after the last count, the moved one does not")
        // The last item replaced (a placeholder): nothing can be told appended.
        show([100, 101, 0, 1, 3, 4, 102, 5, 6, 7, 8, 9, 103, 104, 200, 201, 202, 203])
        #expect(table.rowsAppendedBelow == 2)
        #expect(dataSource.cursorItemIdentifier == 0, "the cursor stays on its item")
    }

    @Test func aFilteredDiffableTableFollowsAndCountsOnlyTheAppendedRowsItShows() {
        let (table, dataSource, driver) = makeDiffableFollowingTable()
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        func append(_ items: [Int]) {
            snapshot.appendItems(items, toSection: 0)
            dataSource.apply(snapshot)
            driver.app.renderIfNeeded()
        }
        append(Array(0..<20))
        dataSource.setFilter { $0.isMultiple(of: 2) }
        driver.press("G")
        #expect(table.isAtEnd && dataSource.cursorItemIdentifier == 18)
        append([20, 21, 22, 23])
        #expect(table.isAtEnd && dataSource.cursorItemIdentifier == 22, "the end shown follows through the filter")
        #expect(driver.screen.line(3).hasPrefix("line 22"))
        driver.press("k k k k")
        #expect(!table.isAtEnd)
        let top = table.state.top
        append([24, 25, 27, 29, 26])
        #expect(table.state.top == top)
        #expect(table.rowsAppendedBelow == 2, "the appended rows the filter shows count, the hidden ones do not")
        // A row inserted above the end is not appended, even when the filter shows it.
        var inserted = TableSnapshot<Int, Int>()
        inserted.appendSections([0])
        inserted.appendItems([100] + snapshot.itemIdentifiers)
        snapshot = inserted
        dataSource.apply(snapshot)
        driver.app.renderIfNeeded()
        #expect(table.rowsAppendedBelow == 2)
        driver.press("G")
        #expect(table.rowsAppendedBelow == 0 && dataSource.cursorItemIdentifier == 26)
    }
}
