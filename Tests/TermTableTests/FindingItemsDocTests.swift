import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The article "Finding items": its code is the code compiled here, and it does what the article says.
@Suite("Finding items (article)") @MainActor
struct FindingItemsDocTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/FindingItems.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/FindingItemsExamples.swift"

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try DocExamplesTests.expectEverySwiftBlock(of: Self.articlePath, count: 9..., areIn: Self.examplesPath)
    }

    @Test func theLogLineColoursItsLevelInsideTheLine() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 30, height: 1))
        label.styledText = logLine(time: "12:00", level: "ERROR", message: "disk full")
        let screen = render(label, size: Size(width: 30, height: 1))
        #expect(screen.lines[0].hasPrefix("12:00 ERROR disk full"))
        #expect(screen.style(at: Point(x: 0, y: 0)) == .plain)
        #expect(screen.style(at: Point(x: 6, y: 0)) == Style(foreground: .red, attributes: .bold))
        #expect(screen.style(at: Point(x: 12, y: 0)) == .plain)
        #expect(
            highlightedTitle("Harbour bridge reopens", query: "hrbr brdg").runs.first == .init("H", style: .underline))
    }

    @Test func theLogListFindsKeepsItsMarksAndJumps() async throws {
        let lines = [
            "cache refreshed", "harbour bridge closed", "shard rebalanced", "bridge reopened", "cache evicted",
        ]
        let list = LogList(lines: lines)
        let driver = AppDriver(rootView: list.table, size: Size(width: 30, height: 6))
        list.table.toggleSelection(of: IndexPath(row: 0, section: 0))
        list.table.toggleSelection(of: IndexPath(row: 2, section: 0))
        list.startFinding(in: driver.app)
        driver.type("brdg")
        await list.dataSource.setFilter(query: "brdg")?.value
        driver.app.render()
        #expect(list.dataSource.snapshot().itemIdentifiers.sorted() == [1, 3])
        #expect(list.status == "2 marked, 2 hidden")
        #expect(list.markedLines.sorted() == ["cache refreshed", "shard rebalanced"])
        let row = try #require(driver.lines.firstIndex { $0.contains("bridge reopened") })
        let x = try #require(driver.lines[row].firstIndex(of: "b")).utf16Offset(in: driver.lines[row])
        #expect(driver.screen.style(at: Point(x: x, y: row)).attributes.contains(.underline), "the match is underlined")
        driver.press("escape")
        #expect(list.dataSource.snapshot().itemIdentifiers == [0, 1, 2, 3, 4])
        #expect(list.dataSource.selectedItemIdentifiers == [0, 2])
        driver.type("s")
        #expect(list.dataSource.cursorItemIdentifier == 2, "s jumps to the shard line")
        let corpus = FuzzyCorpus(lines)
        #expect(await bestLines(in: corpus, for: "cache").sorted() == ["cache evicted", "cache refreshed"])
    }
}
