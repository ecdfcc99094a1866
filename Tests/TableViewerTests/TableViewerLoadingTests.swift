import Dispatch
import Foundation
import TableViewerCore
import TableViewerKit
import TermTable
import TermTableTesting
import Testing

/// The first frame before the index: the viewer indexes and types only the first screen's rows, draws, and loads
/// the rest on a thread of its own after that frame (held back here until the test lets it go).
@MainActor
@Suite("TableViewer loading")
struct TableViewerLoadingTests {
    let folder = TVRun.directory()

    /// A file of `rows` rows (`n,amount`), `amount` a whole number in the first `wholeRows` rows and `later` after.
    func file(rows: Int, wholeRows: Int, later: (Int) -> String) throws -> TableFile {
        var text = "n,amount\n"
        for row in 0..<rows { text += "\(row + 1),\(row < wholeRows ? String(row % 97) : later(row))\n" }
        return try TableFile(path: TVRun.file("load.csv", Array(text.utf8), in: folder))
    }

    /// Lets the main queue run until `condition` holds (``TVRun/wait(until:_:_:turns:)``).
    func wait(until condition: () -> Bool, _ viewer: TableViewer, _ driver: AppDriver) async {
        await TVRun.wait(until: condition, viewer, driver)
    }

    @Test func theFirstFrameIsDrawnBeforeTheIndexAndTheRestFollowsWithoutMovingTheCursor() async throws {
        let file = try file(rows: 5_000, wholeRows: 600) { "\($0).5" }
        let gate = DispatchSemaphore(value: 0)
        let indexThreadStarted = Locked(false)
        let viewer = TableViewer(file: file, screenRows: 10) {
            indexThreadStarted.withLock { $0 = true }
            gate.wait()
        }
        defer { viewer.stop() }
        let driver = AppDriver(rootView: viewer.root, size: Size(width: 40, height: 10))
        viewer.install(in: driver.app)
        driver.app.render()
        // The first frame: one screen of rows indexed and typed here, nothing else yet.
        #expect(viewer.rowCount == 10)
        #expect(!viewer.isLoaded && !viewer.typesAreFinal)
        #expect(viewer.types == [.integer, .integer])
        #expect(!indexThreadStarted.withLock { $0 }, "the index thread starts after the first frame")
        #expect(viewer.titleBar.text.contains(" 10 rows so far"))
        #expect(driver.lines[2].split(separator: " ").prefix(2) == ["1", "0"])
        // Keys are answered while the index is held back.
        await wait(until: { indexThreadStarted.withLock { $0 } }, viewer, driver)
        driver.press("j j l")
        #expect(viewer.cursorRow == 2)
        #expect(viewer.cursorColumn == 1)
        #expect(!file.progress.isComplete, "the index waits for the gate")
        let topBefore = viewer.table.indexPathsForVisibleRows.first

        gate.signal()
        await wait(until: { viewer.isLoaded && viewer.typesAreFinal }, viewer, driver)
        #expect(viewer.rowCount == 5_000)
        #expect(viewer.types == [.integer, .decimal], "typed again from the first 1,000 rows")
        #expect(viewer.table.tableColumn(withIdentifier: "1")?.valueType == .decimal)
        #expect(viewer.cursorRow == 2, "the cursor's row stays")
        #expect(viewer.cursorColumn == 1, "the cursor's column stays")
        #expect(viewer.table.indexPathsForVisibleRows.first == topBefore, "the top row stays")
        #expect(viewer.titleBar.text.contains(" 5,000 rows × "))
        #expect(viewer.statusLine.text.contains("row 3/5,000 · amount (decimal)"))
    }

    @Test func aSortAskedForWhileLoadingSortsByTheTypesOfTheFirstThousandRows() async throws {
        // Numbers on the first screen, text later: the column is text, sorted by its bytes ("9" after "10").
        let file = try file(rows: 300, wholeRows: 200) { _ in "n/a" }
        let gate = DispatchSemaphore(value: 0)
        let viewer = TableViewer(file: file, screenRows: 10, beforeIndexing: { gate.wait() })
        defer { viewer.stop() }
        let driver = AppDriver(rootView: viewer.root, size: Size(width: 40, height: 10))
        viewer.install(in: driver.app)
        driver.app.render()
        #expect(viewer.types[1] == .integer)
        driver.press("l ]")
        #expect(viewer.sortKeys.isEmpty, "not sorted before the file is loaded and typed")
        gate.signal()
        await wait(until: { !viewer.sortKeys.isEmpty }, viewer, driver)
        #expect(
            !viewer.sortKeys.isEmpty,
            "loaded \(viewer.isLoaded), typed \(viewer.typesAreFinal), sorting \(viewer.isSorting), \(viewer.message ?? "")"
        )
        #expect(viewer.types[1] == .text)
        #expect(driver.lines[2].split(separator: " ").prefix(2).last == "n/a", "text descending: n/a first")
        let values = (0..<viewer.rowCount).map { viewer.fields(ofRow: $0)[1] }
        #expect(values == values.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }).reversed())
    }
}
