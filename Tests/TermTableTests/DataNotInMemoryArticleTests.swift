import TermTableTesting
import Testing

@testable import TermTable

/// The article "Data that is not in memory": its code is the code compiled here (`DataNotInMemoryExamples.swift`),
/// and its source does what the article says on an in-memory screen.
@Suite("Data that is not in memory (article)") @MainActor
struct DataNotInMemoryArticleTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/DataNotInMemory.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/DataNotInMemoryExamples.swift"

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try DocExamplesTests.expectEverySwiftBlock(of: Self.articlePath, count: 7...7, areIn: Self.examplesPath)
    }

    /// Draws `source`'s table until `done` holds (at most 3 s: the fetches sleep on other threads).
    func draw(_ source: RemoteLines, until done: ([String]) -> Bool) async -> [String] {
        var lines = render(source.table, size: Size(width: 30, height: 4)).lines
        for _ in 0..<300 where !done(lines) {
            try? await Task.sleep(for: .milliseconds(10))
            lines = render(source.table, size: Size(width: 30, height: 4)).lines
        }
        return lines
    }

    @Test func placeholdersFirstThenTheLinesAsTheyArriveAndAFailedOneAsAnError() async {
        let source = RemoteLines(knownCount: 100) { row in
            try await Task.sleep(for: .milliseconds(20))
            if row == 2 { throw CancellationError() }
            return "line \(row)"
        }
        showLoadingCells(in: source.table)
        let first = render(source.table, size: Size(width: 30, height: 4)).lines
        #expect(first.allSatisfy { $0.hasPrefix("· · ·") }, "\(first)")
        let lines = await draw(source) { !$0.contains { $0.hasPrefix("· · ·") } }
        #expect(lines[0].hasPrefix("line 0") && lines[1].hasPrefix("line 1") && lines[3].hasPrefix("line 3"))
        #expect(lines[2].hasPrefix("⚠ line 2 could not be read"), "\(lines)")
        #expect(source.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    }

    @Test func rowsThatScrolledFarAwayAreCancelledAndTheCountGrows() async {
        let source = RemoteLines(knownCount: 100) { row in
            try await Task.sleep(for: .seconds(30))
            return "line \(row)"
        }
        _ = render(source.table, size: Size(width: 30, height: 4))
        #expect(source.tasks.count == 8, "4 rows on screen and 4 ahead")
        _ = source.table.perform(.moveToBottom)
        _ = render(source.table, size: Size(width: 30, height: 4))
        #expect(source.tasks.keys.allSatisfy { $0.row >= 96 }, "the first rows' fetches were cancelled")
        source.table.followsEnd = true
        source.grow(to: 120)
        _ = render(source.table, size: Size(width: 30, height: 4))
        #expect(source.table.indexPathsForVisibleRows.last == IndexPath(row: 119, section: 0))
        for task in source.tasks.values { task.cancel() }
    }

    @Test func aQueryShowsTheMatchingLinesAndClearingShowsEveryLineWithTheCursorBack() async {
        let model = FilteredLines(lines: (0..<1000).map { "line \($0)" })
        let size = Size(width: 30, height: 4)
        _ = render(model.table, size: size)
        _ = model.table.perform(.moveDown)
        await model.query.run(TableQuery(text: "line 99"))
        let lines = render(model.table, size: size).lines
        #expect(lines[0].hasPrefix("line 99") && lines[1].hasPrefix("line 199"), "\(lines)")
        #expect(model.query.shownIdentifiers?.allSatisfy { FuzzyQuery("line 99").matches(model.lines[$0]) } == true)
        model.query.clear()
        #expect(render(model.table, size: size).lines[1].hasPrefix("line 1"))
        #expect(model.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    }

    /// A scan whose query matches nothing stops when cancelled (the article's source checked only at a full chunk, so
    /// it read every line whatever newer query had come).
    @Test func aCancelledScanStopsEvenWhenNothingMatches() async {
        let source = LineSource(lines: (0..<100_000).map { "line \($0)" })
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await source.identifiers(for: TableQuery(text: "zzz"), firstChunk: 10) { _ in }
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    /// Under a sort every match comes in the sort's order; lines appended under a query are matched with their own
    /// identifiers (a source over them only numbered them from 0) and the next query sees every line.
    @Test func aSortOrdersTheMatchesAndAppendedLinesKeepTheirIdentifiers() async {
        let model = FilteredLines(lines: ["pear", "apple", "plum", "apricot"])
        _ = render(model.table, size: Size(width: 30, height: 4))
        await model.query.run(TableQuery(text: "p", sortDescriptors: [TableSortDescriptor(column: "line")]))
        #expect(model.query.shownIdentifiers == [1, 3, 0, 2])
        await model.query.run(TableQuery(text: "p"))
        model.append(["grape", "fig"])
        while model.query.isRunning { await Task.yield() }
        #expect(model.query.shownIdentifiers == [0, 1, 2, 3, 4])
        #expect(render(model.table, size: Size(width: 30, height: 6)).lines[4].hasPrefix("grape"))
        await model.query.run(TableQuery(text: "g"))
        #expect(model.query.shownIdentifiers == [4, 5])
        model.query.clear()
        #expect(model.tableView(model.table, numberOfRowsInSection: 0) == 6)
    }
}
