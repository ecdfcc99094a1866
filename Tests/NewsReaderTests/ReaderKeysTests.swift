import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The `?` box is made from the key bindings: every command has help, every key in the help works.
@MainActor
@Suite struct ReaderKeysTests {
    @Test func everyCommandHasAHelpLine() {
        let helped = Set(ReaderKeys.bindings.map(\.command))
        #expect(helped == Set(ReaderCommand.allCases))
        #expect(ReaderKeys.bindings.allSatisfy { !$0.binding.keys.isEmpty && !$0.binding.help.isEmpty })
    }

    @Test func noKeyIsBoundToTwoCommands() {
        var seen: [Key: ReaderCommand] = [:]
        for (binding, command) in ReaderKeys.bindings {
            for key in binding.keys {
                #expect(seen[key] == nil, "\(key) is bound to \(seen[key]!) and \(command)")
                seen[key] = command
            }
        }
    }

    /// Each key a help line mentions in its text as ctrl-x is one of the line's keys.
    @Test func everyKeyTheHelpNamesBelongsToItsLine() throws {
        let ctrl = #/ctrl-[a-z]/#
        let all = ReaderKeys.bindings.map(\.binding) + ArticleDetailView.keyActions.map(\.binding)
        for binding in all {
            for match in binding.help.matches(of: ctrl) {
                let key = try #require(Key(parsing: String(match.output)))
                #expect(binding.keys.contains(key), "\(match.output) in “\(binding.help)” is not among the line's keys")
            }
        }
    }

    /// The article view handles exactly the keys its help lists.
    @Test func theArticleViewHandlesTheKeysItLists() {
        let detail = ArticleDetailView()
        detail.frame = Rect(x: 0, y: 0, width: 40, height: 5)
        detail.show(
            Article(
                id: "a", title: "Title", summary: (1...30).map { "line \($0)" }.joined(separator: "\n"),
                feedTitle: "Feed"))
        let listed = Set(detail.keyHelp.flatMap(\.keys))
        for key in listed {
            #expect(detail.handleKey(key), "\(key) is listed but not a key of the article view")
        }
        for key in [Key("x"), Key("o"), Key("m"), Key("?"), Key("/"), Key(.function(1))] {
            #expect(!detail.handleKey(key), "\(key) is taken by the article view")
        }
    }

    /// Each key the help lists in the list and in the article view runs something: a view's key or the app's.
    @Test func everyKeyInForceIsBound() async throws {
        let harness = try await ReaderHarness()
        let app = harness.driver.app
        for focus in [harness.reader.tableView as View, harness.reader.rootView.detailView] {
            app.focus(focus)
            for binding in app.bindingsInForce {
                for key in binding.keys {
                    let byView = (focus as? KeyHelpProviding)?.keyHelp.contains { $0.keys.contains(key) } ?? false
                    #expect(byView || app.keyBindings[key] != nil, "\(key) of “\(binding.label)” runs nothing")
                }
            }
        }
    }

    /// `?` shows a box with every key in force, key column and text.
    @Test func questionMarkShowsEveryLine() async throws {
        let harness = try await ReaderHarness()
        let lines =
            Application.helpEntries(for: harness.driver.app.bindingsInForce) + ReaderKeys.pointerHelp
        harness.press("?")
        for line in lines {
            #expect(
                harness.lines.contains { $0.contains(line.key) && $0.contains(line.action) },
                "the help box has no line “\(line.key)  \(line.action)”")
        }
        #expect(harness.lines.contains { $0.contains("o") && $0.contains("open the link in $BROWSER") })
    }

    /// Side by side, `?` also names Tab, which moves between the panes (the app's focus handles it); a single
    /// list has no panes to move between, and its box does not.
    @Test func theHelpBoxNamesTabOnlyWhenThePanesAreSideBySide() async throws {
        for (width, shown) in [(160, true), (100, false)] {
            let harness = try await ReaderHarness(size: Size(width: width, height: 40))
            harness.press("?")
            #expect(harness.lines.contains { $0.contains("Tab/⇧Tab") } == shown, "at \(width) columns")
        }
    }
}
