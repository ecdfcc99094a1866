import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The reader on the app shell: the article pushed on a screen of its own and popped back to the list as it was,
/// actions in scopes, a key map, the command palette.
@MainActor
@Suite("Reader app shell") struct ReaderShellTests {
    /// The list's cursor, first row shown, filter and focus.
    static func listState(_ harness: ReaderHarness) -> [String] {
        let reader = harness.reader
        return [
            harness.cursorTitle ?? "none", "\(reader.tableView.indexPathsForVisibleRows.first.map(\.row) ?? -1)",
            reader.controller.filterText, "\(harness.driver.app.focusedView === reader.tableView)",
        ]
    }

    @Test func theArticleScreenIsPushedAndEveryWayBackKeepsTheListAsItWas() async throws {
        let harness = try await ReaderHarness()
        let app = harness.driver.app
        harness.press("/")
        harness.driver.type("e")
        harness.press("enter")
        harness.press("pgdn pgdn j j")
        let before = Self.listState(harness)
        #expect(before[1] != "0", "scrolled: \(before)")
        #expect(before[2] == "e" && before[3] == "true")
        for back in ["esc", "q", "left", "h"] {
            harness.press("enter")
            #expect(app.topScreen === harness.reader.articleScreen && app.screens.count == 2)
            #expect(harness.lines[1].contains(before[0].prefix(12)), "the article alone")
            #expect(harness.status.contains("q back"))
            harness.press(back)
            #expect(app.topScreen === app.rootScreen, "\(back) goes back")
            #expect(Self.listState(harness) == before, "after \(back)")
        }
        // `n` on the article screen reads the next unread article there; back, the cursor is on it.
        harness.press("enter n")
        let next = try #require(harness.reader.currentArticle?.article.title)
        #expect(next != before[0] && app.screens.count == 2)
        harness.press("esc")
        #expect(harness.cursorTitle == next)
    }

    @Test func theHelpAndTheHintsAreThoseOfTheScreenOnTop() async throws {
        let harness = try await ReaderHarness()
        #expect(harness.status.hasSuffix("? help  q quit "))
        harness.press("?")
        #expect(harness.lines.contains { $0.contains("filter titles") })
        #expect(!harness.lines.contains { $0.contains("back to the list") })
        harness.press("x enter")
        #expect(harness.status.hasSuffix("q back  ? help "))
        harness.press("?")
        #expect(harness.lines.contains { $0.contains("q/Esc/←/h") && $0.contains("back to the list") })
        #expect(harness.lines.contains { $0.contains("next unread article") })
        #expect(!harness.lines.contains { $0.contains("filter titles") }, "the list's actions are not in force")
    }

    @Test func aKeyMapMovesActionsAndTheHintsFollow() async throws {
        let harness = try await ReaderHarness()
        let app = harness.driver.app
        app.keyMap = KeyMap(["app.quit": [Key("x")], "reader.compact": [Key("c")], "article.back": [.backspace]])
        harness.draw()
        #expect(harness.status.hasSuffix("? help  x quit "))
        harness.press("v")
        #expect(!harness.reader.controller.isCompact, "v is no longer compact's")
        harness.press("c")
        #expect(harness.reader.controller.isCompact)
        harness.press("enter")
        #expect(harness.status.contains(" back  ? help") && !harness.status.contains("q back"))
        harness.press("q")
        #expect(app.topScreen === harness.reader.articleScreen, "q is nobody's on the article screen")
        harness.press("backspace")
        #expect(app.topScreen === app.rootScreen)
    }

    @Test func thePaletteRunsAnActionAsItsKeyWould() async throws {
        let harness = try await ReaderHarness()
        let app = harness.driver.app
        harness.press("ctrl-p")
        #expect(app.topScreen.view is CommandPalette)
        harness.driver.type("compact")
        harness.press("enter")
        #expect(harness.reader.controller.isCompact)
        #expect(harness.status.contains("one line per article"))
        #expect(app.topScreen === app.rootScreen && app.focusedView === harness.reader.tableView)
        // `:` opens it too; on the article screen it offers the article's actions, and Esc closes it.
        harness.press("enter :")
        #expect(app.topScreen.view is CommandPalette)
        #expect(harness.lines.contains { $0.contains("article.back") || $0.contains("back to the list") })
        #expect(!harness.lines.contains { $0.contains("filter titles") })
        harness.press("esc")
        #expect(app.topScreen === harness.reader.articleScreen)
    }
}
