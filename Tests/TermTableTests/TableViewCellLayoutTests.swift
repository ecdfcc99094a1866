import TermTableTesting
import Testing

@testable import TermTable

@Suite("TableViewCell layout") @MainActor
struct TableViewCellLayoutTests {
    /// Bug: `indentationWidth` was a plain stored property, so changing it on a laid-out cell moved nothing
    /// until something else asked for a layout; like `indentationLevel`, it now asks for one.
    @Test func changingTheIndentationWidthMovesTheContentAtTheNextLayout() {
        let cell = TableViewCell(reuseIdentifier: "row")
        cell.frame = Rect(x: 0, y: 0, width: 20, height: 1)
        cell.indentationLevel = 1
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame.x == 2)
        cell.indentationWidth = 4
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame.x == 4)
        #expect(cell.contentView.frame.width == 16)
    }

    /// The table's settings on a cell redraw it only when they change (a layout pass sets them on every cell).
    @Test func settingTheSameHighlightDoesNotRedraw() {
        let cell = TableViewCell(reuseIdentifier: "row")
        cell.isHighlighted = true
        let version = cell.drawVersion
        cell.isHighlighted = true
        #expect(cell.drawVersion == version)
        cell.isHighlighted = false
        #expect(cell.drawVersion != version)
    }
}
