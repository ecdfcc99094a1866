import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Cells that stay on screen between frames are marked again only when something changed: these change the
/// marks of every visible cell at once, and each must reach them all.
@Suite("TableView marks") @MainActor
struct TableViewMarksTests {
    /// Each visible cell's marks, as the table's state gives them.
    func expectMarksMatchTheTable(_ table: TableView, _ when: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let multiple = table.selectionMode == .multiple
        #expect(
            table.onScreen.count == table.frame.height, "\(when): a full screen of rows", sourceLocation: sourceLocation
        )
        for (item, cell) in table.onScreen {
            let indexPath = item.indexPath!
            #expect(
                cell.isHighlighted == (table.selectionMode != .none && table.state.cursor == indexPath),
                "\(when): highlight of \(indexPath)", sourceLocation: sourceLocation)
            #expect(
                cell.isSelected == (multiple && table.state.selected.contains(indexPath)),
                "\(when): selection of \(indexPath)", sourceLocation: sourceLocation)
            #expect(
                cell.markColumnWidth == (multiple && table.showsMarkColumn ? 2 : 0),
                "\(when): mark column of \(indexPath)", sourceLocation: sourceLocation)
            #expect(
                cell.markStyle == table.markStyle, "\(when): mark style of \(indexPath)", sourceLocation: sourceLocation
            )
        }
    }

    @Test func changingHowMarksShowReachesEveryCellOnScreen() {
        let source = NumbersSource(rows: 50)  // held here: the table holds its data source weakly
        let table = makeTable(source, width: 20, height: 8)
        let screen = BufferScreen(width: 20, height: 8)
        table.setCursor(IndexPath(row: 3, section: 0))
        table.render(on: screen)
        expectMarksMatchTheTable(table, "at first")
        for _ in 0..<12 {  // scroll: kept cells are not marked again unless something changed
            table.perform(.moveDown)
            table.render(on: screen)
        }
        expectMarksMatchTheTable(table, "after scrolling")
        table.showsMarkColumn = true
        table.selectionMode = .multiple
        table.render(on: screen)
        expectMarksMatchTheTable(table, "after switching to multiple selection")
        #expect(table.onScreen.allSatisfy { $0.cell.markColumnWidth == 2 })
        let toggled = table.onScreen[2].item.indexPath!
        let wasSelected = table.state.selected.contains(toggled)
        table.toggleSelection(of: toggled)
        table.perform(.moveUp)
        table.render(on: screen)
        expectMarksMatchTheTable(table, "after selecting a row")
        #expect(table.onScreen.first { $0.item.indexPath == toggled }?.cell.isSelected == !wasSelected)
        table.markStyle = Style(foreground: .green)
        table.render(on: screen)
        expectMarksMatchTheTable(table, "after a new mark style")
        table.showsMarkColumn = false
        table.render(on: screen)
        expectMarksMatchTheTable(table, "without the mark column")
        table.selectionMode = .none
        table.render(on: screen)
        expectMarksMatchTheTable(table, "with selection mode none")
        #expect(table.onScreen.allSatisfy { !$0.cell.isHighlighted })
        table.selectionMode = .single
        table.render(on: screen)
        expectMarksMatchTheTable(table, "back to single selection")
    }
}

/// In multiple selection a click reads a row: it moves the cursor and marks nothing, so `d` never deletes what
/// was only clicked to read (issue 32 item 10). Ctrl-click, Space and a click in the `✓` column mark.
@Suite("TableView click marks") @MainActor
struct TableViewClickMarksTests {
    @Test func aPlainClickMovesTheCursorAndMarksNothing() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source, width: 20, height: 5)
        table.selectionMode = .multiple
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 5))
        driver.click(x: 5, y: 2)
        driver.click(x: 5, y: 3)
        #expect(table.state.cursor == IndexPath(row: 3, section: 0))
        #expect(table.indexPathsForSelectedRows.isEmpty)
    }

    @Test func aControlClickMarksAndUnmarks() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source, width: 20, height: 5)
        table.selectionMode = .multiple
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 5))
        func controlClick(y: Int) {
            driver.send(.mouse(MouseEvent(.press, at: Point(x: 5, y: y), modifiers: .control)))
            driver.send(.mouse(MouseEvent(.release, at: Point(x: 5, y: y), modifiers: .control)))
        }
        controlClick(y: 1)
        controlClick(y: 4)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 4, section: 0)])
        #expect(table.state.cursor == IndexPath(row: 4, section: 0))
        controlClick(y: 1)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
        driver.press("space")  // the cursor's row, 1, marked again
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 4, section: 0)])
    }

    @Test func aClickInTheMarkColumnMarksAndOneBesideItDoesNot() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source, width: 20, height: 5)
        table.selectionMode = .multiple
        table.showsMarkColumn = true
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 5))
        driver.click(x: 0, y: 2)
        driver.click(x: 1, y: 3)
        driver.click(x: 2, y: 4)  // the row's text, past the ✓ column
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0)])
        #expect(table.state.cursor == IndexPath(row: 4, section: 0))
        #expect(driver.lines[2].hasPrefix("✓ ") && driver.lines[3].hasPrefix("✓ ") && driver.lines[4].hasPrefix("  "))
        driver.click(x: 0, y: 2)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
    }
}
