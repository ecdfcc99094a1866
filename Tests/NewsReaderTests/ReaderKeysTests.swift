import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The `?` box and the hints are made from the reader's actions: every action has a name, keys and help, every key
/// in the help works.
@MainActor
@Suite struct ReaderKeysTests {
    @Test func everyActionHasADottedNameKeysAndHelp() async throws {
        let harness = try await ReaderHarness(loadNow: false)
        let actions = Array(harness.reader.actionScopes.joined())
        #expect(actions.count == 11)
        for action in actions {
            #expect(action.name.split(separator: ".").count == 2, "\(action.name)")
            #expect(!action.keys.isEmpty && !action.help.isEmpty, "\(action.name)")
        }
        #expect(Set(actions.map(\.name)).count == actions.count, "no name twice")
    }

    @Test func noKeyIsBoundToTwoActionsOfOneScope() async throws {
        let harness = try await ReaderHarness(loadNow: false)
        for scope in harness.reader.actionScopes {
            var seen: [Key: String] = [:]
            for action in scope {
                for key in action.keys {
                    #expect(seen[key] == nil, "\(key) is \(seen[key] ?? "")'s and \(action.name)'s")
                    seen[key] = action.name
                }
            }
        }
        #expect(KeyMap().problems(against: harness.reader.actionScopes).isEmpty)
    }

    /// Each key a help line mentions in its text as ctrl-x is one of the line's keys.
    @Test func everyKeyTheHelpNamesBelongsToItsLine() async throws {
        let harness = try await ReaderHarness(loadNow: false)
        let ctrl = #/ctrl-[a-z]/#
        let all =
            harness.reader.actionScopes.joined().map(\.binding) + ArticleDetailView.keyActions.map(\.binding)
        for binding in all {
            for match in binding.help.matches(of: ctrl) {
                let key = try #require(Key(parsing: String(match.output)))
                #expect(binding.keys.contains(key), "\(match.output) in “\(binding.help)” is not among the line's keys")
            }
        }
    }

    /// The article view handles exactly the keys its help lists; going back (q, Esc, ←, h) is the reader's action.
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
        for key in [Key("x"), Key("o"), Key("m"), Key("?"), Key("/"), Key(.function(1)), Key("q"), .escape, .left] {
            #expect(!detail.handleKey(key), "\(key) is taken by the article view")
        }
    }

    /// Each key the help lists in the list and on the article screen runs something: an action in force or the
    /// focused view's own key.
    @Test func everyKeyInForceIsBound() async throws {
        let harness = try await ReaderHarness()
        let app = harness.driver.app
        for script in ["", "enter"] {
            harness.press(script)
            let focus = try #require(app.focusedView)
            let byActions = Set(app.actionsInForce.flatMap(\.keys))
            #expect(!app.bindingsInForce.isEmpty)
            for binding in app.bindingsInForce {
                for key in binding.keys {
                    let byView = (focus as? KeyHelpProviding)?.keyHelp.contains { $0.keys.contains(key) } ?? false
                    #expect(byView || byActions.contains(key), "\(key) of “\(binding.label)” runs nothing")
                }
            }
        }
    }

    /// `?` shows a box with every key in force, key column and text.
    @Test func questionMarkShowsEveryLine() async throws {
        let harness = try await ReaderHarness()
        let lines =
            Application.helpEntries(for: harness.driver.app.bindingsInForce) + Reader.pointerHelp
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
