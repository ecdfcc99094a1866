import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Drawing only the rows that changed must give exactly the screen a full redraw gives, after anything.
@Suite("Table partial redraw") @MainActor
struct TableViewDrawingTests {
    /// The screen a full redraw of the app's current state gives, with the reverse-video mask of each line.
    func fullRedraw(_ driver: AppDriver, table: TableView) -> [String] {
        let saved = table.painter.lastDrawing
        table.redrawsOnlyChangedRows = false
        let screen = BufferScreen(size: driver.screen.size)
        driver.app.rootView.render(on: screen)
        for overlay in driver.app.overlays { overlay.view.render(on: screen) }
        table.redrawsOnlyChangedRows = true
        table.painter.lastDrawing = saved
        return snapshot(screen)
    }

    func snapshot(_ screen: BufferScreen) -> [String] {
        (0..<screen.size.height).flatMap { y in
            [screen.line(y), screen.styleMask(line: y) { $0.attributes.contains(.reverse) }]
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func matchesAFullRedrawAfterRandomOperations(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let source = NumbersSource(
            sections: (0..<4).map { s in (0..<(20 + s * 7)).map { "S\(s) row \($0)" } },
            titles: ["First", "Second", "Third", "Fourth"])
        source.identifier = { $0.row % 4 == 0 ? "row" : "basic" }
        source.heights = [IndexPath(row: 3, section: 1): 2, IndexPath(row: 5, section: 2): 3]
        let table = makeTable(source, width: 30, height: 10)
        table.showsScrollIndicator = rng.next() % 2 == 0
        table.selectionMode = rng.next() % 3 == 0 ? .multiple : .single
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 10))
        var scrolledFrames = 0
        for step in 0..<400 {
            switch rng.next() % 16 {
            case 0, 1, 2, 3: driver.press("j")
            case 4, 5: driver.press("k")
            case 6: driver.press(["pgdn", "pgup", "G", "g"][Int(rng.next() % 4)])
            case 7: driver.wheel(up: rng.next() % 2 == 0)
            case 8: driver.click(x: 3, y: Int(rng.next() % 10))
            case 9:
                // The app changes a visible cell directly.
                if let row = table.indexPathsForVisibleRows.randomElement(using: &rng),
                    let cell = table.cellForRow(at: row)
                {
                    cell.viewWithTag(1, as: Label.self)?.text = "edited \(step)"
                    (cell as? BasicCell)?.textLabel.text = "edited \(step)"
                    driver.app.setNeedsDisplay()
                    driver.app.renderIfNeeded()
                }
            case 10:
                if let row = table.indexPathsForVisibleRows.randomElement(using: &rng) {
                    source.sections[row.section][row.row] = "reloaded \(step)"
                    table.reloadRows(at: [row])
                    driver.app.setNeedsDisplay()
                    driver.app.renderIfNeeded()
                }
            case 11:
                let section = Int(rng.next() % 4)
                source.sections[section].insert("inserted \(step)", at: 0)
                table.insertRows(at: [IndexPath(row: 0, section: section)])
                driver.app.renderIfNeeded()
            case 12:
                let section = Int(rng.next() % 4)
                if source.sections[section].count > 1 {
                    source.sections[section].remove(at: 0)
                    table.deleteRows(at: [IndexPath(row: 0, section: section)])
                    driver.app.renderIfNeeded()
                }
            case 13:
                if driver.app.isShowingOverlay {
                    driver.press("x")
                } else {
                    driver.app.showHelp(entries: [("j", "down"), ("k", "up")])
                    driver.app.renderIfNeeded()
                }
            case 14:
                driver.resize(to: Size(width: 20 + Int(rng.next() % 20), height: 5 + Int(rng.next() % 10)))
            default:
                driver.press("space")
            }
            if table.painter.lastDrawing != nil { scrolledFrames += 1 }
            #expect(snapshot(driver.screen) == fullRedraw(driver, table: table), "seed \(seed), step \(step)")
            if snapshot(driver.screen) != fullRedraw(driver, table: table) { return }
        }
        #expect(scrolledFrames > 300, "the partial path was taken")
    }

    @Test func scrollingOneRowDrawsOnlyTheRowsThatChanged() {
        let source = NumbersSource(rows: 1000)
        let table = makeTable(source, width: 20, height: 10)
        let screen = CountingScreen(width: 20, height: 10)
        let app = Application(screen: screen, rootView: table)
        app.render()
        for _ in 0..<9 {
            app.handle(.key(.down))
            app.render()
        }
        screen.lineWrites = 0
        app.handle(.key(.down))
        app.render()
        // Scrolled by one line: the old cursor row, the new cursor row (the new bottom row).
        #expect(screen.scrolls == 1)
        #expect(screen.lineWrites <= 2 * 3, "only a couple of rows were drawn, not 10")
        #expect(screen.line(9).hasPrefix("Row 10"))
        #expect(screen.line(0).hasPrefix("Row 1 "))
    }

    /// Rows inserted above the view, the cursor keeping its line: the rows on screen are those shown before, so
    /// the table neither scrolls the terminal nor draws a row, whatever else changed on screen (issue 32 item 2:
    /// a title that changed each tick made every frame a one-line scroll and a repaint of every row). Each row
    /// gets its cell back; only the cursor's is drawn again, as the reuse queue clears and the table sets its
    /// highlight, the same drawing (ncurses sends nothing for it: `rowsInsertedAboveTheViewSendOnlyWhatChanged`).
    @Test(arguments: [false, true])
    func rowsInsertedAboveTheViewNeitherScrollNorRepaintTheRowsShown(titleChanges: Bool) {
        let source = NumbersSource(rows: 1000)
        let table = makeTable(source, width: 20, height: 9)
        let title = Label(text: "tick 0")
        let screen = CountingScreen(width: 20, height: 10)
        let app = Application(screen: screen, rootView: VStack([title, .fill(table)]))
        table.setCursor(IndexPath(row: 500, section: 0))
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .middle)
        app.render()
        let shown = (0..<10).map { screen.line($0) }
        for tick in 1...20 {
            source.sections[0].insert("New \(tick)", at: 0)
            table.insertRows(at: [IndexPath(row: 0, section: 0)])
            if titleChanges { title.text = "tick \(tick)" }
            screen.scrolls = 0
            screen.lineWrites = 0
            screen.linesWritten = []
            app.render()
            #expect(screen.scrolls == 0, "tick \(tick): the terminal scrolled though no row moved")
            let cursorLine = 1 + table.cursorLine!
            let rowLines = screen.linesWritten.filter { $0 > 0 && $0 != cursorLine }
            #expect(rowLines.isEmpty, "tick \(tick): lines written \(screen.linesWritten)")
            #expect(table.state.cursor == IndexPath(row: 500 + tick, section: 0))
        }
        #expect((1..<10).map { screen.line($0) } == Array(shown[1...]), "the rows shown did not change")
    }

    /// A long scroll keeps the remembered heights and selectability bounded (issue 20: at 4,096 each they
    /// were 0.4 MiB of `scroll-bench`'s peak), and the rows still draw right after the caches start over.
    @Test func aLongScrollRemembersABoundedNumberOfRows() {
        let source = NumbersSource(rows: 6000)
        let table = makeTable(source, width: 20, height: 10)
        let screen = BufferScreen(width: 20, height: 10)
        let app = Application(screen: screen, rootView: table)
        app.render()
        var most = 0
        for _ in 0..<5000 {
            app.handle(.key(.down))
            app.render()
            most = max(most, table.measurements.heights.count, table.measurements.selectable.count)
        }
        #expect(most <= 1024 + 10, "items remembered at most: \(most)")
        #expect(screen.line(9).hasPrefix("Row 5000"))
    }
}

/// A buffer screen that counts the lines written and the scrolls.
@MainActor
final class CountingScreen: Screen {
    let inner: BufferScreen
    var lineWrites = 0
    var scrolls = 0
    /// The lines written to (put or filled), in order.
    var linesWritten: [Int] = []
    init(width: Int, height: Int) { inner = BufferScreen(width: width, height: height) }
    var size: Size { inner.size }
    func put(_ text: String, at position: Point, clippedTo columns: Range<Int>, style: Style) {
        lineWrites += 1
        linesWritten.append(position.y)
        inner.put(text, at: position, clippedTo: columns, style: style)
    }
    func fill(_ rect: Rect, with character: Character, style: Style) {
        lineWrites += rect.height
        linesWritten += Array(rect.minY..<rect.maxY)
        inner.fill(rect, with: character, style: style)
    }
    func flush() { inner.flush() }
    func setCursor(_ position: Point?) { inner.setCursor(position) }
    func nextEvent(timeout: Duration?) -> InputEvent? { inner.nextEvent(timeout: timeout) }
    func lineVersion(_ y: Int) -> Int? { inner.lineVersion(y) }
    func scroll(_ rect: Rect, by lines: Int) -> Bool {
        scrolls += 1
        return inner.scroll(rect, by: lines)
    }
    func line(_ y: Int) -> String { inner.line(y) }
}
