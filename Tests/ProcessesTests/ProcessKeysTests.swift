import Foundation
import ProcessesCore
import TermTable
import Testing

/// The `?` box of `procs` is made from its key bindings: every command has help, every key in the help works.
@MainActor
@Suite struct ProcessKeysTests {
    @Test func everyCommandHasABindingWithHelp() {
        let bound = ProcessViewer.commandBindings
        #expect(Set(bound.flatMap(\.commands)) == Set(ProcessCommand.allCases))
        for (binding, commands) in bound {
            #expect(!binding.help.isEmpty && !binding.keys.isEmpty)
            #expect(commands.count == 1 || commands.count == binding.keys.count, "\(binding.label): a command per key")
            for (index, key) in binding.keys.enumerated() {
                #expect(ProcessViewer.command(for: key) == commands[commands.count == 1 ? 0 : index])
            }
        }
        let keys = bound.flatMap(\.binding.keys)
        #expect(Set(keys).count == keys.count, "a key is bound twice")
    }

    /// Each key the help lists is a key of the table or of the app, and each app key the table leaves to the app is listed.
    @Test func everyKeyTheHelpListsIsBoundOrHandledByTheTable() throws {
        let harness = try ViewerHarness()
        let app = harness.driver.app
        let listed = app.bindingsInForce
        for binding in listed {
            for key in binding.keys {
                #expect(
                    harness.viewer.table.keyBindings[key] != nil || app.keyBindings[key] != nil,
                    "\(key) of “\(binding.label)” is neither the table's nor the app's")
            }
        }
        let listedKeys = Set(listed.flatMap(\.keys))
        for (binding, _) in ProcessViewer.commandBindings {
            for key in binding.keys where harness.viewer.table.keyBindings[key] == nil {
                #expect(listedKeys.contains(key), "\(key) of “\(binding.label)” is not in the help")
            }
        }
    }

    /// `?` shows a box with every key in force, key column and text, and what a click does.
    @Test func questionMarkShowsEveryLine() throws {
        // 30 lines: the table's column keys (h, l, 0, $) are in the box too.
        let harness = try ViewerHarness(size: Size(width: 80, height: 30))
        let lines = Application.helpEntries(for: harness.driver.app.bindingsInForce) + ProcessViewer.pointerHelp
        harness.driver.press("?")
        for line in lines {
            #expect(
                harness.driver.lines.contains { $0.contains(line.key) && $0.contains(line.action) },
                "the help box has no line “\(line.key)  \(line.action)”")
        }
        #expect(harness.driver.lines.contains { $0.contains("↓/j") && $0.contains("down") })
        #expect(harness.driver.lines.contains { $0.contains("K") && $0.contains("SIGTERM") })
    }
}
