import TermTableTesting
import Testing

@testable import TermTable

/// An outline in a table with columns (the guides in the outline column, the others beside it), and a click on a
/// disclosure mark, with columns and without.
@Suite @MainActor
struct OutlineDataSourceColumnsTests {
    static let sizes = ["src": "3", "a": "10", "Core": "2", "x": "7", "y": "8", "b": "11", "docs": "1", "readme": "99"]

    func columnTable() -> (TableView, OutlineDataSource<String>, AppDriver) {
        let table = TableView()
        table.addTableColumn(TableColumn("name", title: "Name", width: .fixed(14)))
        table.addTableColumn(TableColumn("size", title: "Size", width: .fixed(4), valueType: .integer))
        let source = OutlineDataSource<String>(tableView: table, outlineColumn: "name") { item, column in
            StyledText(column.identifier == "name" ? item : Self.sizes[item] ?? "")
        }
        source.apply(OutlineDataSourceTests.sample())
        source.expand("src")
        let driver = AppDriver(rootView: table, size: Size(width: 24, height: 8))
        driver.app.renderIfNeeded()
        return (table, source, driver)
    }

    @Test func theOutlineColumnDrawsTheGuidesBeforeItsTextAndTheOtherColumnsBeside() {
        let (table, source, driver) = columnTable()
        let rows = driver.lines.dropFirst(table.showsColumnHeader ? 1 : 0).prefix(5).map {
            String($0.prefix(19)).trimmingCharacters(in: .whitespaces)
        }
        #expect(
            rows == [
                "▾ src             3", "├─  a            10", "├─▸ Core          2", "└─  b            11",
                "▸ docs            1",
            ])
        #expect(
            source.tableView(table, textFor: table.tableColumns[1], at: IndexPath(row: 1, section: 0)).string == "10")
    }

    @Test func aClickOnTheDisclosureMarkTogglesItsItemAndAClickElsewhereOnlyMovesTheCursor() {
        let (table, source, driver) = columnTable()
        let top = table.showsColumnHeader ? 1 : 0
        // "├─▸ Core": the mark is at columns 2-3 of the name column.
        driver.click(x: 6, y: top + 2)
        #expect(source.cursorItemIdentifier == "Core" && !source.isExpanded("Core"))
        driver.click(x: 2, y: top + 2)
        #expect(source.isExpanded("Core") && source.snapshot().visibleItems.count == 7)
        driver.click(x: 0, y: top)
        #expect(!source.isExpanded("src") && source.cursorItemIdentifier == "src")
        // Without columns: the mark at the start of the cell's content, after the guides.
        let fixture = OutlineDataSourceTests.Fixture(OutlineDataSourceTests.sample())
        fixture.driver.click(x: 0, y: 1)
        #expect(fixture.dataSource.isExpanded("docs") && fixture.shown == ["src", "docs", "readme"])
        fixture.driver.click(x: 5, y: 0)
        #expect(!fixture.dataSource.isExpanded("src") && fixture.dataSource.cursorItemIdentifier == "src")
    }

    @Test func withARowCursorLeftAndRightAreTheTreesAndWithACellCursorTheColumns() {
        let (table, source, driver) = columnTable()
        table.setCursor(source.indexPath(for: "Core"))
        // A row cursor (NSOutlineView, Finder's list view): → expands, → again goes to the first child, ← to the
        // parent, ← collapses; the help says so.
        driver.press("right")
        #expect(source.isExpanded("Core") && source.cursorItemIdentifier == "Core")
        driver.press("l")
        #expect(source.cursorItemIdentifier == "x")
        driver.press("h")
        #expect(source.cursorItemIdentifier == "Core")
        driver.press("left")
        #expect(!source.isExpanded("Core") && source.cursorItemIdentifier == "Core")
        #expect(table.keyHelp.map(\.help).contains("expand / first child"))
        // A cell cursor: ←/→ move the cursor's column and the tree keeps - and +.
        table.cursorShape = .cell
        table.moveCursor(toColumn: 0)
        driver.press("right")
        #expect(table.cursorColumn == 1 && !source.isExpanded("Core"))
        driver.press("left")
        #expect(table.cursorColumn == 0 && !source.isExpanded("Core"))
        driver.press("+")
        #expect(source.isExpanded("Core"))
        #expect(!table.keyHelp.map(\.help).contains("expand / first child"))
    }
}
