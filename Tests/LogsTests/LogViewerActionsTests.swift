import Foundation
import LogKit
import LogsCore
import TermTable
import TermTableTesting
import Testing

/// The keys of `logs` are its actions: named, with help, each key once in its scope; the hint line, `?`, a key map
/// and the command palette are made from them.
@MainActor
@Suite struct LogViewerActionsTests {
    @Test func everyActionHasADottedNameKeysAndHelpAndNoKeyIsTwiceInAScope() throws {
        let harness = try LogsHarness(LogsHarness.numbered(20))
        let scopes = harness.viewer.actionScopes
        let names = scopes.joined().map(\.name)
        #expect(Set(names).count == names.count, "an action name is used twice")
        #expect(names.allSatisfy { $0.split(separator: ".").count == 2 }, "\(names)")
        for scope in scopes {
            for action in scope { #expect(!action.help.isEmpty && !action.keys.isEmpty, "\(action.name)") }
            let keys = scope.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "a key is bound twice in one scope")
        }
        // What `logs --keys` prints and a key map is checked against, without a viewer: the same actions.
        #expect(LogViewer.defaultActionScopes.map { $0.map(\.name) } == scopes.map { $0.map(\.name) })
        #expect(LogViewer.defaultActionScopes.map { $0.map(\.keys) } == scopes.map { $0.map(\.keys) })
        #expect(harness.driver.app.keyMapProblems.isEmpty)
    }

    /// Each key the help lists is a key of the table or of an action in force, and each action's key is listed.
    @Test func everyKeyTheHelpListsIsAnActionsOrTheTables() throws {
        let harness = try LogsHarness(LogsHarness.numbered(20))
        let app = harness.driver.app
        let listed = app.bindingsInForce
        let actionKeys = Set(app.actionsInForce.flatMap(\.keys))
        for binding in listed {
            for key in binding.keys {
                #expect(
                    harness.viewer.table.keyBindings[key] != nil || actionKeys.contains(key),
                    "\(key) of “\(binding.label)” is neither the table's nor an action's")
            }
        }
        let listedKeys = Set(listed.flatMap(\.keys))
        for action in harness.viewer.appActions + harness.viewer.listActions {
            for key in action.keys { #expect(listedKeys.contains(key), "\(key) of \(action.name) is not in the help") }
        }
        harness.driver.press("?")
        #expect(harness.screen.contains("logs keys") && harness.screen.contains("next error below"))
    }

    /// A key map moves actions to other keys: the status line's hints and the keys follow; the old keys do nothing.
    @Test func aKeyMapMovesQuitAndTheFilterToOtherKeys() throws {
        let harness = try LogsHarness(LogsHarness.numbered(20))
        let app = harness.driver.app
        let (map, problems) = KeyMap.parse("app.quit = Q\nlogs.filter = f, ctrl-f\n", file: "keys.conf")
        #expect(problems.isEmpty)
        app.keyMap = map
        app.render()
        #expect(
            harness.lines[11].contains("f/ctrl-f filter") && harness.lines[11].contains("Q quit"),
            "\(harness.lines[11])")
        #expect(app.bindingsInForce.first { $0.help == "quit" }?.keys == [Key("Q")])
        #expect(app.keyMapProblems.isEmpty)
        #expect(app.actionsInForce.first { $0.name == "app.quit" }?.keys == [Key("Q")])
        #expect(!app.actionsInForce.contains { $0.keys.contains(Key("q")) }, "q runs nothing")
        harness.driver.press("/")
        #expect(!harness.screen.contains("/ "), "/ no longer filters")
        harness.driver.press("f")
        harness.driver.type("entry 7")
        #expect(harness.viewer.filterQuery == "entry 7")
    }

    /// Enter pushes the entry screen: a breadcrumb names the path, the status line the entry and the keys in force
    /// there. Esc pops it and the list is back as it was left: cursor, filter and every line of the screen.
    @Test func theEntryScreenIsPushedAndPoppedWithTheCursorFilterAndScrollKept() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(200))
        harness.driver.type("/entry 1")
        await harness.wait { !harness.viewer.isFiltering && harness.viewer.filteredRows != nil }
        harness.driver.press("enter")
        let rows = try #require(harness.viewer.filteredRows)
        harness.driver.press("pgup k k")
        let cursor = try #require(harness.viewer.table.state.cursor)
        let list = harness.lines
        let app = harness.driver.app
        harness.driver.press("enter")
        #expect(app.topScreen === harness.viewer.entryScreen)
        let opened = rows[cursor.row]
        #expect(harness.lines[0].contains("/0.log › entry \(opened + 1) "), "\(harness.lines[0])")
        #expect(harness.screen.contains("comp\(opened % 3): entry \(opened)"))
        let status = harness.lines[11]
        #expect(status.hasPrefix("entry \(opened + 1) · 1 line · "), "\(status)")
        #expect(status.contains("q back") && status.contains("Esc back") && status.contains("? keys"), "\(status)")
        #expect(!status.contains("filter"), "the list's keys are not in force on the entry screen")
        harness.driver.press("escape")
        #expect(app.topScreen === app.rootScreen)
        #expect(harness.viewer.table.state.cursor == cursor)
        #expect(harness.viewer.filteredRows == rows && harness.viewer.filterQuery == "entry 1")
        #expect(harness.lines == list)
        // q goes back too (on the list it quits).
        harness.driver.press("enter")
        #expect(app.actionsInForce.first { $0.keys.contains(Key("q")) }?.name == "entry.back")
        harness.driver.press("q")
        #expect(app.topScreen === app.rootScreen)
        #expect(harness.lines == list)
        #expect(app.actionsInForce.first { $0.keys.contains(Key("q")) }?.name == "app.quit")
    }

    /// Under the entry screen the list goes on as on screen: at the end it follows the entries appended meanwhile
    /// (back at the end, none counted as new); scrolled away it stays put, the cursor on the entry that was open,
    /// and counts them.
    @Test func theListFollowsOrCountsUnderTheEntryScreenAsItDidOnScreen() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50))
        harness.driver.press("enter")
        harness.append(LogsHarness.numbered(2, from: 50))
        harness.driver.press("escape")
        #expect(harness.viewer.table.isAtEnd && harness.viewer.cursorRow == 51)
        #expect(harness.lines[10].contains("entry 51") && harness.viewer.newEntries == 0)
        harness.append(LogsHarness.numbered(1, from: 52))
        #expect(harness.lines[10].contains("entry 52") && harness.viewer.newEntries == 0)
        harness.driver.press("g j j")
        let list = harness.lines[1...10].map { $0 }
        harness.driver.press("enter")
        harness.append(LogsHarness.numbered(2, from: 53))
        harness.driver.press("escape")
        #expect(harness.viewer.table.state.cursor?.row == 2)
        #expect(harness.lines[1...10].map { $0 } == list)
        #expect(harness.lines[11].hasPrefix("2 new entries (G: end)"), "\(harness.lines[11])")
    }

    /// Ctrl-P and `:` open the palette over the actions in force; one chosen runs as its key does.
    @Test func thePaletteRunsAnActionOfTheList() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50), size: Size(width: 100, height: 20))
        harness.driver.press("g")
        harness.driver.press("ctrl-p")
        #expect(harness.screen.contains("logs.next-error"))
        harness.driver.type("next err")
        harness.driver.press("enter")
        #expect(harness.viewer.cursorRow == 9)
        harness.driver.press(":")
        #expect(harness.screen.contains("logs.previous-error"))
        harness.driver.press("escape")
        #expect(harness.driver.app.topScreen === harness.driver.app.rootScreen)
        #expect(harness.viewer.cursorRow == 9)
    }
}
