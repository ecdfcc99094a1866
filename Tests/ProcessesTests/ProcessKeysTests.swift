import Foundation
import ProcessesCore
import TermTable
import Testing

/// The `?` box of `procs` is made from its actions: every action has keys and help, every key in the help works.
@MainActor
@Suite struct ProcessKeysTests {
    @Test func everyActionHasKeysAndHelpAndNoKeyIsTwiceInAScope() throws {
        let harness = try ViewerHarness()
        let scopes = harness.viewer.actionScopes
        let names = scopes.joined().map(\.name)
        #expect(Set(names).count == names.count, "an action name is used twice")
        for scope in scopes {
            for action in scope { #expect(!action.help.isEmpty && !action.keys.isEmpty, "\(action.name)") }
            let keys = scope.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "a key is bound twice in one scope")
        }
        #expect(harness.driver.app.keyMapProblems.isEmpty)
    }

    /// Each key the help lists is a key of the table or of an action in force, and each action's key is listed
    /// unless the table takes it.
    @Test func everyKeyTheHelpListsIsAnActionsOrTheTables() throws {
        let harness = try ViewerHarness()
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
            for key in action.keys where harness.viewer.table.keyBindings[key] == nil {
                #expect(listedKeys.contains(key), "\(key) of \(action.name) is not in the help")
            }
        }
    }

    /// A key map given to the app moves an action to another key: the help, the status line's hints and the
    /// key itself follow; the old key does nothing.
    @Test func aKeyMapMovesQuitToAnotherKey() throws {
        let harness = try ViewerHarness()
        let app = harness.driver.app
        app.keyMap = KeyMap.parse("app.quit = Q", file: "keys.conf").map
        harness.driver.app.render()
        #expect(harness.lines.last!.contains("Q quit"), "\(harness.lines.last!)")
        #expect(app.bindingsInForce.first { $0.help == "quit" }?.keys == [Key("Q")])
        #expect(app.keyMapProblems.isEmpty)
    }

    /// `?` shows a box with every key in force, key column and text, and what a click does.
    @Test func questionMarkShowsEveryLine() throws {
        // 60 lines: the table's column keys (h, l, 0, $) and the Sort section are in the box too.
        let harness = try ViewerHarness(size: Size(width: 80, height: 60))
        let lines = Application.helpEntries(for: harness.driver.app.bindingsInForce) + ProcessViewer.pointerHelp
        harness.driver.press("?")
        for line in lines {
            #expect(
                harness.driver.lines.contains {
                    $0.contains(line.key) && (line.action.isEmpty || $0.contains(line.action))
                },
                "the help box has no line “\(line.key)  \(line.action)”")
        }
        #expect(harness.driver.lines.contains { $0.contains("↓/j") && $0.contains("down") })
        #expect(harness.driver.lines.contains { $0.contains("K") && $0.contains("SIGTERM") })
    }
}
