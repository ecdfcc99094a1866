import Foundation
import Glibc
import LogKit
import LogsCore
import TermTable
import TermTableTesting
import Testing

/// The entry view (Enter) and back, and what the viewer says about an entry and its file: the cursor kept, the
/// lines of a cut entry counted, a deletion said once.
@MainActor
@Suite struct LogViewerEntryViewTests {
    /// F6: with every entry on screen, g j Enter Esc left the cursor on the last entry (the table, hidden, was
    /// laid out with no height while following its end), not on the one opened.
    @Test func closingTheEntryKeepsTheCursorOnItWhenEveryEntryFits() throws {
        let harness = try LogsHarness(LogsHarness.numbered(20), size: Size(width: 120, height: 40))
        harness.driver.press("g j enter")
        #expect(harness.viewer.openRow == 1)
        harness.driver.press("escape")
        #expect(harness.viewer.openRow == nil)
        #expect(harness.viewer.cursorRow == 1)
        #expect(harness.viewer.table.state.cursor == IndexPath(row: 1, section: 0))
        // And q, the other way back, from an entry further down.
        harness.driver.press("j j enter q")
        #expect(harness.viewer.cursorRow == 3)
        #expect(harness.viewer.table.state.cursor == IndexPath(row: 3, section: 0))
    }

    /// F10: an entry of 100,001 lines said "+1800 lines" and "1801 lines" (those of its 64 KiB display cut).
    @Test func aCutEntrySaysHowManyLinesItHasNotThoseOfItsCut() throws {
        var text = LogsHarness.numbered(2) + "2026-11-27T10:00:00Z ERROR app: failed\n"
        for index in 0..<100_000 { text += "    at frame\(index) (File.swift:\(index))\n" }
        let harness = try LogsHarness(text, size: Size(width: 200, height: 12))
        let row = try #require(harness.lines.first { $0.contains("failed") })
        #expect(row.contains("lines in the first 64 KiB)") && row.contains("(cut, "))
        harness.driver.press("enter")
        #expect(harness.lines[11].hasPrefix("entry 3 · 100001 lines · "))
        harness.driver.press("G")
        #expect(harness.screen.contains("of 100001 lines)"))
    }

    /// X1: a deleted file's note said it twice ("… was deleted: showing what was read · …: file deleted: showing
    /// what was read"): the file's notice says it once, for as long as it is deleted.
    @Test func aDeletedFileIsSaidOnceInTheStatusLine() throws {
        let harness = try LogsHarness(LogsHarness.numbered(30))
        #expect(unlink(harness.paths[0]) == 0)
        harness.viewer.filesChanged()
        harness.driver.app.render()
        // The whole status line (the screen cuts it at its width).
        let status = harness.viewer.statusLine.text
        #expect(status.components(separatedBy: "deleted").count == 2, "\(status)")
        harness.viewer.filesChanged()
        harness.driver.press("k")
        #expect(harness.viewer.statusLine.text.components(separatedBy: "deleted").count == 2)
    }
}
