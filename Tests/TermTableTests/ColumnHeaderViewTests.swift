import Testing

@testable import TermTable

/// A table's column header: above the rows, not scrolled, aligned to the rows, clicks told to the delegate.
@Suite("TableView: column header") @MainActor
struct ColumnHeaderViewTests {
    final class Processes: TableViewDataSource, TableViewDelegate {
        var rows = (1...20).map { "proc\($0)" }
        var columnsClicked: [String] = []
        var selected: [IndexPath] = []
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "process", for: indexPath)
            cell.viewWithTag(1, as: Label.self)?.text = String(indexPath.row + 1)
            cell.viewWithTag(2, as: Label.self)?.text = "root"
            cell.viewWithTag(3, as: Label.self)?.text = rows[indexPath.row]
            cell.viewWithTag(4, as: Label.self)?.text = "1.0"
            cell.viewWithTag(5, as: Label.self)?.text = "2M"
            return cell
        }
        func tableView(_ tableView: TableView, didSelectColumn column: TableColumn) {
            columnsClicked.append(column.identifier)
            tableView.columnHeader?.sort = ColumnSort(column: column.identifier, ascending: true)
        }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
    }

    let source = Processes()
    let table: TableView
    let screen = BufferScreen(width: 41, height: 5)

    init() throws {
        let library = try LayoutLibrary(string: NarrowLayoutTests.processes)
        table = TableView(frame: Rect(x: 0, y: 0, width: 41, height: 5))
        try table.registerCells(from: library)
        table.columnHeader = ColumnHeaderView(template: try library.template("process"))
        table.dataSource = source
        table.delegate = source
    }

    func draw() -> [String] {
        table.render(on: screen)
        return screen.lines
    }

    @Test func theHeaderStaysAboveTheScrollingRowsAlignedToThem() {
        // 41 columns: one for the scroll indicator, 40 for the rows and the header.
        #expect(
            draw() == [
                "    PID USER COMMAND         CPU     MEM ",
                "      1 root proc1           1.0      2M┃",
                "      2 root proc2           1.0      2M│",
                "      3 root proc3           1.0      2M│",
                "      4 root proc4           1.0      2M│",
            ])
        #expect(table.rowsHeight == 4)
        for _ in 0..<6 { table.perform(.moveDown) }
        let lines = draw()
        #expect(lines[0] == "    PID USER COMMAND         CPU     MEM ")
        #expect(lines[4].hasPrefix("      7 root proc7"))
        #expect(table.cursorLine == 3)
    }

    @Test func aClickOnATitleTellsTheDelegateAndARowClickStillSelects() {
        _ = draw()
        // COMMAND covers columns 13..<24 at this width; column 12 is the gap before it.
        #expect(table.handleMouse(MouseEvent(.press, at: Point(x: 15, y: 0)), at: Point(x: 15, y: 0)))
        #expect(source.columnsClicked == ["command"])
        #expect(table.handleMouse(MouseEvent(.press, at: Point(x: 12, y: 0)), at: Point(x: 12, y: 0)))
        #expect(source.columnsClicked == ["command"])
        #expect(draw()[0] == "    PID USER COMMAND ▲       CPU     MEM ")
        // Line 2 of the table is the second row.
        #expect(table.handleMouse(MouseEvent(.press, at: Point(x: 3, y: 2)), at: Point(x: 3, y: 2)))
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(table.indexPathForRow(at: Point(x: 0, y: 0)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 0, y: 1)) == IndexPath(row: 0, section: 0))
    }

    /// Clicking a title twice quickly (to reverse a sort) gives a press and a double click: both are selections.
    @Test func aQuickSecondClickOnATitleIsASecondSelection() {
        _ = draw()
        #expect(table.handleMouse(MouseEvent(.press, at: Point(x: 15, y: 0)), at: Point(x: 15, y: 0)))
        #expect(table.handleMouse(MouseEvent(.doubleClick, at: Point(x: 15, y: 0)), at: Point(x: 15, y: 0)))
        #expect(source.columnsClicked == ["command", "command"])
    }

    @Test func aTableOneLineTallShowsOnlyTheHeader() {
        for height in [0, 1, 2] {
            table.frame = Rect(x: 0, y: 0, width: 41, height: height)
            let lines = draw()
            #expect(table.rowsHeight == max(0, height - 1))
            if height >= 1 { #expect(lines[0] == "    PID USER COMMAND         CPU     MEM ") }
            if height == 2 {
                #expect(lines[1] == "      1 root proc1           1.0      2M ", "one line of rows: no indicator")
            }
        }
        table.columnHeader = nil
        table.frame = Rect(x: 0, y: 0, width: 41, height: 5)
        #expect(draw()[0] == "      1 root proc1           1.0      2M┃")
        #expect(table.subviews.allSatisfy { $0 is TableViewCell })
    }

    @Test func theHeaderGivesWayLikeTheRowsWhenTheTableNarrows() {
        table.frame = Rect(x: 0, y: 0, width: 25, height: 5)
        let lines = draw().map { String($0.prefix(25)) }
        #expect(lines[0] == "    PID COMMAND      CPU ")
        #expect(lines[1] == "      1 proc1        1.0┃")
    }
}
