import TermTableTesting
import Testing

@testable import TermTable

/// A help box too short for its keys scrolls (issue 32 item 9: at 40x10 it showed 7 of 21 keys and any key
/// closed it): j/k and the arrows by a line, PgDn/PgUp by a page, g/G to the ends, the wheel by three lines; the
/// bottom edge says how many lines are below and above. Esc, q and ? close it, and any other key still does.
@Suite("HelpBox scrolling") @MainActor
struct HelpBoxScrollingTests {
    static let entries: [(key: String, action: String)] = (1...21).map { ("k\($0)", "action number \($0)") }

    let source = NumbersSource(rows: 30)  // held here: the table holds its data source weakly

    func showHelp(width: Int, height: Int) -> AppDriver {
        let table = makeTable(source, width: width, height: height)
        let driver = AppDriver(rootView: table, size: Size(width: width, height: height))
        driver.app.showHelp(title: "Keys", entries: Self.entries)
        driver.app.renderIfNeeded()
        return driver
    }

    var help: (AppDriver) -> HelpBox? { { $0.app.topOverlay as? HelpBox } }

    @Test func atFortyByTenItScrollsAndSaysHowManyLinesAreLeft() throws {
        let driver = showHelp(width: 40, height: 10)
        assertSnapshot(driver.lines, named: "helpBox-40x10-top")
        #expect(driver.lines.contains { $0.contains("↓ 14 more") })
        driver.press("j j")
        #expect(driver.app.isShowingOverlay, "j scrolls, it does not close")
        #expect(try #require(help(driver)).firstShownEntry == 2)
        #expect(driver.lines.contains { $0.contains("↑ 2 · ↓ 12 more") })
        driver.press("pgdn")
        #expect(try #require(help(driver)).firstShownEntry == 8)
        driver.press("G")
        assertSnapshot(driver.lines, named: "helpBox-40x10-end")
        #expect(driver.lines.contains { $0.contains("k21") })
        #expect(driver.lines.contains { $0.contains("↑ 14 · end") })
        driver.press("j down")  // at the end: nothing moves, the box stays
        #expect(try #require(help(driver)).firstShownEntry == 14)
        driver.press("k up pgup")
        #expect(try #require(help(driver)).firstShownEntry == 6)
        driver.press("g")
        #expect(try #require(help(driver)).firstShownEntry == 0)
        driver.wheel(up: false, x: 20, y: 5)
        #expect(try #require(help(driver)).firstShownEntry == 3)
        driver.wheel(up: true, x: 20, y: 5)
        #expect(try #require(help(driver)).firstShownEntry == 0)
        #expect(driver.app.isShowingOverlay)
    }

    @Test(arguments: ["esc", "q", "?", "x", "enter"])
    func closingKeysCloseIt(key: String) {
        let driver = showHelp(width: 40, height: 10)
        driver.press("j")
        driver.press(key)
        #expect(!driver.app.isShowingOverlay, "\(key) closes the help")
    }

    @Test func aBoxThatShowsEveryLineClosesOnAnyKeyAsBefore() {
        let driver = showHelp(width: 40, height: 30)
        #expect(driver.lines.contains { $0.contains("any key closes") })
        driver.press("j")
        #expect(!driver.app.isShowingOverlay)
    }

    @Test func atTinySizesTheBoxStaysInsideTheScreen() {
        for (width, height) in [(20, 6), (30, 5), (12, 4)] {
            let driver = showHelp(width: width, height: height)
            assertSnapshot(driver.lines, named: "helpBox-\(width)x\(height)")
            driver.press("G")
            #expect(driver.app.isShowingOverlay, "G scrolls at \(width)x\(height)")
        }
    }

    /// A resize that makes the box taller keeps its first line shown in range (no blank lines at the end).
    @Test func growingTheScreenKeepsTheLastLinesInView() throws {
        let driver = showHelp(width: 40, height: 10)
        driver.press("G")
        driver.resize(to: Size(width: 40, height: 20))
        #expect(driver.lines.contains { $0.contains("k21") })
        #expect(driver.lines.contains { $0.contains("k5") })
        driver.press("k")
        #expect(try #require(help(driver)).firstShownEntry == 3)
    }
}
