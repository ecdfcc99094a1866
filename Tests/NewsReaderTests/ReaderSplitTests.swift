import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The reader at 140 columns and wider: the list and the article side by side, Tab between them.
@MainActor
@Suite("Reader side by side") struct ReaderSplitTests {
    /// The column of the divider on a screen: the `│` every line of the body has at the same place.
    static func dividerColumn(_ harness: ReaderHarness) -> Int? {
        let body = harness.lines.dropLast()
        let first = Array(body.first ?? "")
        return first.indices.first { column in body.allSatisfy { Array($0).count > column && Array($0)[column] == "│" }
        }
    }

    @Test func theArticleUnderTheCursorIsShownBesideTheList() async throws {
        let harness = try await ReaderHarness(size: Size(width: 160, height: 30))
        #expect(Self.dividerColumn(harness) == 80)
        let title = try #require(harness.cursorTitle)
        #expect(harness.lines[1].hasSuffix("│  " + title + String(repeating: " ", count: 79 - 2 - title.count)))
        harness.press("j j")
        let third = try #require(harness.cursorTitle)
        #expect(third != title)
        #expect(harness.lines.contains { $0.contains("│  " + third) }, "the article follows the cursor")
        #expect(harness.status.contains("? help  q quit"), "the list has the keys")
        #expect(harness.reader.model.counts.unread == 165, "an article beside the list is not marked read")
    }

    @Test func tabMovesTheKeysBetweenTheListAndTheArticle() async throws {
        let harness = try await ReaderHarness(size: Size(width: 160, height: 30))
        let app = harness.driver.app
        harness.press("j")
        let title = harness.cursorTitle
        harness.press("tab")
        #expect(app.focusedView === harness.reader.rootView.detailView)
        #expect(harness.status.contains("q back"), "the article's status line")
        harness.press("j")
        #expect(harness.cursorTitle == title, "j scrolls the article, not the list")
        harness.press("tab")
        #expect(app.focusedView === harness.reader.tableView)
        harness.press("j")
        #expect(harness.cursorTitle != title)
        // Enter reads the article beside the list; q goes back to the list.
        harness.press("enter")
        #expect(app.focusedView === harness.reader.rootView.detailView)
        #expect(harness.reader.model.counts.unread == 164)
        harness.press("q")
        #expect(app.focusedView === harness.reader.tableView)
        #expect(Self.dividerColumn(harness) == 80, "still side by side")
        // A click on the article gives it the keys.
        harness.driver.click(x: 120, y: 5)
        #expect(app.focusedView === harness.reader.rootView.detailView)
    }

    @Test func narrowerTheListAloneAndEnterForTheArticle() async throws {
        let harness = try await ReaderHarness(size: Size(width: 160, height: 30))
        harness.driver.resize(to: Size(width: 139, height: 30))
        harness.draw()
        #expect(Self.dividerColumn(harness) == nil)
        #expect(harness.reader.rootView.detailView.isHidden)
        harness.press("enter")
        #expect(harness.driver.app.topScreen === harness.reader.articleScreen, "the article on a screen of its own")
        harness.driver.resize(to: Size(width: 160, height: 30))
        harness.draw()
        #expect(Self.dividerColumn(harness) == 80, "reading on a wider screen: both, the article with the keys")
        #expect(harness.driver.app.focusedView === harness.reader.rootView.detailView)
        harness.press("q")
        harness.driver.resize(to: Size(width: 100, height: 30))
        harness.draw()
        #expect(!harness.reader.tableView.isHidden && harness.reader.rootView.detailView.isHidden)
        #expect(harness.driver.app.focusedView === harness.reader.tableView)
    }
}
