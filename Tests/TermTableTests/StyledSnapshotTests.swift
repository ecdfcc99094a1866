import Foundation
import TermTable
import TermTableTesting
import Testing

/// Snapshots that keep each cell's style: a changed highlight fails them as a changed glyph does.
@MainActor
@Suite("Styled snapshots")
struct StyledSnapshotTests {
    func screen(cursorStyle: Style) -> BufferScreen {
        let screen = BufferScreen(width: 12, height: 3)
        screen.put("Inbox", at: Point(x: 0, y: 0), style: .bold)
        screen.put("3", at: Point(x: 11, y: 0), style: Style(foreground: .red))
        screen.fill(Rect(x: 0, y: 1, width: 12, height: 1), with: " ", style: cursorStyle)
        screen.put("> 漢字 hi", at: Point(x: 0, y: 1), style: cursorStyle)
        screen.put("plain", at: Point(x: 0, y: 2))
        return screen
    }

    @Test func eachLineIsFollowedByItsStyleLettersAndALegend() {
        let text = StyledSnapshotFormat.encode(screen(cursorStyle: .reverse))
        #expect(
            text == """
                |Inbox      3|
                 AAAAA......B
                |> 漢字 hi   |
                 CCCCCCCCCC
                |plain       |
                 ............
                --
                A: bold
                B: fg red
                C: reverse

                """)
    }

    /// The same glyphs with the cursor row in another style: a glyph-only snapshot passes, a styled one fails and
    /// its report shows the style lines that changed.
    @Test func aChangedHighlightFailsTheStyledSnapshot() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("styled-\(UUID().uuidString)").appendingPathComponent("Snapshots")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let glyphs = SnapshotFile(directory: directory, name: "glyphs")
        let styled = SnapshotFile(directory: directory, name: "styled")
        let before = screen(cursorStyle: .reverse)
        _ = glyphs.check(before.lines, record: true)
        _ = styled.check(encoded: StyledSnapshotFormat.encode(before), record: true)

        let after = screen(cursorStyle: Style(foreground: .blue, attributes: .reverse))
        #expect(glyphs.check(after.lines, record: false) == .matches)
        let outcome = styled.check(encoded: StyledSnapshotFormat.encode(after), record: false)
        #expect(outcome.failsTest)
        let report = try #require(outcome.report)
        #expect(report.contains("10 - C: reverse"))
        #expect(report.contains("10 + C: fg blue reverse"))
        #expect(styled.check(encoded: StyledSnapshotFormat.encode(before), record: false) == .matches)
    }
}
