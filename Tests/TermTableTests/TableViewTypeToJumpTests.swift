import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Typed letters no binding takes move the cursor to the next row starting with them.
@Suite("TableView type-to-jump") @MainActor
struct TableViewTypeToJumpTests {
    final class Clock {
        var now = ContinuousClock.now
    }

    /// A table of `names` in an app whose own binding takes `q`, with a clock the test moves.
    func makeDriver(_ names: [String], clock: Clock) -> (AppDriver, TableView, NumbersSource) {
        let source = NumbersSource(sections: [names])
        let table = makeTable(source, width: 20, height: 6)
        table.typeToJump = TypeToJump(now: { clock.now }, text: { source.sections[$0.section][$0.row] })
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 6))
        driver.app.keyBindings[Key("q")] = {}
        return (driver, table, source)
    }

    @Test func typedLettersJumpToTheNextRowStartingWithThemAndAPauseStartsAgain() {
        let clock = Clock()
        let (driver, table, source) = makeDriver(
            ["apple", "Banana", "blueberry", "cherry", "bluebell", "quince", "date"], clock: clock)
        _ = source
        driver.type("b")
        #expect(table.state.cursor?.row == 1, "b: Banana, case ignored")
        driver.type("l")
        #expect(table.state.cursor?.row == 2, "bl: blueberry")
        driver.type("u")
        driver.type("e")
        driver.type("b")
        driver.type("e")
        driver.type("l")
        #expect(table.state.cursor?.row == 4, "bluebel: bluebell")
        clock.now += .seconds(2)
        driver.type("c")
        #expect(table.state.cursor?.row == 3, "after a pause, c: cherry")
        clock.now += .seconds(2)
        driver.type("b")
        #expect(table.state.cursor?.row == 4, "b from cherry: the next b row, bluebell")
        driver.type("b")
        #expect(table.state.cursor?.row == 1, "b again: on to the next, round the end to Banana")
        driver.type("b")
        #expect(table.state.cursor?.row == 2)
        clock.now += .seconds(2)
        driver.type("q")
        #expect(table.state.cursor?.row == 2, "q is the app's binding: no jump to quince")
        driver.type("j")
        #expect(table.state.cursor?.row == 3, "j is the table's binding: down one row")
        clock.now += .seconds(2)
        driver.type("z")
        #expect(table.state.cursor?.row == 3, "no row starts with z: the cursor stays")
    }

    @Test func withoutTypeToJumpLettersDoNothing() {
        let source = NumbersSource(sections: [["apple", "banana"]])
        let table = makeTable(source, width: 20, height: 6)
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 6))
        driver.type("b")
        #expect(table.state.cursor?.row == 0)
        #expect(table.handleTypeToJump(Key("b")) == false)
    }
}
