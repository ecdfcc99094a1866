import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableLayouts
import Testing

/// The reader's filter is the table's (issue 24): titles matched fuzzily, accents ignored, loading and error rows
/// shown only unfiltered, positions and next unread among the articles shown, counts over every article.
@Suite("Reader controller: filter") @MainActor
struct ReaderControllerFilterTests {
    static func controller(_ model: ReaderModel = ReaderModelTests.sampleModel) throws -> ReaderController {
        let table = TableView()
        let library = try LayoutLibrary(contentsOf: ProjectLayouts.path(for: "News"))
        try table.registerCells(from: library)
        return ReaderController(model: model, tableView: table, library: library, now: { fixedNow })
    }

    /// The titles of the articles shown, in table order.
    static func shownTitles(_ controller: ReaderController) -> [String] {
        let snapshot = controller.dataSource.snapshot()
        var titles: [String] = []
        for (section, items) in snapshot.itemsBySection.enumerated() {
            for row in items.indices {
                if let article = controller.article(at: IndexPath(row: row, section: section)) {
                    titles.append(article.title)
                }
            }
        }
        return titles
    }

    @Test func unfilteredTheTableShowsTheModelsRows() throws {
        let controller = try Self.controller()
        let snapshot = controller.dataSource.snapshot()
        #expect(snapshot.numberOfSections == 4)
        #expect(controller.readerRow(at: IndexPath(row: 0, section: 1)) == .error("no such file: /x/missing.xml"))
        #expect(controller.readerRow(at: IndexPath(row: 0, section: 2)) == .loading)
        #expect(controller.shownArticleCount == 5 && !controller.isFiltering)
        #expect(controller.position(ofRow: IndexPath(row: 1, section: 3)) == (5, 5))
    }

    @Test func aQueryKeepsMatchingTitlesInListOrderAndHidesOtherRows() throws {
        let controller = try Self.controller()
        controller.setFilter("swift")
        #expect(controller.isFiltering && controller.filterText == "swift")
        #expect(Self.shownTitles(controller) == ["Swift 6 released", "More Swift"])
        #expect(controller.dataSource.snapshot().numberOfItems == 2, "no loading, error or notice row")
        #expect(controller.dataSource.snapshot().sectionIdentifiers == [0, 3], "feeds without a match are left out")
        #expect(controller.model.counts.articles == 5, "the counts are over every article")
        #expect(controller.position(ofRow: IndexPath(row: 0, section: 1)) == (2, 2))
        #expect(controller.row(ofArticle: "b1") == IndexPath(row: 0, section: 1))
        #expect(controller.row(ofArticle: "a2") == nil, "hidden")
        controller.setFilter("swft")
        #expect(Self.shownTitles(controller).count == 2, "fuzzy: the letters in order")
        controller.setFilter("cafe")
        #expect(Self.shownTitles(controller) == ["Café opens"], "accents ignored")
        controller.setFilter("zzz nothing like it")
        #expect(controller.shownArticleCount == 0 && controller.firstArticleRow == nil)
        controller.setFilter("   ")
        #expect(!controller.isFiltering && controller.filterText.isEmpty, "spaces find everything: no filter")
        #expect(controller.shownArticleCount == 5)
        controller.setFilter("swift")
        controller.setFilter("")
        #expect(!controller.isFiltering && controller.shownArticleCount == 5)
        #expect(controller.dataSource.snapshot().numberOfSections == 4, "the loading and error rows are back")
    }

    @Test func nextUnreadGoesOnlyToArticlesTheFilterShows() throws {
        var model = ReaderModelTests.sampleModel
        model.readIDs = ["a1"]
        let controller = try Self.controller(model)
        controller.setFilter("s")  // every title with an s: all but "Weather"
        let shown = Self.shownTitles(controller)
        #expect(shown == ["Swift 6 released", "Rust news", "Café opens", "More Swift"])
        controller.setFilter("swift")
        // a1 is read: from b1 (the only unread one shown) next unread wraps round to b1 itself.
        let b1 = try #require(controller.row(ofArticle: "b1"))
        #expect(controller.nextUnread(afterRow: b1) == b1)
        #expect(controller.nextUnread(afterRow: IndexPath(row: 0, section: 0)) == b1)
    }

    @Test func aFilterAppliedUnderNewFeedsRunsAgain() throws {
        let controller = try Self.controller()
        controller.setFilter("swift")
        controller.model.groups.append([
            ReaderModelTests.feed("C", [ReaderModelTests.article("c1", "Swift on the server")])
        ])
        controller.apply()
        #expect(Self.shownTitles(controller) == ["Swift 6 released", "More Swift", "Swift on the server"])
    }
}
