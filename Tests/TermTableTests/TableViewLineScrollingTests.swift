import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Rows taller than the view scroll by line (issue 23): the scroll position is an item and a line offset inside it.
/// Rows are `height=auto` cells of 3-character words at 4 columns, one word a line, so each line says which it is.
@Suite("TableView: scrolling by line") @MainActor
struct TableViewLineScrollingTests {
    /// A row of `count` lines `p00`, `p01`, … (prefix `p`).
    static func row(_ prefix: String, lines count: Int) -> String {
        (0..<count).map { prefix + ($0 < 10 ? "0\($0)" : "\($0)") }.joined(separator: " ")
    }

    /// A 4-column table of `rows` (one word a line), `height` lines tall, with an optional section title.
    func makeTable(_ rows: [String], height: Int, title: String? = nil) throws -> (TableView, NumbersSource, AppDriver)
    {
        let source = NumbersSource(sections: [rows], titles: title.map { [$0] } ?? [])
        source.identifier = { _ in "message" }
        let layout = "cell message height=auto\n|[1  ]|\n  1 label wrap stretch=both"
        let table = TermTableTests.makeTable(source, width: 4, height: height)
        table.register(
            template: try LayoutLibrary(string: layout).template("message"), forCellReuseIdentifier: "message")
        let driver = AppDriver(rootView: table, size: Size(width: 4, height: height))
        return (table, source, driver)
    }

    /// The words on screen, top to bottom.
    func words(_ driver: AppDriver) -> [String] { driver.lines.map { $0.trimmingCharacters(in: .whitespaces) } }

    @Test func jAndKScrollATallRowLineByLineThenMoveOn() throws {
        let (table, source, driver) = try makeTable(
            [Self.row("a", lines: 8), "b00", Self.row("c", lines: 8)], height: 5)
        defer { withExtendedLifetime(source) {} }
        #expect(words(driver) == ["a00", "a01", "a02", "a03", "a04"])
        driver.press("j")
        #expect(words(driver) == ["a01", "a02", "a03", "a04", "a05"])
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        driver.press("j j")
        #expect(words(driver) == ["a03", "a04", "a05", "a06", "a07"], "the far edge shows")
        driver.press("j")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(words(driver) == ["a04", "a05", "a06", "a07", "b00"], "the least scrolling shows the next row")
        driver.press("j")
        #expect(table.state.cursor == IndexPath(row: 2, section: 0))
        #expect(words(driver) == ["c00", "c01", "c02", "c03", "c04"], "a tall row below shows from its top")
        driver.press("k")
        #expect(words(driver) == ["b00", "c00", "c01", "c02", "c03"], "a row that fits: the row-granular rule")
        driver.press("k")
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        #expect(words(driver) == ["a03", "a04", "a05", "a06", "a07"], "a tall row above shows its end")
        driver.press("k k k")
        #expect(words(driver) == ["a00", "a01", "a02", "a03", "a04"])
        #expect(table.perform(.moveUp) == false, "the first row's top shows: nothing to do")
    }

    @Test func gShowsTheEndOfTheLastRowAndPagesMoveByLines() throws {
        let (table, source, driver) = try makeTable(["b00", Self.row("c", lines: 12)], height: 5)
        defer { withExtendedLifetime(source) {} }
        driver.press("G")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(words(driver) == ["c07", "c08", "c09", "c10", "c11"])
        driver.press("pgup")
        #expect(words(driver) == ["c03", "c04", "c05", "c06", "c07"], "a page is the view's lines less one")
        driver.press("pgup")
        #expect(words(driver) == ["c00", "c01", "c02", "c03", "c04"])
        driver.press("pgup")
        #expect(table.state.cursor == IndexPath(row: 0, section: 0), "at the row's top, a page of rows")
        #expect(words(driver) == ["b00", "c00", "c01", "c02", "c03"])
        driver.press("g")
        #expect(words(driver) == ["b00", "c00", "c01", "c02", "c03"])
        driver.press("j pgdn")
        #expect(words(driver) == ["c04", "c05", "c06", "c07", "c08"])
    }

    @Test func pgDnInsideATallRowStopsAtTheRowsFarEdge() throws {
        let (table, source, driver) = try makeTable([Self.row("a", lines: 12), "b00", "b01"], height: 5)
        defer { withExtendedLifetime(source) {} }
        driver.press("pgdn")
        #expect(words(driver) == ["a04", "a05", "a06", "a07", "a08"], "a page is the view's lines less one")
        driver.press("pgdn")
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        #expect(table.state.topLineOffset == 7)
        #expect(words(driver) == ["a07", "a08", "a09", "a10", "a11"], "the row's last line shows: no line skipped")
        driver.press("pgdn")
        #expect(table.state.cursor != IndexPath(row: 0, section: 0), "at the row's far edge, a page of rows")
    }

    @Test func theWheelScrollsATallRowByLines() throws {
        let (table, source, driver) = try makeTable([Self.row("a", lines: 9), "b00", "b01"], height: 4)
        defer { withExtendedLifetime(source) {} }
        table.selectionMode = .none
        driver.wheel(up: false)
        #expect(words(driver) == ["a03", "a04", "a05", "a06"])
        table.scroll(by: 2)
        driver.app.renderIfNeeded()
        #expect(words(driver) == ["a05", "a06", "a07", "a08"], "the row's end shows before the next row comes")
        driver.wheel(up: false)
        #expect(words(driver) == ["b00", "b01", "", ""], "then whole rows; never past the end")
        driver.wheel(up: true)
        #expect(words(driver) == ["a03", "a04", "a05", "a06"], "up: into the tall row's end, then by lines")
    }

    @Test func aClickOnAPartlyShownRowSelectsIt() throws {
        let (table, source, driver) = try makeTable([Self.row("a", lines: 8), "b00", "b01"], height: 5)
        defer { withExtendedLifetime(source) {} }
        driver.press("j j j j")
        #expect(words(driver) == ["a04", "a05", "a06", "a07", "b00"])
        driver.click(x: 1, y: 0)
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        #expect(words(driver) == ["a03", "a04", "a05", "a06", "a07"], "the cursor's tall row fills the view")
        #expect(table.indexPathForRow(at: Point(x: 0, y: 0)) == IndexPath(row: 0, section: 0))
    }

    @Test func aPartlyShownTopRowIsClippedBelowTheStickyHeader() throws {
        let (table, source, driver) = try makeTable(
            [Self.row("a", lines: 3)] + (0..<8).map { "b0\($0)" }, height: 6, title: "Hd")
        defer { withExtendedLifetime(source) {} }
        table.scrollPadding = 2
        driver.press("j")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(table.state.topLineOffset == 1)
        #expect(words(driver) == ["Hd", "a01", "a02", "b00", "b01", "b02"])
    }

    @Test func scrollPaddingKeepsLinesOfContextAroundTheCursor() throws {
        var rows = (0..<30).map { "r\($0 < 10 ? "0" : "")\($0)" }
        rows[12] = Self.row("t", lines: 4)
        let (table, source, driver) = try makeTable(rows, height: 10)
        defer { withExtendedLifetime(source) {} }
        table.scrollPadding = 2
        let heights = rows.map { TerminalText.wrap($0, width: 4).count }
        func check(_ step: String) {
            guard let cursor = table.state.cursor, let y = table.cursorLine else {
                Issue.record("\(step): the cursor's row is not on screen")
                return
            }
            let h = heights[cursor.row]
            let above = heights[..<cursor.row].reduce(0, +)
            let below = heights[(cursor.row + 1)...].reduce(0, +)
            #expect(y >= min(2, above), "\(step): \(y) lines above row \(cursor.row)")
            #expect(y + h + min(2, below) <= 10, "\(step): row \(cursor.row) at \(y), \(h) lines")
        }
        for step in 0..<29 {
            driver.press("j")
            check("j \(step)")
        }
        for step in 0..<29 {
            driver.press("k")
            check("k \(step)")
        }
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        // Coming up to the tall row from below, its last two lines are the context above row 13.
        table.setCursor(IndexPath(row: 20, section: 0))
        driver.press("k k k k k k k")
        #expect(table.state.cursor == IndexPath(row: 13, section: 0))
        #expect(table.cursorLine == 2)
        #expect(words(driver).prefix(3) == ["t02", "t03", "r13"])
    }

    @Test func aCursorRowThatGrowsIsRevealed() throws {
        var rows = (0..<20).map { "r\($0 < 10 ? "0" : "")\($0)" }
        let (table, source, driver) = try makeTable(rows, height: 10)
        defer { withExtendedLifetime(source) {} }
        table.setCursor(IndexPath(row: 9, section: 0))
        driver.app.renderIfNeeded()
        #expect(table.cursorLine == 9)
        rows[9] = Self.row("x", lines: 8)
        source.sections = [rows]
        table.reloadRows(at: [IndexPath(row: 9, section: 0)])
        driver.app.renderIfNeeded()
        #expect(table.cursorLine == 2, "the grown row shows whole, with the least scrolling")
        #expect(words(driver).suffix(8) == (0..<8).map { "x0\($0)" })
        rows[9] = Self.row("x", lines: 14)
        source.sections = [rows]
        table.reloadRows(at: [IndexPath(row: 9, section: 0)])
        driver.app.renderIfNeeded()
        #expect(table.state.top == TableItem(section: 0, row: 9), "taller than the view: from its top")
        #expect(words(driver).first == "x00")
    }

    @Test func theScrollThumbMovesWithTheLines() throws {
        let (table, source, driver) = try makeTable((0..<3).map { Self.row("a\($0)", lines: 40) }, height: 10)
        defer { withExtendedLifetime(source) {} }
        table.selectionMode = .none
        table.showsScrollIndicator = true
        driver.app.renderIfNeeded()
        var thumbs: [Range<Int>] = []
        for _ in 0..<40 {
            if let thumb = table.scrollIndicator() { thumbs.append(thumb) }
            driver.press("j")
        }
        #expect(thumbs.count == 40)
        #expect(thumbs.first?.lowerBound == 0)
        #expect(zip(thumbs, thumbs.dropFirst()).allSatisfy { $0.lowerBound <= $1.lowerBound })
        #expect(Set(thumbs.map(\.lowerBound)).count > 2, "the thumb moves inside the first row")
    }
}
