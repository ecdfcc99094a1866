import TermTableTesting
import Testing

@testable import TermTable

@Suite("BasicCell") @MainActor
struct BasicCellTests {
    /// Bug: the labels were found as `contentView.subviews[0]` and `[1]`, so a cell whose content view was
    /// rearranged (a label moved to the front, an icon added first) handed out the wrong label or crashed.
    @Test func theLabelsAreTheCellsOwnWhateverTheOrderOfItsSubviews() {
        let cell = BasicCell(reuseIdentifier: "basic")
        let text = cell.textLabel
        let detail = cell.detailTextLabel
        text.removeFromSuperview()
        cell.contentView.addSubview(text)  // now after the detail
        #expect(cell.textLabel === text && cell.detailTextLabel === detail)
        cell.textLabel.text = "Inbox"
        cell.detailTextLabel.text = "12"
        let screen = render(cell, size: Size(width: 20, height: 1))
        #expect(screen.lines == ["Inbox             12"])
    }

    /// A copy's labels are its own subviews, standing where the original's do, not the original's.
    @Test func aCopysLabelsAreItsOwn() {
        let cell = BasicCell(reuseIdentifier: "basic")
        cell.textLabel.text = "Inbox"
        let copy = cell.copy()
        #expect(copy.textLabel !== cell.textLabel && copy.detailTextLabel !== cell.detailTextLabel)
        #expect(copy.textLabel.superview === copy.contentView && copy.detailTextLabel.superview === copy.contentView)
        #expect(copy.textLabel.text == "Inbox" && copy.detailTextLabel.alignment == .right)
        copy.textLabel.text = "Sent"
        #expect(cell.textLabel.text == "Inbox")
    }
}
