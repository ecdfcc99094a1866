import TermTableCore
import TermTableTesting
import Testing

@testable import TermTable

/// The screen-reader mode: the hardware cursor follows the focused table's cursor, frame by frame.
@Suite("Screen-reader cursor") @MainActor
struct ApplicationReaderCursorTests {
    /// A 20x8 screen: a one-line label above a table of 30 rows, in the reader mode.
    func readerApp(rows: Int = 30) -> (AppDriver, TableView, NumbersSource) {
        let source = NumbersSource(rows: rows)
        let table = makeTable(source, width: 1, height: 1)
        let title = Label(text: "Numbers", frame: Rect(x: 0, y: 0, width: 20, height: 1))
        let driver = AppDriver(
            rootView: VStack([.fixed(title, height: 1), .fill(table)]), size: Size(width: 20, height: 8))
        driver.app.isAccessible = true
        driver.app.render()
        return (driver, table, source)
    }

    /// The screen line whose text starts with `text`.
    func line(_ driver: AppDriver, startingWith text: String) -> Int? {
        driver.lines.firstIndex { $0.hasPrefix(text) }
    }

    @Test func theCursorSitsOnTheCursorRowsFirstColumnAndMovesWithEveryKey() throws {
        let (driver, table, source) = readerApp()
        defer { withExtendedLifetime(source) {} }
        #expect(driver.app.focusedView === table)
        #expect(driver.screen.cursor == Point(x: 0, y: try #require(line(driver, startingWith: "Row 0"))))
        for (key, row) in [("j", "Row 1"), ("j", "Row 2"), ("k", "Row 1"), ("G", "Row 29"), ("g", "Row 0")] {
            driver.press(key)
            let y = try #require(line(driver, startingWith: row), "after \(key)")
            #expect(driver.screen.cursor == Point(x: 0, y: y), "after \(key)")
        }
        driver.press("end")
        #expect(driver.screen.cursor == Point(x: 0, y: try #require(line(driver, startingWith: "Row 29"))))
        #expect(driver.screen.cursor?.y == 7, "the last row, on the last line")
    }

    @Test func withoutTheModeTheCursorStaysHidden() {
        let (driver, _, source) = readerApp()
        defer { withExtendedLifetime(source) {} }
        driver.app.isAccessible = false
        driver.press("j")
        #expect(driver.screen.cursor == nil)
    }

    @Test func aFocusedTextFieldKeepsItsOwnCursor() {
        let source = NumbersSource(rows: 5)
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 1, height: 1)
        let field = TextField(text: "abc", frame: Rect(x: 0, y: 0, width: 20, height: 1))
        let driver = AppDriver(
            rootView: VStack([.fixed(field, height: 1), .fill(table)]), size: Size(width: 20, height: 6))
        driver.app.isAccessible = true
        driver.app.focus(field)
        driver.app.render()
        #expect(driver.screen.cursor == Point(x: 3, y: 0), "the field's insertion point, not the table's row")
        driver.app.focus(table)
        driver.app.render()
        #expect(driver.screen.cursor == Point(x: 0, y: 1))
    }

    @Test func inCellShapeTheCursorSitsOnTheCursorsCell() {
        let source = ColumnRows([["aa", "bb", "cc"], ["dd", "ee", "ff"]])
        let table = TableView(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        table.showsScrollIndicator = false
        table.tableColumns = (0..<3).map { TableColumn("c\($0)", title: "T\($0)") }
        table.cursorShape = .cell
        table.dataSource = source
        table.delegate = source
        let driver = AppDriver(rootView: VStack([.fill(table)]), size: Size(width: 16, height: 4))
        driver.app.isAccessible = true
        driver.app.render()
        // Line 0 is the column header; the cells are 2 wide with a 1-column gap.
        #expect(driver.screen.cursor == Point(x: 0, y: 1))
        driver.press("l j")
        #expect(driver.lines[2].hasPrefix("dd ee"))
        #expect(driver.screen.cursor == Point(x: 3, y: 2))
    }

    @Test func theModeIsReadFromTheEnvironment() {
        #expect(Application.isAccessibleMode(environment: ["TERMTABLE_ACCESSIBLE": "1"]))
        #expect(Application.isAccessibleMode(environment: ["TERMTABLE_ACCESSIBLE": "Yes"]))
        #expect(!Application.isAccessibleMode(environment: ["TERMTABLE_ACCESSIBLE": "0"]))
        #expect(!Application.isAccessibleMode(environment: [:]))
    }
}
