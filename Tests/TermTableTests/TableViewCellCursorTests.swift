import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The cursor's shapes in a table with columns: a cell, a column, moved with ←/→ and revealed.
@Suite("Cell and column cursors") @MainActor
struct TableViewCellCursorTests {
    func makeTable(_ source: ColumnRows, width: Int, shape: TableView.CursorShape) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: 4))
        table.showsScrollIndicator = false
        table.tableColumns = (0..<4).map { TableColumn("c\($0)", title: "T\($0)") }
        table.cursorShape = shape
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        return table
    }

    /// Which cells of line `y` are in reverse video, as `^` and blanks.
    func reversed(_ screen: BufferScreen, line y: Int) -> String {
        screen.styleMask(line: y) { $0.attributes.contains(.reverse) }
    }

    @Test func theCellCursorMarksOneCellAndMovesWithLeftAndRight() {
        let source = ColumnRows([["aa", "bb", "cc", "dd"], ["ee", "ff", "gg", "hh"]])
        let table = makeTable(source, width: 16, shape: .cell)
        #expect(table.cursorColumn == 0)
        var screen = drawColumns(table)
        #expect(reversed(screen, line: 1) == "^^              ")
        #expect(reversed(screen, line: 2) == "                ")
        // The rest of the cursor's row: bold, a lighter mark.
        #expect(screen.style(at: Point(x: 4, y: 1)).attributes.contains(.bold))
        #expect(table.handleKey(.right))
        #expect(table.cursorColumn == 1)
        #expect(source.columnMoves == ["c1"])
        screen = drawColumns(table)
        #expect(reversed(screen, line: 1) == "   ^^           ")
        #expect(table.handleKey(Key("$")))
        #expect(table.cursorColumn == 3)
        #expect(!table.handleKey(.right))
        #expect(table.handleKey(Key("0")))
        #expect(table.cursorColumn == 0)
        #expect(!table.handleKey(.left))
    }

    @Test func theColumnCursorMarksItsColumnInEveryRow() {
        let source = ColumnRows([["aa", "bb", "cc", "dd"], ["ee", "ff", "gg", "hh"]])
        let table = makeTable(source, width: 16, shape: .column)
        table.moveCursor(toColumn: 2)
        let screen = drawColumns(table)
        #expect(reversed(screen, line: 1) == "      ^^        ")
        #expect(reversed(screen, line: 2) == "      ^^        ")
    }

    @Test func movingTheCursorToAColumnOffScreenScrollsItIntoView() throws {
        let source = ColumnRows([["aaaaaaaa", "bbbbbbbb", "cccccccc", "dddddddd"]])
        let table = makeTable(source, width: 20, shape: .cell)
        table.frozenColumnCount = 1
        table.moveCursor(toColumn: 3)
        let frame = try #require(table.frameOfColumn(3))
        #expect(frame.x + frame.width <= 20)
        #expect(frame.width == 8)
        #expect(table.frameOfColumn(0)?.x == 0)
        let blank = { (count: Int) in String(repeating: " ", count: count) }
        #expect(reversed(drawColumns(table), line: 1) == blank(frame.x) + "^^^^^^^^" + blank(20 - frame.x - 8))
        table.moveCursor(toColumn: 1)
        #expect(table.firstScrolledColumn == 1)
    }

    @Test func unfocusedTheCellCursorTakesTheUnfocusedStyle() {
        let source = ColumnRows([["aa", "bb"]])
        let table = makeTable(source, width: 16, shape: .cell)
        let other = TableView()
        let root = View(frame: Rect(x: 0, y: 0, width: 16, height: 8))
        root.addSubview(table)
        root.addSubview(other)
        let driver = AppDriver(rootView: root, size: Size(width: 16, height: 8))
        driver.app.focus(other)
        table.setNeedsLayout()
        let screen = drawColumns(table)
        #expect(reversed(screen, line: 1) == "                ")
        #expect(screen.style(at: Point(x: 0, y: 1)).attributes.contains(.underline))
        #expect(!screen.style(at: Point(x: 3, y: 1)).attributes.contains(.underline))
    }

    @Test func typeToJumpSearchesTheCursorsColumn() {
        let source = ColumnRows([["x", "apple"], ["y", "berry"], ["b", "cherry"]])
        let table = makeTable(source, width: 20, shape: .cell)
        table.typeToJump = TypeToJump { _ in nil }
        table.moveCursor(toColumn: 1)
        #expect(table.handleTypeToJump(Key("b")))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        table.moveCursor(toColumn: 0)
        #expect(table.handleTypeToJump(Key("b")))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func aClickOnACellMovesTheCursorToItsColumn() {
        let source = ColumnRows([["aa", "bb", "cc", "dd"], ["ee", "ff", "gg", "hh"]])
        let table = makeTable(source, width: 16, shape: .cell)
        _ = table.handleMouse(MouseEvent(.press, at: Point(x: 7, y: 2)), at: Point(x: 7, y: 2))
        #expect(table.cursorColumn == 2)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    }
}
