import TermTable
import Testing

/// The cursor's row read through the public API, as an app outside the package reads it (issue 32, item 5).
///
/// `import TermTable` without `@testable`: before, the only way was `table.state.cursor`, which is `package`.
@Suite("TableView: the selected row") @MainActor
struct TableViewSelectedRowTests {
    @Test func indexPathForSelectedRowIsTheCursorsRow() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source, width: 20, height: 5)
        table.render(on: BufferScreen(width: 20, height: 5))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
        #expect(table.handleKey(Key("j")) && table.handleKey(Key("j")))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        table.selectRow(at: IndexPath(row: 7, section: 0))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 7, section: 0))
    }

    /// In multiple selection the cursor and the marks are apart.
    @Test func inMultipleSelectionTheMarksAreIndexPathsForSelectedRows() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source, width: 20, height: 5)
        table.selectionMode = .multiple
        table.render(on: BufferScreen(width: 20, height: 5))
        table.selectRow(at: IndexPath(row: 4, section: 0))
        #expect(table.handleKey(Key("j")))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
    }
}
