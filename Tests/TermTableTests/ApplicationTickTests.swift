import TermTableTesting
import Testing

@testable import TermTable

/// The app's once-a-second tick (one timer for every handler) and `TableView.reconfigureRows(at:)`, which draws
/// again only the rows on screen that were asked for.
@Suite @MainActor
struct ApplicationTickTests {
    @Test func oneTimerRunsEveryHandlerAndStopsWithTheLast() {
        let driver = AppDriver(rootView: View(), size: Size(width: 10, height: 2))
        let log = KeyLog()
        let handlers = (0..<3).map { number in driver.app.addTickHandler { log.entries.append("tick \(number)") } }
        #expect(driver.app.timers.count == 1, "one timer however many handlers")
        driver.advanceTime(by: .seconds(1))
        #expect(log.take() == ["tick 0", "tick 1", "tick 2"])
        driver.app.removeTickHandler(handlers[1])
        driver.advanceTime(by: .seconds(3))
        #expect(log.take() == ["tick 0", "tick 2"])
        driver.app.removeTickHandler(handlers[0])
        driver.app.removeTickHandler(handlers[2])
        #expect(driver.app.timers.isEmpty, "no handler, no timer: an idle app is not woken")
    }

    @Test func reconfiguringRowsDrawsOnlyThoseOnScreenAndNeverScrolls() {
        let source = NumbersSource(rows: 50)
        let table = makeTable(source, width: 20, height: 10)
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 10))
        table.setCursor(IndexPath(row: 9, section: 0))
        driver.app.renderIfNeeded()
        let top = driver.lines[0]
        let before = (0..<10).map { driver.screen.lineVersion($0) }
        source.sections[0][3] = "Three"
        source.sections[0][30] = "Thirty"
        let cellsAsked = table.statistics.cellRequests
        table.reconfigureRows(at: [IndexPath(row: 3, section: 0), IndexPath(row: 30, section: 0)])
        driver.app.renderIfNeeded()
        #expect(driver.lines[3].hasPrefix("Three"), "\(driver.lines)")
        let redrawn = (0..<10).filter { driver.screen.lineVersion($0) != before[$0] }
        #expect(redrawn == [3], "only the reconfigured row on screen is drawn again")
        #expect(table.statistics.cellRequests - cellsAsked == 1, "the row off screen is not asked for")
        #expect(driver.lines[0] == top, "the cursor's row is not revealed: nothing scrolls")
    }
}
