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
        table.reloadData()
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

    @Test func aDiffableSnapshotThatAppendsIsFollowed() {
        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.showsScrollIndicator = false
        table.followsEnd = true
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
            cell.textLabel.text = "line \(item)"
            return cell
        }
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 4))
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
}
