import TermTableTesting
import Testing

@testable import TableViewerCore
@testable import TableViewerSQLite

extension SQLiteViewerTests {
    @Test func aLongerFilterLooksOnlyAtTheRowsTheCountOfTheOneBeforeFound() async throws {
        let (viewer, driver) = try viewer()
        await wait(until: { viewer.countIsExact && !viewer.isRunning }, driver)
        // "name 4" has more matches than a page: its count, run to its end, keeps their rowids.
        driver.press("l /")
        driver.type("name 4")
        await wait(until: { viewer.order.filter?.text == "name 4" && viewer.countIsExact && !viewer.isRunning }, driver)
        let matches = (1...5000).filter { Self.subsequence("4", of: "\($0)") }.count
        #expect(viewer.rowCount == matches)
        driver.type("4")
        await wait(
            until: { viewer.order.filter?.text == "name 44" && viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(viewer.reader.withLock { $0.candidates?.count } == matches)
        #expect(viewer.rowCount == (1...5000).filter { Self.subsequence("44", of: "\($0)") }.count)
        #expect(viewer.rows[0]?.values[1] == .text("name 44"))
        // `R` reads the whole table.
        driver.press("enter R")
        await wait(until: { viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(viewer.reader.withLock { $0.candidates } == nil)
    }
}
