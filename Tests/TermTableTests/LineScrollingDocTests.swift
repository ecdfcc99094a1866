import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The section "Rows taller than the view" of the article "Cell reuse": its code is compiled here and does what it says.
@Suite("Rows taller than the view (article)") @MainActor
struct LineScrollingDocTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/CellReuse.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/LineScrollingExamples.swift"

    @Test func theSectionsSwiftBlockIsCompiledHere() throws {
        try DocExamplesTests.expectSectionBlocks(
            "Rows taller than the view", of: Self.articlePath, count: 1, areIn: Self.examplesPath)
    }

    @Test func aLongEntryScrollsByLineAndAnExpandedOneShowsWhole() throws {
        let long = (0..<12).map { "word\($0)" }.joined(separator: " ")
        let list = try EntryList(entries: [
            ("boot", "ok"), (long, "trace"), ("disk full", (0..<3).map { "at frame \($0)" }.joined(separator: "\n")),
            ("done", "ok"),
        ])
        list.table.showsScrollIndicator = false
        let driver = AppDriver(rootView: list.table, size: Size(width: 6, height: 5))
        // At 6 columns the long message wraps to 12 lines: taller than the 5-line view.
        driver.press("j")
        #expect(list.table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(driver.lines[0].hasPrefix("word0"), "a tall row comes in from its first line")
        driver.press("j j")
        #expect(list.table.state.cursor == IndexPath(row: 1, section: 0), "j scrolls inside it")
        #expect(driver.lines[0].hasPrefix("word2"))
        driver.press("G")
        #expect(list.table.state.cursor == IndexPath(row: 3, section: 0))
        driver.press("k")
        #expect(list.table.state.cursor == IndexPath(row: 2, section: 0))
        list.toggleDetails(of: IndexPath(row: 2, section: 0))
        driver.app.renderIfNeeded()
        let text = driver.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(text.prefix(4)) == ["disk", "full", "at", "frame"], "the grown row shows from its top: \(text)")
    }
}
