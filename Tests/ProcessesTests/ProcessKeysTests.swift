import Foundation
import ProcessesCore
import TermTable
import Testing

/// The `?` box of `procs` is made from the same lines as its key bindings: every command has help, every key in the help works.
@MainActor
@Suite struct ProcessKeysTests {
    @Test func everyCommandHasAHelpLine() {
        let helped = Set(ProcessViewer.keyLines.flatMap { $0.commands.map(\.command) })
        #expect(helped == Set(ProcessCommand.allCases))
        #expect(ProcessViewer.helpEntries.map(\.key) == ProcessViewer.keyLines.map(\.label))
        let keys = ProcessViewer.keyBindings.map(\.key)
        #expect(Set(keys).count == keys.count, "a key is bound twice")
    }

    /// Each key a help label names is one of the line's keys, and keys left to the table are keys it handles.
    @Test func everyKeyTheHelpNamesIsBoundOrHandledByTheTable() throws {
        let symbols: [String: Key] = [
            "↓": .down, "↑": .up, "Enter": .enter, "Esc": .escape,
            "PgDn": .pageDown, "PgUp": .pageUp,
        ]
        let viewer = try ViewerHarness().viewer
        for line in ProcessViewer.keyLines {
            let lineKeys = Set(line.commands.map(\.key) + line.tableKeys)
            if line.isPointer {
                #expect(lineKeys.isEmpty)
                continue
            }
            for name in line.label.split(separator: " ") {
                let key = try #require(
                    symbols[String(name)] ?? Key(parsing: String(name)),
                    "“\(name)” in the help line “\(line.label)” is no key name")
                #expect(lineKeys.contains(key), "“\(name)” in the help line “\(line.label)” is not among its keys")
            }
            for key in line.tableKeys {
                #expect(viewer.table.keyBindings[key] != nil, "\(key) of “\(line.label)” is not a key of the table")
            }
        }
    }

    /// `?` shows a box with every line, key column and text.
    @Test func questionMarkShowsEveryLine() throws {
        let harness = try ViewerHarness(size: Size(width: 80, height: 24))
        harness.driver.press("?")
        for line in ProcessViewer.keyLines {
            #expect(
                harness.driver.lines.contains { $0.contains(line.label) && $0.contains(line.help) },
                "the help box has no line “\(line.label)  \(line.help)”")
        }
    }
}
