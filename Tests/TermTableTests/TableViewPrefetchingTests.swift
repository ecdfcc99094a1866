import TermTableTesting
import Testing

@testable import TermTable

/// Sources that answer later: placeholders, prefetch requests and their cancelling, rows reconfigured in place,
/// counts that are only a floor.
@Suite("TableView: sources that answer later") @MainActor
struct TableViewPrefetchingTests {
    func row(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    @Test func rowsNotAvailableDrawPlaceholdersWithoutAskingForTheirCells() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        let lines = render(table, size: Size(width: 20, height: 5)).lines
        #expect(lines.allSatisfy { $0.hasPrefix("…") }, "\(lines)")
        #expect(table.statistics.cellRequests == 0)
        #expect(table.prefetchStatistics.placeholderRowsOnScreen == 5)
        #expect(table.cellForRow(at: row(0))?.isPlaceholder == true)
    }

    @Test func aNamedPlaceholderShowsItsTemplatesLookAndArrivedRowsTheirData() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        table.register(template: rowTemplate(identifier: "waiting"), forCellReuseIdentifier: "waiting")
        table.placeholderCellIdentifier = "waiting"
        source.arrived = [1]
        let lines = render(table, size: Size(width: 20, height: 5)).lines
        #expect(lines[1].hasPrefix("Item 1"))
        #expect(lines[0].trimmingCharacters(in: .whitespaces).isEmpty, "the template's fields are empty: \(lines[0])")
        #expect(table.cellForRow(at: row(0))?.reuseIdentifier == "waiting")
        #expect(table.cellForRow(at: row(1))?.isPlaceholder == false)
    }

    @Test func theTableAsksForTheRowsOnScreenThenAScreenAheadAndNeverAsksTwice() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.requests == [Array(0..<10)], "the 5 rows on screen first, then 5 ahead")
        table.setNeedsLayout()
        _ = render(table, size: Size(width: 20, height: 5))
        _ = table.perform(.moveDown)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.requests == [Array(0..<10)], "asked and outstanding: not asked again")
        #expect(table.indexPathsForOutstandingPrefetches == (0..<10).map(row))
        #expect(source.duplicateRequests.isEmpty)
    }

    @Test func scrollingUpAsksForTheRowsAboveNearestFirst() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        table.setCursor(row(50))
        table.scrollToRow(at: row(50), at: .top)
        _ = render(table, size: Size(width: 20, height: 5))
        source.answer()
        source.requests.removeAll()
        _ = table.perform(.pageUp)
        _ = render(table, size: Size(width: 20, height: 5))
        let asked = source.askedRows
        #expect(!asked.isEmpty)
        let top = table.indexPathsForVisibleRows.first!.row
        #expect(asked.filter { $0 < top } == Array((0..<top).reversed().prefix(asked.filter { $0 < top }.count)))
        #expect(asked.filter { $0 < top }.count == 5, "a screen ahead upwards: \(asked)")
    }

    @Test func rowsThatScrolledFarAwayAreCancelledAndAskedAgainWhenTheyComeBack() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        _ = table.perform(.moveToBottom)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.cancellations == [Array(0..<10)])
        #expect(table.prefetchStatistics.rowsCancelled == 10)
        #expect(source.pending.allSatisfy { $0 >= 85 }, "\(source.pending)")
        _ = table.perform(.moveToTop)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.askedRows.filter { $0 < 5 }.count == 10, "rows 0-4 asked, cancelled, asked again")
        #expect(source.duplicateRequests.isEmpty)
    }

    @Test func outstandingRequestsStayWithinTwoScreensOfTheRowsOnScreen() {
        let source = LateSource(count: 1_000)
        let table = makeLateTable(source)
        for _ in 0..<60 {
            _ = table.perform(.pageDown)
            _ = render(table, size: Size(width: 20, height: 5))
            let first = table.indexPathsForVisibleRows.first!.row
            let last = table.indexPathsForVisibleRows.last!.row
            #expect(source.pending.allSatisfy { $0 >= first - 10 && $0 <= last + 10 })
            #expect(table.prefetchStatistics.rowsOutstanding <= (last - first + 1) + 4 * 5)
        }
    }

    @Test func reconfiguredRowsKeepTheCursorTopAndMarksEvenWhenTheirHeightsChange() {
        let source = LateSource(count: 100)
        source.tallEvery = 2
        let table = makeLateTable(source, height: 6)
        table.scrollToRow(at: row(40), at: .top)
        table.setCursor(row(42))
        _ = table.perform(.toggleSelection)
        _ = render(table, size: Size(width: 20, height: 6))
        let top = table.indexPathsForVisibleRows.first
        #expect(top == row(40))
        // Every row answers, those above the top included: rows 40, 42, 44 grow to two lines.
        source.answer(Array(0..<60))
        let lines = render(table, size: Size(width: 20, height: 6)).lines
        #expect(table.indexPathsForVisibleRows.first == top, "the top item stays")
        #expect(table.state.topLineOffset == 0)
        #expect(table.indexPathForSelectedRow == row(42))
        #expect(table.indexPathsForSelectedRows == [row(42)])
        #expect(lines[0].hasPrefix("Item 40") && lines[2].hasPrefix("Item 41") && lines[3].hasPrefix("Item 42"))
        #expect(table.prefetchStatistics.placeholderRowsOnScreen == 0)
    }

    @Test func aReconfiguredRowOfATopScrolledByLinesKeepsItsLineOffset() {
        let source = LateSource(count: 20)
        source.arrived = Set(0..<20)
        source.tallEvery = 1
        let table = makeLateTable(source, height: 1)
        table.setCursor(row(3))
        table.scrollToRow(at: row(3), at: .top)
        _ = render(table, size: Size(width: 20, height: 1))
        _ = table.perform(.moveDown)  // the cursor's two-line row scrolls by a line
        _ = render(table, size: Size(width: 20, height: 1))
        let before = (table.state.top, table.state.topLineOffset)
        #expect(before.1 == 1)
        table.reconfigureRows(at: [row(3)])
        _ = render(table, size: Size(width: 20, height: 1))
        #expect(table.state.top == before.0 && table.state.topLineOffset == before.1)
    }

    @Test func aFailedRowKeepsItsPlaceholderAndIsAskedAgain() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        source.fail([2])
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.requests.last == [2])
        #expect(table.cellForRow(at: row(2))?.isPlaceholder == true)
        source.answer()
        let lines = render(table, size: Size(width: 20, height: 5)).lines
        #expect(lines.enumerated().allSatisfy { $1.hasPrefix("Item \($0)") }, "\(lines)")
        #expect(table.prefetchStatistics.rowsOutstanding == 0)
    }

    @Test func aFailedAnswerForARowFarAwayIsAskedAgainOnlyWhenItComesBack() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        _ = table.perform(.moveToBottom)
        _ = render(table, size: Size(width: 20, height: 5))
        source.fail([3])  // an answer that failed after its request was cancelled
        source.requests.removeAll()
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.askedRows.isEmpty, "row 3 is far from the screen: \(source.askedRows)")
        _ = table.perform(.moveToTop)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.askedRows.filter { $0 == 3 }.count == 1, "\(source.askedRows)")
        #expect(source.duplicateRequests.isEmpty)
    }

    @Test func aRowAnsweredOnScreenIsAskedOfTheDataSourceOnceAndReusesItsPlaceholdersCell() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        let made = table.statistics.cellsCreated
        #expect(table.statistics.cellRequests == 0)
        source.answer()  // rows 0-4 on screen, 5-9 ahead
        let lines = render(table, size: Size(width: 20, height: 5)).lines
        #expect(lines.enumerated().allSatisfy { $1.hasPrefix("Item \($0)") }, "\(lines)")
        // One request a row shown: the cell that measured the row is the cell it shows (it was asked twice, once
        // to measure and once to show, for every row but the last two measured).
        #expect(table.statistics.cellRequests == 5)
        // The placeholders went back to their queue before the rows were measured, so no more cells than a screen.
        #expect(table.statistics.cellsCreated - made <= 5)
        #expect(table.queuedCellCount(forIdentifier: CellReuseQueue.placeholderIdentifier) == 5)
    }

    @Test func aRowAnsweredOffScreenLeavesNoCellToReplace() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        source.answer(Array(5..<10))  // the rows asked ahead: never shown nor measured
        #expect(table.measurements.staleItems.isEmpty, "no cell of theirs is shown: nothing to replace")
        source.answer(Array(0..<2))
        #expect(table.measurements.staleItems.count == 2)
        let lines = render(table, size: Size(width: 20, height: 5)).lines
        #expect(lines[0].hasPrefix("Item 0") && lines[1].hasPrefix("Item 1") && lines[2].hasPrefix("…"), "\(lines)")
        #expect(table.statistics.cellRequests == 2)
        table.scrollToRow(at: row(5), at: .top)
        let below = render(table, size: Size(width: 20, height: 5)).lines
        #expect(below.enumerated().allSatisfy { $1.hasPrefix("Item \($0 + 5)") }, "\(below)")
    }

    @Test func rowsTheDataSourceHasAreNeverAsked() {
        let source = LateSource(count: 100)
        source.arrived = Set(0..<100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        _ = table.perform(.pageDown)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.requests.isEmpty)
        #expect(table.prefetchStatistics.layoutPassesWithPlaceholders == 0)
    }

    @Test func insertedRowsCancelTheOutstandingRequestsWhichAreAskedAgainAtTheirNewPlaces() {
        let source = LateSource(count: 100)
        let table = makeLateTable(source)
        _ = render(table, size: Size(width: 20, height: 5))
        source.count = 101
        source.arrived = [0]
        table.insertRows(at: [row(0)])
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(source.cancellations == [Array(0..<10)])
        #expect(source.requests.last == Array(1..<11))
        #expect(source.duplicateRequests.isEmpty)
    }

    @Test func aCountThatIsOnlyAFloorNeverPutsTheThumbOnTheLastLine() {
        let source = LateSource(count: 30)
        source.arrived = Set(0..<30)
        source.estimated = true
        let table = makeLateTable(source)
        table.showsScrollIndicator = true
        _ = table.perform(.moveToBottom)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(
            table.scrollIndicator().map { $0.upperBound < 5 } == true, "\(String(describing: table.scrollIndicator()))")
        source.estimated = false
        table.reloadData()
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(table.scrollIndicator()?.upperBound == 5, "an exact count: the end is the end")
        // All rows fit: an exact count shows no thumb, a floor one (more may come).
        source.count = 3
        table.reloadData()
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(table.scrollIndicator() == nil)
        source.estimated = true
        table.reloadData()
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(table.scrollIndicator() != nil)
    }

    @Test func aGrowingCountKeepsFollowingTheEnd() {
        let source = LateSource(count: 10)
        source.estimated = true
        let table = makeLateTable(source)
        table.followsEnd = true
        _ = render(table, size: Size(width: 20, height: 5))
        _ = table.perform(.moveToBottom)
        _ = render(table, size: Size(width: 20, height: 5))
        source.count = 40
        table.reloadData(appendingRows: 30)
        _ = render(table, size: Size(width: 20, height: 5))
        #expect(table.indexPathsForVisibleRows.last == row(39))
        #expect(source.askedRows.contains(39))
    }
}
