import TermTableCore
import TermTableTesting
import Testing

@testable import TermTable

/// The rules a table's query keeps whatever the source: first screen first, newer queries cancel older ones, hidden
/// marks kept, the cursor placed and restored, appends matched and followed.
@MainActor
@Suite struct TableQueryControllerTests {
    /// Items whose texts contain "alpha": 0, 7, 14, … (every seventh).
    static let alphas = FakeQuerySource.reference(fakeQueryItems(100), TableQuery(text: "alpha"))

    @Test func theFirstChunkShowsBeforeTheRestWithTheCursorOnTheFirstMatch() async {
        let gate = QueryGate()
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items, gate: gate))
        table.setCursor(IndexPath(row: 50, section: 0))
        controller.setQuery(TableQuery(text: "alpha"))
        #expect(controller.isRunning)
        while controller.shownIdentifiers == nil { await Task.yield() }
        #expect(controller.shownIdentifiers == Array(Self.alphas.prefix(3)))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
        gate.openAll()
        await controller.settle()
        #expect(controller.shownIdentifiers == Self.alphas)
        #expect(controller.cursorItemIdentifier == 0)
    }

    @Test func aNewerQueryCancelsTheOlderScanAndShowsOnlyItsOwnMatches() async {
        let gate = QueryGate()
        let cancelled = Locked(0)
        let items = fakeQueryItems(100)
        let source = FakeQuerySource(items: items, gate: gate, cancelled: cancelled)
        let (_, _, controller) = makeQueryTable(items, source: source)
        controller.setQuery(TableQuery(text: "alpha"))
        while controller.shownIdentifiers == nil { await Task.yield() }
        let task = controller.setQuery(TableQuery(text: "beta"))
        gate.openAll()
        await task?.value
        #expect(cancelled.withLock { $0 } == 1)
        #expect(controller.shownIdentifiers == FakeQuerySource.reference(items, TableQuery(text: "beta")))
    }

    @Test func theSortDescriptorsGoToTheSourceWhichDeliversInTheirOrder() async {
        let items = fakeQueryItems(60)
        let (_, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        let query = TableQuery(sortDescriptors: [TableSortDescriptor(column: "key", ascending: false)])
        await controller.run(query)
        #expect(controller.isQuerying)
        let keys = (controller.shownIdentifiers ?? []).map { items[$0].key }
        #expect(keys.count == 60 && keys == keys.sorted(by: >))
    }

    @Test func aSortChangeKeepsTheFindTextAndAnEmptyTextKeepsTheSort() async {
        let items = fakeQueryItems(60)
        let (_, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        await controller.setText("alpha")?.value
        let sort = [TableSortDescriptor(column: "key", ascending: false)]
        await controller.setSortDescriptors(sort)?.value
        #expect(controller.query == TableQuery(text: "alpha", sortDescriptors: sort))
        #expect(controller.shownIdentifiers == FakeQuerySource.reference(items, controller.query))
        await controller.setText("")?.value
        #expect(controller.isQuerying && controller.shownIdentifiers?.count == 60)
        controller.setSortDescriptors([])
        #expect(!controller.isQuerying && controller.shownIdentifiers == nil)
    }

    /// A sort through the controller put the cursor on the first row; it keeps its item, on its screen line, as the
    /// diffable data source's sort does.
    @Test func aSortKeepsTheCursorOnItsItemOnItsScreenLine() async {
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.setCursor(IndexPath(row: 40, section: 0))
        _ = table.perform(.moveUp)
        _ = table.perform(.moveUp)
        table.layoutIfNeeded()
        let line = table.cursorLine
        #expect(line != nil && line != 0)
        await controller.setSortDescriptors([TableSortDescriptor(column: "key", ascending: false)])?.value
        table.layoutIfNeeded()
        #expect(controller.shownIdentifiers?.first != 38)
        #expect(controller.cursorItemIdentifier == 38)
        #expect(table.cursorLine == line)
        // A new find text puts it on the first match.
        await controller.setText("beta")?.value
        #expect(controller.cursorItemIdentifier == controller.shownIdentifiers?.first)
    }

    /// A chunk shown before the frame that puts the kept cursor on its line reloaded the table without a line, and the
    /// line asked was lost (the sort's cursor landed on line 0 when chunks came faster than frames, under load).
    @Test func aReloadBeforeTheFrameKeepsTheCursorLineAnEarlierReloadAsked() {
        let items = fakeQueryItems(100)
        let (table, _, _) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.layoutIfNeeded()
        let cursor = IndexPath(row: 40, section: 0)
        table.reload(cursor: cursor, selected: [], cursorLine: 3)
        table.reload(cursor: cursor, selected: [], cursorLine: nil)
        table.layoutIfNeeded()
        #expect(table.cursorLine == 3)
    }

    @Test func aSortUnderAFindTextKeepsTheCursorOnItsMatch() async {
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        await controller.run(TableQuery(text: "alpha"))
        for _ in 0..<3 { _ = table.perform(.moveDown) }
        #expect(controller.cursorItemIdentifier == 21)
        await controller.setSortDescriptors([TableSortDescriptor(column: "key")])?.value
        #expect(controller.shownIdentifiers == FakeQuerySource.reference(items, controller.query))
        #expect(controller.cursorItemIdentifier == 21)
    }

    @Test func aCursorTheUserMovesBeforeTheSortedRowOfItsItemComesStaysWhereTheUserPutIt() async {
        let gate = QueryGate()
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items, gate: gate))
        controller.chunkInterval = .zero
        let sort = [TableSortDescriptor(column: "key")]
        let order = FakeQuerySource.reference(items, TableQuery(sortDescriptors: sort))
        table.setCursor(IndexPath(row: order[50], section: 0))
        controller.setSortDescriptors(sort)
        while controller.shownIdentifiers == nil { await Task.yield() }
        #expect(controller.cursorItemIdentifier == order[0])
        _ = table.perform(.moveDown)
        gate.openAll()
        await controller.settle()
        #expect(controller.shownIdentifiers == order)
        #expect(controller.cursorItemIdentifier == order[1])
    }

    @Test func awaitingTheQuerysTaskMeansAllItsMatchesAreShown() async {
        // The scan ends before the main actor takes its end (the last chunks, held by the chunk interval); the task
        // handed out ends only after that, so a caller awaiting it sees every match.
        let items = fakeQueryItems(300)
        var source = FakeQuerySource(items: items)
        source.chunkSizes = [7]
        source.yields = 0
        let (_, _, controller) = makeQueryTable(items, source: source)
        controller.chunkInterval = .seconds(60)
        for round in 0..<100 {
            let text = round % 2 == 0 ? "alpha" : "beta"
            await controller.setText(text)?.value
            #expect(
                controller.shownIdentifiers == FakeQuerySource.reference(items, controller.query), "round \(round)")
        }
    }

    @Test func marksOnItemsTheQueryHidesAreKeptCountedAndMarkedAgainWhenShown() async {
        let items = fakeQueryItems(30)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.selectRow(at: IndexPath(row: 1, section: 0))  // "beta 1"
        table.selectRow(at: IndexPath(row: 7, section: 0))  // "alpha 7"
        await controller.run(TableQuery(text: "alpha"))
        #expect(controller.selectedItemIdentifiers == [7])
        #expect(controller.hiddenSelectedItemIdentifiers == [1])
        #expect(controller.markSummary == "2 marked, 1 hidden")
        await controller.run(TableQuery(text: "beta"))
        #expect(controller.selectedItemIdentifiers == [1])
        #expect(controller.hiddenSelectedItemIdentifiers == [7])
        controller.clear()
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 7, section: 0)])
        #expect(controller.markSummary == "2 marked")
    }

    /// The cursor's row in single selection was taken for a mark: hidden by a query, it made every row delivered
    /// after go through the hidden marks (1.2 s over `logs`' 8,455,762 rows) and the summary say "1 marked, 1 hidden".
    @Test func inSingleSelectionTheCursorsRowIsNoMark() async {
        let items = fakeQueryItems(30)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.selectionMode = .single
        table.setCursor(IndexPath(row: 5, section: 0))
        await controller.run(TableQuery(text: "alpha"))
        #expect(controller.hiddenSelectedItemIdentifiers.isEmpty)
        #expect(controller.markSummary == "")
        #expect(controller.selectedItemIdentifiers.isEmpty)
    }

    @Test func clearingPutsTheCursorBackOnItsItemAndLineWhenTheUserDidNotMoveIt() async {
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.setCursor(IndexPath(row: 40, section: 0))
        table.layoutIfNeeded()
        let line = table.cursorLine
        await controller.run(TableQuery(text: "gamma"))
        #expect(controller.cursorItemIdentifier == 2)
        controller.clear()
        table.layoutIfNeeded()
        #expect(controller.shownIdentifiers == nil)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 40, section: 0))
        #expect(table.cursorLine == line)
    }

    @Test func clearingKeepsACursorTheUserMovedOnItsItem() async {
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.setCursor(IndexPath(row: 40, section: 0))
        await controller.run(TableQuery(text: "gamma"))
        _ = table.perform(.moveDown)
        _ = table.perform(.moveDown)
        let moved = controller.cursorItemIdentifier
        #expect(moved == 16)
        controller.clear()
        #expect(controller.cursorItemIdentifier == moved)
    }

    /// A sort keeps the cursor on the item the user moved it to; clearing then keeps it there too (the sort's kept
    /// cursor counted as the controller placing it, so clearing put it back on item 40, its row before the query).
    @Test func clearingAfterASortKeepsACursorTheUserMovedOnItsItem() async {
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.setCursor(IndexPath(row: 40, section: 0))
        await controller.run(TableQuery(text: "gamma"))
        _ = table.perform(.moveDown)
        _ = table.perform(.moveDown)
        #expect(controller.cursorItemIdentifier == 16)
        await controller.setSortDescriptors([TableSortDescriptor(column: "key", ascending: false)])?.value
        await controller.settle()
        #expect(controller.cursorItemIdentifier == 16)
        controller.clear()
        #expect(controller.cursorItemIdentifier == 16)
    }

    /// A scan whose end shows no more rows still asks for a frame, so a status line made before each frame
    /// (`Application.willRender`) stops saying the query runs (it said so until the next key).
    @Test func theEndOfAScanThatShowsNoMoreRowsAsksForAFrame() async {
        let gate = QueryGate()
        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        let data = EndGatedRows()
        table.dataSource = data
        let controller = TableQueryController(
            tableView: table, source: EndGatedSource(gate: gate), unfilteredItem: { $0 }, unfilteredRow: { $0 })
        data.controller = controller
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 5))
        var running: [Bool] = []
        driver.app.willRender = { running.append(controller.isRunning) }
        controller.setQuery(TableQuery(text: "a"))
        while controller.shownIdentifiers == nil { await Task.yield() }
        driver.app.renderIfNeeded()
        #expect(running.last == true)
        gate.openAll()
        await controller.settle()
        driver.app.renderIfNeeded()
        #expect(running.last == false, "\(running)")
    }

    @Test func theCursorStaysOnItsItemWhileLaterChunksArrive() async {
        let gate = QueryGate()
        let items = fakeQueryItems(100)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items, gate: gate))
        controller.chunkInterval = .zero
        controller.setQuery(TableQuery(text: "alpha"))
        while controller.shownIdentifiers == nil { await Task.yield() }
        _ = table.perform(.moveDown)
        #expect(controller.cursorItemIdentifier == 7)
        gate.openAll()
        await controller.settle()
        #expect(controller.shownIdentifiers == Self.alphas)
        #expect(controller.cursorItemIdentifier == 7)
    }

    @Test func rowsAppendedWhileAQueryIsInForceAreMatchedAfterTheRowsShownAndFollowed() async {
        var items = fakeQueryItems(30)
        let (table, data, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        table.followsEnd = true
        controller.cursorPlacement = .lastMatch
        await controller.run(TableQuery(text: "alpha"))
        #expect(controller.shownIdentifiers == [0, 7, 14, 21, 28])
        #expect(controller.cursorItemIdentifier == 28)
        let more = fakeQueryItems(20, from: 30)
        items += more
        data.items = items
        data.reindex()
        controller.source = FakeQuerySource(items: items)
        controller.sourceDidAppend(FakeQuerySource(items: more))
        await controller.settle()
        table.layoutIfNeeded()
        #expect(controller.shownIdentifiers == [0, 7, 14, 21, 28, 35, 42, 49])
        #expect(controller.cursorItemIdentifier == 49)
        // Away from the end, appended matches are counted, not followed.
        _ = table.perform(.moveToTop)
        table.layoutIfNeeded()
        let more2 = fakeQueryItems(8, from: 50)
        controller.sourceDidAppend(FakeQuerySource(items: more2))
        await controller.settle()
        table.layoutIfNeeded()
        #expect(controller.shownIdentifiers?.last == 56)
        #expect(table.rowsAppendedBelow == 1)
        #expect(controller.cursorItemIdentifier == 0)
    }

    /// Under a sort, appended rows' matches go among the others, the cursor kept on its item (they went after the rows
    /// shown, out of order, unless the app knew to call `reload()` instead).
    @Test func rowsAppendedUnderASortAreSortedInWithTheCursorKeptOnItsItem() async {
        var items = fakeQueryItems(30)
        let (table, data, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        let query = TableQuery(text: "alpha", sortDescriptors: [TableSortDescriptor(column: "key", ascending: false)])
        await controller.run(query)
        _ = table.perform(.moveDown)
        let cursor = controller.cursorItemIdentifier
        #expect(cursor != nil)
        let more = fakeQueryItems(40, from: 30)
        items += more
        data.items = items
        data.reindex()
        controller.source = FakeQuerySource(items: items)
        controller.sourceDidAppend(FakeQuerySource(items: more))
        await controller.settle()
        #expect(controller.shownIdentifiers == FakeQuerySource.reference(items, query))
        #expect(controller.cursorItemIdentifier == cursor)
    }

    @Test func anAppendBeforeTheQuerysScanEndsIsMatchedAfterIt() async {
        let gate = QueryGate()
        let items = fakeQueryItems(30)
        let (_, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items, gate: gate))
        controller.setQuery(TableQuery(text: "alpha"))
        controller.sourceDidAppend(FakeQuerySource(items: fakeQueryItems(10, from: 30)))
        gate.openAll()
        await controller.settle()
        #expect(controller.shownIdentifiers == [0, 7, 14, 21, 28, 35])
    }

    @Test func aScanThatFailsKeepsTheMatchesDeliveredAndSaysWhy() async {
        struct Broken: Error {}
        let items = fakeQueryItems(100)
        var source = FakeQuerySource(items: items)
        source.failure = Broken()
        let (_, _, controller) = makeQueryTable(items, source: source)
        await controller.run(TableQuery(text: "alpha"))
        #expect(controller.shownIdentifiers == Array(Self.alphas.prefix(3)))
        #expect(controller.lastError is Broken)
        #expect(!controller.isRunning)
    }

    @Test func aQueryWithNoMatchShowsNoRowsAndAnEmptyQueryClears() async {
        let items = fakeQueryItems(20)
        let (table, _, controller) = makeQueryTable(items, source: FakeQuerySource(items: items))
        await controller.run(TableQuery(text: "zzz"))
        #expect(controller.shownIdentifiers == [])
        #expect(table.indexPathForSelectedRow == nil)
        controller.setQuery(TableQuery())
        #expect(!controller.isQuerying && controller.shownIdentifiers == nil)
        #expect(table.dataSource?.tableView(table, numberOfRowsInSection: 0) == 20)
    }
}

/// Delivers items 0, 1 and 2, then waits for its gate before it ends.
private struct EndGatedSource: TableQuerySource {
    let gate: QueryGate

    func identifiers(for query: TableQuery, firstChunk: Int, deliver: @Sendable ([Int]) async -> Void) async throws {
        await deliver([0, 1, 2])
        try await gate.wait(for: 1)
    }
}

/// Ten rows, or the controller's while a query is in force.
@MainActor
private final class EndGatedRows: TableViewDataSource {
    var controller: TableQueryController<EndGatedSource>?

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        controller?.shownIdentifiers?.count ?? 10
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath)
    }
}
