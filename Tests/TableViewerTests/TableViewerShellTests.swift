import Foundation
import TableViewerCore
import TableViewerKit
import TermTable
import TermTableTesting
import Testing

/// `tv` on the app shell: the sheets pushed as screens and popped back to the grid as it was, actions in scopes, a
/// key map, the command palette.
@MainActor
@Suite("TableViewer app shell")
struct TableViewerShellTests {
    let folder = TVRun.directory()

    /// A viewer of 60 rows (`id`, `group`, `n`) on a 100×12 screen, indexed.
    func viewer() async throws -> (TableViewer, AppDriver) {
        var text = "id,group,n\n"
        for row in 0..<60 { text += "id\(row),g\(row % 4),\(row * 7 % 60)\n" }
        let path = try TVRun.file("t.csv", Array(text.utf8), in: folder)
        let viewer = TableViewer(file: try TableFile(path: path), screenRows: 12)
        let driver = AppDriver(rootView: viewer.root, size: Size(width: 100, height: 12))
        viewer.install(in: driver.app)
        await TVRun.wait(until: { viewer.isLoaded && viewer.typesAreFinal }, viewer, driver)
        return (viewer, driver)
    }

    /// The grid's cursor cell, sort, first row shown and focus.
    static func gridState(_ viewer: TableViewer, _ driver: AppDriver) -> [String] {
        [
            "\(viewer.cursorRow ?? -1)", "\(viewer.cursorColumn)", "\(viewer.sortKeys)",
            "\(viewer.table.indexPathsForVisibleRows.first?.row ?? -1)", "\(driver.app.focusedView === viewer.table)",
        ]
    }

    @Test func theFrequencyAndRecordSheetsArePushedAndEscKeepsTheGridAsItWas() async throws {
        let (viewer, driver) = try await viewer()
        driver.press("l l ]")
        await TVRun.wait(until: { !viewer.sortKeys.isEmpty }, viewer, driver)
        driver.press("pgdn pgdn j h")
        let before = Self.gridState(viewer, driver)
        #expect(before[1] == "1" && before[3] != "0", "the cursor on group, scrolled: \(before)")
        driver.press("F")
        await TVRun.wait(until: { viewer.sheet == .frequency }, viewer, driver)
        #expect(driver.app.topScreen === viewer.frequencyScreen && driver.app.screens.count == 2)
        #expect(driver.lines[0].contains("› group counted"), "the breadcrumb: \(driver.lines[0])")
        #expect(driver.lines[2].hasPrefix("g0 ") && driver.lines[2].contains("15 25.0"), "\(driver.lines[2])")
        #expect(driver.lines[11].hasPrefix("4 values of 60 rows · "))
        #expect(driver.lines[11].contains(" · Esc back · ? keys · q quit"), "\(driver.lines[11])")
        // The grid's actions are not in force on the sheet: `]` does not sort, `F` does not count again.
        driver.press("[ F")
        #expect(viewer.sortKeys.first?.ascending == false && driver.app.screens.count == 2)
        driver.press("esc")
        #expect(viewer.sheet == .grid && driver.app.topScreen === driver.app.rootScreen)
        #expect(Self.gridState(viewer, driver) == before)
        driver.press("enter")
        #expect(driver.app.topScreen === viewer.recordScreen)
        #expect(driver.lines[1].hasPrefix("id    : id"))
        driver.press("esc")
        #expect(Self.gridState(viewer, driver) == before)
    }

    @Test func thePaletteRunsAGridActionAndAKeyMapMovesOne() async throws {
        let (viewer, driver) = try await viewer()
        driver.press("ctrl-p")
        #expect(driver.app.topScreen.view is CommandPalette)
        driver.type("freeze")
        driver.press("enter")
        #expect(viewer.table.frozenColumnCount == 1)
        #expect(driver.app.topScreen === driver.app.rootScreen && driver.app.focusedView === viewer.table)
        driver.app.keyMap = KeyMap(["app.quit": [Key("x")], "column.freeze": [Key("z")]])
        driver.press("!")
        #expect(viewer.table.frozenColumnCount == 1, "! is no longer freeze's")
        driver.press("z")
        #expect(viewer.table.frozenColumnCount == 0)
        #expect(driver.lines[11].contains("? keys · x quit"), "\(driver.lines[11])")
    }

    @Test func everyActionHasADottedNameKeysAndHelpAndNoScopeHasAKeyTwice() {
        let scopes = TableViewer.actionScopes
        #expect(scopes.joined().count == 11)  // y and Y copy (issue 38)
        for scope in scopes {
            var seen: Set<Key> = []
            for action in scope {
                #expect(action.name.split(separator: ".").count == 2 && !action.help.isEmpty, "\(action.name)")
                #expect(!action.keys.isEmpty && seen.isDisjoint(with: action.keys), "\(action.name)")
                seen.formUnion(action.keys)
            }
        }
        #expect(KeyMap().problems(against: scopes).isEmpty)
    }
}
