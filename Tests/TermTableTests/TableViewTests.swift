import Foundation
import TermTableTesting
import Testing

@testable import TermTable

@Suite("TableView") @MainActor
struct TableViewTests {
    @Test func showsRowsAndHighlightsTheCursor() {
        let source = NumbersSource(rows: 3)
        let table = makeTable(source, width: 12, height: 4)
        table.setCursor(IndexPath(row: 1, section: 0))
        let screen = render(table, size: Size(width: 12, height: 4))
        #expect(screen.lines == ["Row 0       ", "Row 1       ", "Row 2       ", "            "])
        #expect(screen.styleMask(line: 1) { $0.attributes.contains(.reverse) } == String(repeating: "^", count: 12))
        #expect(screen.styleMask(line: 0) { $0.attributes.contains(.reverse) } == String(repeating: " ", count: 12))
    }

    @Test func reuseStaysBoundedWhileScrollingTenThousandRowsBothWays() {
        let source = NumbersSource(rows: 10_000)
        let table = makeTable(source, width: 20, height: 10)
        source.identifier = { $0.row % 3 == 0 ? "row" : "basic" }
        table.reloadData()
        let screen = BufferScreen(width: 20, height: 10)
        table.render(on: screen)
        for _ in 0..<9_999 {
            table.perform(.moveDown)
            table.render(on: screen)
        }
        #expect(screen.line(9).hasPrefix("Row 9999"))
        for _ in 0..<9_999 {
            table.perform(.moveUp)
            table.render(on: screen)
        }
        #expect(screen.line(0).hasPrefix("Row 0"))
        // Visible rows plus at most 2 per identifier (two identifiers).
        #expect(table.statistics.cellsCreated <= 10 + 2 * 2)
        #expect(table.statistics.cellsReused > 19_000)
        #expect(table.subviews.count == 10)
    }

    @Test func pageAndJumpKeys() {
        let source = NumbersSource(rows: 100)
        let table = makeTable(source, width: 12, height: 5)
        let driver = AppDriver(rootView: table, size: Size(width: 12, height: 5))
        driver.press("ctrl-f")
        #expect(table.state.cursor == IndexPath(row: 4, section: 0))
        driver.press("pgdn")
        #expect(table.state.cursor == IndexPath(row: 8, section: 0))
        driver.press("G")
        #expect(driver.lines == ["Row 95      ", "Row 96      ", "Row 97      ", "Row 98      ", "Row 99      "])
        driver.press("g")
        #expect(driver.lines[0] == "Row 0       ")
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        driver.press("j j down k")
        #expect(table.state.cursor == IndexPath(row: 2, section: 0))
        driver.press("end up pgup")
        #expect(table.state.cursor == IndexPath(row: 94, section: 0))
    }

    @Test func stickyHeaderStaysAtTheTopWhileItsRowsScroll() {
        let source = NumbersSource(
            sections: [(0..<6).map { "A\($0)" }, (0..<6).map { "B\($0)" }],
            titles: ["Alpha", "Bravo"])
        let table = makeTable(source, width: 10, height: 4)
        let driver = AppDriver(rootView: table, size: Size(width: 10, height: 4))
        #expect(driver.lines == ["Alpha     ", "A0        ", "A1        ", "A2        "])
        driver.press("j j j j")
        #expect(driver.lines == ["Alpha     ", "A2        ", "A3        ", "A4        "])
        driver.press("j j")
        // The cursor crossed into section B: its header flows in, then sticks.
        #expect(driver.lines == ["Alpha     ", "A5        ", "Bravo     ", "B0        "])
        driver.press("j j")
        #expect(driver.lines == ["Bravo     ", "B0        ", "B1        ", "B2        "])
        driver.press("k k k")
        #expect(driver.lines == ["Alpha     ", "A5        ", "Bravo     ", "B0        "])
        #expect(table.state.cursor == IndexPath(row: 5, section: 0))
        #expect(driver.screen.styleMask(line: 0) { $0.attributes.contains(.bold) } == "^^^^^     ")
    }

    @Test func severalCellKindsAndTemplatesLayOutAtEveryWidth() {
        let source = NumbersSource(rows: 4)
        source.identifier = { $0.row % 2 == 0 ? "row" : "basic" }
        for width in [16, 30, 60] {
            let table = makeTable(source, width: width, height: 4)
            let screen = render(table, size: Size(width: width, height: 4))
            let pad = { (text: String, detail: String) -> String in
                text + String(repeating: " ", count: width - text.count - detail.count) + detail
            }
            #expect(screen.lines == [pad("Row 0", "#0"), pad("Row 1", ""), pad("Row 2", "#2"), pad("Row 3", "")])
        }
    }

    @Test func resizeNarrowerAndWiderRelaysOutAndKeepsTheCursorVisible() {
        let source = NumbersSource(rows: 50)
        source.identifier = { _ in "row" }
        let table = makeTable(source, width: 30, height: 6)
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 6))
        driver.press("G")
        driver.resize(to: Size(width: 14, height: 3))
        #expect(driver.lines == ["Row 47     #47", "Row 48     #48", "Row 49     #49"])
        driver.resize(to: Size(width: 40, height: 4))
        #expect(
            driver.lines == [
                "Row 46                               #46", "Row 47                               #47",
                "Row 48                               #48", "Row 49                               #49",
            ])
        #expect(table.state.cursor == IndexPath(row: 49, section: 0))
    }

    @Test func singleSelectionFollowsTheCursorAndEnterActivates() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source)
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 5))
        driver.press("j enter")
        #expect(source.events == ["deselect [0, 0]", "select [0, 1]", "activate [0, 1]"])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    }

    @Test func multipleSelectionTogglesWithSpaceAndClearsWithEscape() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source)
        table.selectionMode = .multiple
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 5))
        driver.press("j space j j space")
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
        #expect(table.state.cursor == IndexPath(row: 3, section: 0))
        driver.press("k")
        // Cursor and marks are separate and look different: row 1 is marked (the mark style), row 2 has the cursor (reverse).
        let marked = driver.screen.style(at: Point(x: 0, y: 1))
        #expect(marked.attributes.contains(.bold) && !marked.attributes.contains(.reverse))
        #expect(marked.foreground == driver.app.theme.resolve(table.markStyle).foreground)
        #expect(driver.screen.style(at: Point(x: 0, y: 2)).attributes.contains(.reverse))
        driver.press("j")
        // The cursor on a marked row: reverse video with the mark's colour.
        #expect(driver.screen.style(at: Point(x: 0, y: 3)).attributes.isSuperset(of: [.reverse, .bold]))
        driver.press("k")
        driver.press("space")
        #expect(
            table.indexPathsForSelectedRows == [
                IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0),
            ])
        driver.press("ctrl-a")
        #expect(table.indexPathsForSelectedRows.count == 5)
        driver.press("esc")
        #expect(table.indexPathsForSelectedRows.isEmpty)
    }

    @Test func selectionModeNoneScrollsWithoutACursor() {
        let source = NumbersSource(rows: 20)
        let table = makeTable(source, width: 8, height: 3)
        table.selectionMode = .none
        let driver = AppDriver(rootView: table, size: Size(width: 8, height: 3))
        driver.press("j j")
        #expect(table.state.cursor == nil)
        #expect(driver.lines == ["Row 2   ", "Row 3   ", "Row 4   "])
        #expect(driver.screen.styleMask(line: 0) { $0.attributes.contains(.reverse) } == "        ")
        driver.press("G")
        #expect(driver.lines == ["Row 17  ", "Row 18  ", "Row 19  "])
    }

    @Test func mouseClickSelectsDoubleClickActivatesWheelScrollsEmptyAreaClears() {
        let source = NumbersSource(rows: 30)
        let table = makeTable(source, width: 10, height: 5)
        let driver = AppDriver(rootView: table, size: Size(width: 10, height: 5))
        driver.click(x: 2, y: 3)
        #expect(table.state.cursor == IndexPath(row: 3, section: 0))
        driver.doubleClick(x: 2, y: 2)
        #expect(source.events.last == "activate [0, 2]")
        driver.wheel(up: false)
        #expect(driver.lines[0] == "Row 3     ")
        #expect(table.state.cursor == IndexPath(row: 3, section: 0))
        driver.wheel(up: false)
        // The cursor was pushed off the top and moved to the first visible row.
        #expect(driver.lines[0] == "Row 6     ")
        #expect(table.state.cursor == IndexPath(row: 6, section: 0))

        let short = NumbersSource(rows: 2)
        let small = makeTable(short, width: 10, height: 5)
        let other = AppDriver(rootView: small, size: Size(width: 10, height: 5))
        other.click(x: 1, y: 1)
        other.click(x: 1, y: 4)
        #expect(short.events.last == "cleared")
        #expect(small.indexPathsForSelectedRows.isEmpty)
        #expect(other.screen.styleMask(line: 1) { $0.attributes.contains(.reverse) } == "          ")
    }

    @Test func reloadKeepsSelectionWhereRowsRemainAndClampsWhereTheyVanished() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source)
        table.selectionMode = .multiple
        _ = render(table, size: Size(width: 30, height: 5))
        table.selectRow(at: IndexPath(row: 2, section: 0))
        table.selectRow(at: IndexPath(row: 8, section: 0))
        table.setCursor(IndexPath(row: 9, section: 0))
        source.sections = [(0..<5).map { "New \($0)" }]
        table.reloadData()
        let screen = render(table, size: Size(width: 30, height: 5))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        #expect(table.state.cursor == IndexPath(row: 4, section: 0))
        #expect(screen.line(0).hasPrefix("New 0"))
    }

    @Test func insertAndDeleteKeepCursorSelectionAndScrollOnTheSameRows() {
        let source = NumbersSource(rows: 20)
        let table = makeTable(source, width: 10, height: 3)
        let driver = AppDriver(rootView: table, size: Size(width: 10, height: 3))
        driver.press("j j j j j j")  // cursor on Row 6, view shows rows 4...6
        #expect(driver.lines == ["Row 4     ", "Row 5     ", "Row 6     "])
        source.sections[0].insert(contentsOf: ["New A", "New B"], at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
        driver.app.render()
        #expect(driver.lines == ["Row 4     ", "Row 5     ", "Row 6     "])
        #expect(table.state.cursor == IndexPath(row: 8, section: 0))
        source.sections[0].remove(at: 8)  // "Row 6", under the cursor
        table.deleteRows(at: [IndexPath(row: 8, section: 0)])
        driver.app.render()
        #expect(table.state.cursor == IndexPath(row: 8, section: 0))
        #expect(driver.lines == ["Row 4     ", "Row 5     ", "Row 7     "])
    }

    @Test func reloadRowsAsksOnlyForThoseRows() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source, width: 10, height: 3)
        let screen = render(table, size: Size(width: 10, height: 3))
        let before = table.statistics.cellRequests
        source.sections[0][1] = "Changed"
        table.reloadRows(at: [IndexPath(row: 1, section: 0)])
        table.render(on: screen)
        #expect(table.statistics.cellRequests == before + 1)
        #expect(screen.lines == ["Row 0     ", "Changed   ", "Row 2     "])
    }

    @Test func unselectableRowsAreSkippedByTheCursor() {
        let source = NumbersSource(rows: 6)
        source.unselectable = [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)]
        let table = makeTable(source, width: 10, height: 6)
        let driver = AppDriver(rootView: table, size: Size(width: 10, height: 6))
        driver.press("j")
        #expect(table.state.cursor == IndexPath(row: 3, section: 0))
        driver.press("k")
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
    }

    @Test func noCursorWhileNoRowCanTakeItThenTheFirstThatCan() {
        let source = NumbersSource(rows: 3)
        source.unselectable = [
            IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0),
        ]
        let table = makeTable(source, width: 10, height: 3)
        let driver = AppDriver(rootView: table, size: Size(width: 10, height: 3))
        #expect(table.state.cursor == nil)
        driver.press("j G g")
        #expect(table.state.cursor == nil)
        #expect(driver.screen.styleMask(line: 0) { $0.attributes.contains(.reverse) } == "          ")
        source.unselectable = [IndexPath(row: 0, section: 0)]
        table.reloadData()
        driver.app.render()
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
    }

    @Test func nothingOutlivesTheTableAndItsApp() {
        weak var weakTable: TableView?
        weak var weakCell: TableViewCell?
        weak var weakLabel: Label?
        weak var weakApp: Application?
        do {
            let source = NumbersSource(rows: 100)
            source.identifier = { $0.row % 2 == 0 ? "row" : "basic" }
            let table = makeTable(source, width: 20, height: 5)
            let driver = AppDriver(rootView: table, size: Size(width: 20, height: 5))
            driver.press("j G g")
            weakTable = table
            weakApp = driver.app
            weakCell = table.visibleCellsInOrder.first
            weakLabel = weakCell?.viewWithTag(1, as: Label.self)
            #expect(weakCell != nil && weakLabel != nil)
        }
        #expect(weakTable == nil, "the table leaked")
        #expect(weakApp == nil, "the app leaked")
        #expect(weakCell == nil, "a cell leaked")
        #expect(weakLabel == nil, "a label leaked")
    }

    @Test func variableRowHeights() {
        let source = NumbersSource(rows: 5)
        source.heights = [IndexPath(row: 1, section: 0): 3]
        let table = makeTable(source, width: 8, height: 4)
        let driver = AppDriver(rootView: table, size: Size(width: 8, height: 4))
        #expect(driver.lines == ["Row 0   ", "Row 1   ", "        ", "        "])
        driver.press("j j")
        #expect(driver.lines == ["Row 1   ", "        ", "        ", "Row 2   "])
    }

    @Test func tenMillionRowsStayUsable() {
        let source = HugeSource()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.dataSource = source
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 5))
        driver.press("G")
        #expect(driver.lines.last?.hasPrefix("Row 9999999") == true)
        #expect(table.scrollIndicator() == 4..<5)
        driver.press("pgup")
        #expect(table.statistics.cellRequests < 40)
    }

    @Test func inconsistentDataSourceNeverCrashes() {
        let source = ShiftySource()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 12, height: 4))
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.dataSource = source
        let driver = AppDriver(rootView: table, size: Size(width: 12, height: 4))
        for _ in 0..<30 { driver.press("j G g pgdn") }
        table.reloadData()
        driver.press("j j")
        // The same cell object returned for every row is copied, so each row shows once.
        #expect(Set(table.visibleCellsInOrder.map(ObjectIdentifier.init)).count == table.visibleCellsInOrder.count)
    }

    @Test func unregisteredIdentifierNamesItAndTheRegisteredOnes() throws {
        let table = makeTable(NumbersSource(rows: 1))
        #expect(throws: TableViewError.self) { try table.dequeueReusableCellIfRegistered(withIdentifier: "rwo") }
        do {
            _ = try table.dequeueReusableCellIfRegistered(withIdentifier: "rwo")
        } catch {
            #expect(
                "\(error)"
                    == "no cell is registered for reuse identifier 'rwo'; did you mean 'row'? (registered: 'basic', 'row')"
            )
        }
    }

    /// Hardening item 3, the table's share: an identifier (it can come from a layout file) never carries escapes.
    @Test func unregisteredIdentifierMessagesCarryNoControlSequences() {
        let error = TableViewError.unregisteredIdentifier(
            "\u{1B}]0;owned\u{07}x", registered: ["\u{1B}[2Jrow"],
            suggestion: "\u{1B}[31mrow")
        let text = error.description
        #expect(
            !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "\(text.debugDescription)")
        #expect(text.contains("owned") && text.contains("row"))
    }

    @Test func actionsFromButtonsInCellsReachTheTableWithTheIndexPath() {
        let location = LayoutLocation(file: "t", line: 1, column: 1)
        var spec = ViewSpec(tag: 3, kind: .button, frame: Rect(x: 0, y: 0, width: 8, height: 1), location: location)
        spec.properties.text = "Open"
        spec.properties.action = "open"
        let template = CellTemplate(
            spec: CellSpec(
                identifier: "buttons", width: 10, height: 1, views: [spec],
                location: location))
        let source = NumbersSource(rows: 3)
        source.identifier = { _ in "buttons" }
        let table = makeTable(source, width: 10, height: 3)
        table.register(template: template, forCellReuseIdentifier: "buttons")
        table.reloadData()
        var received: [String] = []
        table.onAction("open") { action, cell, indexPath in
            received.append("\(action.name) \(indexPath) \(cell.reuseIdentifier ?? "")")
        }
        let driver = AppDriver(rootView: table, size: Size(width: 10, height: 3))
        #expect(driver.lines[2] == "[ Open ]  ")
        driver.click(x: 3, y: 2)
        #expect(received == ["open [0, 2] buttons"])
    }

    @Test func screenSnapshotOfSectionsWithSelection() {
        let source = NumbersSource(
            sections: [["Inbox", "Drafts"], ["Archive", "Trash", "Spam"]],
            titles: ["Mail", "Folders"])
        let table = makeTable(source, width: 24, height: 8)
        table.showsScrollIndicator = true
        let driver = AppDriver(rootView: table, size: Size(width: 24, height: 8))
        driver.press("j j")
        assertSnapshot(driver.lines, named: "sectionsWithSelection")
    }
}

@MainActor
final class HugeSource: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10_000_000 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
        cell.textLabel.text = "Row \(indexPath.row)"
        return cell
    }
}

/// Counts that change on every call, and the same cell returned for every row.
@MainActor
final class ShiftySource: TableViewDataSource {
    var calls = 0
    let shared = BasicCell(reuseIdentifier: nil)
    func numberOfSections(in tableView: TableView) -> Int {
        calls += 1
        return calls % 3 + 1
    }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        calls += 1
        return (calls * 7) % 50
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        shared.textLabel.text = "R\(indexPath.row)"
        return shared
    }
}
