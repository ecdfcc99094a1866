import TermTableTesting
import Testing

@testable import TermTable

@Suite("Cursor style by focus") @MainActor
struct TableViewFocusStyleTests {
    /// Marks (`^`) under the cells of line `y` with `attribute`.
    func mask(_ screen: BufferScreen, line y: Int, _ attribute: TextAttributes) -> String {
        screen.styleMask(line: y) { $0.attributes.contains(attribute) }
    }

    @Test func theFocusedTableShowsTheBarTheOtherAnUnderline() {
        let sources = [NumbersSource(rows: 10), NumbersSource(rows: 10)]
        defer { withExtendedLifetime(sources) {} }
        let a = makeTable(sources[0], width: 1, height: 1)
        let b = makeTable(sources[1], width: 1, height: 1)
        let driver = AppDriver(rootView: VStack([.fill(a), .fill(b)]), size: Size(width: 8, height: 4))
        #expect(driver.lines == ["Row 0   ", "Row 1   ", "Row 0   ", "Row 1   "])
        #expect(mask(driver.screen, line: 0, .reverse) == "^^^^^^^^")
        #expect(mask(driver.screen, line: 2, .reverse) == "        ", "the unfocused table's cursor is no bar")
        #expect(mask(driver.screen, line: 2, .underline) == "^^^^^^^^")
        #expect(mask(driver.screen, line: 0, .underline) == "        ")
        driver.press("tab")
        #expect(mask(driver.screen, line: 0, .reverse) == "        ")
        #expect(mask(driver.screen, line: 0, .underline) == "^^^^^^^^")
        #expect(mask(driver.screen, line: 2, .reverse) == "^^^^^^^^")
        #expect(mask(driver.screen, line: 2, .underline) == "        ")
    }

    @Test func eachTableSetsItsOwnStylesAndATableAloneKeepsTheBar() {
        let sources = [NumbersSource(rows: 10), NumbersSource(rows: 10)]
        defer { withExtendedLifetime(sources) {} }
        let a = makeTable(sources[0], width: 1, height: 1)
        let b = makeTable(sources[1], width: 1, height: 1)
        b.unfocusedCursorStyle = .custom(Style(attributes: .dim))
        a.focusedCursorStyle = .custom(Style(attributes: .bold))
        let driver = AppDriver(rootView: VStack([.fill(a), .fill(b)]), size: Size(width: 8, height: 4))
        #expect(mask(driver.screen, line: 0, .bold) == "^^^^^^^^")
        #expect(mask(driver.screen, line: 0, .reverse) == "        ")
        #expect(mask(driver.screen, line: 2, .dim) == "^^^^^^^^")
        b.unfocusedCursorStyle = nil
        driver.app.render()
        #expect(mask(driver.screen, line: 2, .reverse) == "^^^^^^^^", "nil: as when focused")
        // A table no app focuses (drawn on its own) shows the full bar.
        let alone = makeTable(sources[0], width: 1, height: 1)
        let screen = render(alone, size: Size(width: 8, height: 2))
        #expect(mask(screen, line: 0, .reverse) == "^^^^^^^^")
    }
}
