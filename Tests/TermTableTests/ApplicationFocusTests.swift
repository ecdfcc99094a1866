import TermTableTesting
import Testing

@testable import TermTable

/// A button that records the focus hooks it hears.
final class RecordingButton: Button {
    var heard: [String] = []
    override func didBecomeFocused() { heard.append("became \(title)") }
    override func didResignFocus() { heard.append("resigned \(title)") }
    required init(copying other: View) { super.init(copying: other) }
    init(_ title: String, x: Int) { super.init(title: title, frame: Rect(x: x, y: 0, width: 5, height: 1)) }
}

@Suite("Focus") @MainActor
struct ApplicationFocusTests {
    /// Two tables one above the other, as in the report: a 20x8 screen, each table 4 lines.
    func twoTables() -> (AppDriver, TableView, TableView, [NumbersSource]) {
        let sources = [NumbersSource(rows: 10), NumbersSource(rows: 10)]
        let a = makeTable(sources[0], width: 1, height: 1)
        let b = makeTable(sources[1], width: 1, height: 1)
        let driver = AppDriver(rootView: VStack([.fill(a), .fill(b)]), size: Size(width: 20, height: 8))
        return (driver, a, b, sources)
    }

    @Test func aClickOnATablesRowFocusesThatTable() {
        let (driver, a, b, sources) = twoTables()
        defer { withExtendedLifetime(sources) {} }
        #expect(driver.app.focusedView === a)
        #expect(b.frame == Rect(x: 0, y: 4, width: 20, height: 4))
        // The press hits the row's label, deep inside b's cell: the table around it takes the focus.
        driver.click(x: 2, y: b.frame.y + 1)
        #expect(driver.app.focusedView === b)
        #expect(b.state.cursor == IndexPath(row: 1, section: 0))
        driver.press("j")
        #expect(b.state.cursor == IndexPath(row: 2, section: 0), "keys go to the clicked table")
        #expect(a.state.cursor == IndexPath(row: 0, section: 0))
    }

    @Test func tabAndShiftTabCycleThroughTheFocusableViewsBothWays() {
        let (driver, a, b, sources) = twoTables()
        defer { withExtendedLifetime(sources) {} }
        driver.press("tab")
        #expect(driver.app.focusedView === b)
        driver.press("tab")
        #expect(driver.app.focusedView === a, "Tab wraps round")
        driver.press("shift-tab")
        #expect(driver.app.focusedView === b, "Shift-Tab wraps round backwards")
    }

    @Test func viewsAndTheAppHearFocusChanges() {
        let root = View()
        let one = RecordingButton("one", x: 0)
        let two = RecordingButton("two", x: 6)
        root.addSubview(one)
        root.addSubview(two)
        let driver = AppDriver(rootView: root, size: Size(width: 12, height: 1))
        var changes: [String] = []
        driver.app.onFocusChange = { old, new in
            changes.append("\((old as? Button)?.title ?? "nil") -> \((new as? Button)?.title ?? "nil")")
        }
        #expect(one.heard == ["became one"], "the first focus is heard too")
        driver.press("tab")
        #expect(one.heard == ["became one", "resigned one"])
        #expect(two.heard == ["became two"])
        #expect(changes == ["one -> two"])
        driver.app.focus(two)
        #expect(changes == ["one -> two"], "focusing the focused view is no change")
        driver.click(x: 1, y: 0)
        #expect(changes == ["one -> two", "two -> one"])
    }

    /// Three buttons in a row, the middle one focused.
    func threeButtons() -> (AppDriver, [RecordingButton]) {
        let root = View()
        let buttons = [RecordingButton("a", x: 0), RecordingButton("b", x: 6), RecordingButton("c", x: 12)]
        for button in buttons { root.addSubview(button) }
        let driver = AppDriver(rootView: root, size: Size(width: 18, height: 1))
        driver.app.focus(buttons[1])
        return (driver, buttons)
    }

    @Test func aHiddenFocusedViewGivesTheFocusToItsNeighbourNotTheFirst() {
        let (driver, buttons) = threeButtons()
        buttons[1].isHidden = true
        driver.app.render()
        #expect(driver.app.focusedView === buttons[2], "the next one in focus order")
        buttons[2].isHidden = true
        driver.app.render()
        #expect(driver.app.focusedView === buttons[0], "the last one gives it to the one before")
    }

    @Test func aPaneTheStackHidesOnANarrowScreenGivesTheFocusToTheOneBeside() {
        let panes = [Button(title: "a"), Button(title: "b"), Button(title: "c")]
        let stack = HStack([.fill(panes[0]), .fill(panes[1]), .fill(panes[2]).hidden(below: 60)])
        let driver = AppDriver(rootView: stack, size: Size(width: 80, height: 1))
        driver.app.focus(panes[2])
        driver.resize(to: Size(width: 50, height: 1))
        #expect(panes[2].isHidden)
        #expect(driver.app.focusedView === panes[1], "the middle pane, not the first")
        driver.resize(to: Size(width: 80, height: 1))
        #expect(!panes[2].isHidden && panes[2].frame.width > 0, "shown again when there is room")
    }

    @Test func aRemovedFocusedViewGivesTheFocusToTheViewThatTookItsPlace() {
        let (driver, buttons) = threeButtons()
        buttons[1].removeFromSuperview()
        driver.app.render()
        #expect(driver.app.focusedView === buttons[2])
    }

    @Test func theAppsPreferredViewTakesTheFocusWhenItIsShown() {
        let (driver, buttons) = threeButtons()
        driver.app.preferredFocus = buttons[0]
        buttons[1].isHidden = true
        driver.app.render()
        #expect(driver.app.focusedView === buttons[0])
        // A preferred view that is hidden itself is passed over for the neighbour.
        driver.app.focus(buttons[2])
        buttons[0].isHidden = true
        buttons[1].isHidden = false
        buttons[2].isHidden = true
        driver.app.render()
        #expect(driver.app.focusedView === buttons[1])
    }
}
