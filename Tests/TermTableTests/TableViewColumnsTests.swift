import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Text per column from a column data source: every cell is the table's built-in column cell.
@MainActor
final class ColumnRows: TableViewColumnDataSource, TableViewDelegate {
    var rows: [[String]]
    /// The columns asked for, by identifier, in order.
    var asked: [String] = []
    var columnMoves: [String] = []
    init(_ rows: [[String]]) { self.rows = rows }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        asked.append(column.identifier)
        let index = Int(column.identifier.dropFirst()) ?? 0
        let row = rows[indexPath.row]
        return StyledText(index < row.count ? row[index] : "")
    }
    func tableView(_ tableView: TableView, didMoveCursorToColumn column: TableColumn) {
        columnMoves.append(column.identifier)
    }
}

/// Draws `table` on a screen of its size.
@MainActor
func drawColumns(_ table: TableView) -> BufferScreen {
    let screen = BufferScreen(size: table.frame.size)
    table.render(on: screen)
    return screen
}

/// A table of run-time columns: header and rows drawn from the column model, scrolled by column, frozen columns.
@Suite("Tables with columns") @MainActor
struct TableViewColumnsTests {
    func makeTable(_ source: ColumnRows, width: Int, height: Int = 5, columns: [TableColumn]) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: height))
        table.showsScrollIndicator = false
        table.tableColumns = columns
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        return table
    }

    @Test func theHeaderAndTheRowsAreDrawnFromTheColumns() {
        let source = ColumnRows([["ant", "12"], ["bee", "7"]])
        let table = makeTable(
            source, width: 20,
            columns: [TableColumn("c0", title: "NAME"), TableColumn("c1", title: "N", valueType: .integer)])
        let screen = drawColumns(table)
        #expect(screen.lines[0] == "NAME  N             ")  // titles aligned as their columns
        #expect(screen.lines[1] == "ant  12             ")
        #expect(screen.lines[2] == "bee   7             ")
        #expect(table.frameOfColumn(1) == Rect(x: 5, y: 0, width: 2, height: 1))
        #expect(table.columnHeader?.columns.map(\.identifier) == ["c0", "c1"])
    }

    @Test func columnsAreAddedRemovedMovedAndUpdatedAtRunTime() {
        let source = ColumnRows([["a", "b", "c"]])
        let table = makeTable(source, width: 12, columns: [TableColumn("c0"), TableColumn("c1")])
        table.addTableColumn(TableColumn("c2", title: "Z"))
        #expect(drawColumns(table).lines[0...1] == ["c0 c1 Z     ", "a  b  c     "])
        table.moveColumn(2, toColumn: 0)
        #expect(drawColumns(table).lines[0...1] == ["Z c0 c1     ", "c a  b      "])
        table.removeTableColumn(withIdentifier: "c0")
        var hidden = table.tableColumn(withIdentifier: "c1")!
        hidden.isHidden = true
        table.updateTableColumn(hidden)
        #expect(drawColumns(table).lines[0...1] == ["Z           ", "c           "])
        #expect(table.column(withIdentifier: "c1") == 1)
        #expect(table.frameOfColumn(1) == nil)
        table.tableColumns = []
        #expect(table.columnHeader == nil)
    }

    @Test func fitContentColumnsGrowToTheRowsDrawnAndASampleButNotEveryRow() {
        let rows = (0..<1000).map { ["row \($0)" + ($0 == 999 ? String(repeating: "x", count: 20) : ""), "1"] }
        let source = ColumnRows(rows)
        let table = makeTable(source, width: 60, columns: [TableColumn("c0", title: "T"), TableColumn("c1")])
        // The sample reaches the last row (it is spread over the table): its long text sizes the column.
        #expect(table.frameOfColumn(0)?.width == 27)
        // Never every row: at most 100 sampled, plus the rows on screen.
        #expect(source.asked.filter { $0 == "c0" }.count <= 100 + 2 * 4)
    }

    @Test func rowShapeScrollsByWholeColumnWithFrozenColumnsKept() {
        let source = ColumnRows([["id", "aaaaaaaa", "bbbbbbbb", "cccccccc"]])
        let columns = (0..<4).map { TableColumn("c\($0)", title: "T\($0)") }
        let table = makeTable(source, width: 22, columns: columns)
        table.frozenColumnCount = 1
        table.layoutIfNeeded()
        #expect(drawColumns(table).lines[1] == "id aaaaaaaa bbbbbbbb c")
        #expect(table.handleKey(Key("l")))
        #expect(table.firstScrolledColumn == 2)
        let screen = drawColumns(table)
        #expect(screen.lines[0] == "T0 T2       T3        ")
        #expect(screen.lines[1] == "id bbbbbbbb cccccccc  ")
        // The last column shows whole: nothing further right.
        #expect(!table.handleKey(Key("l")))
        #expect(table.handleKey(.left))
        #expect(table.firstScrolledColumn == 1)
    }

    @Test func aColumnWiderThanTheViewScrollsByCharacterInsideItself() {
        let source = ColumnRows([["id", String((0..<60).map { Character(String($0 % 10)) })]])
        var wide = TableColumn("c1", title: "WIDE", width: .fixed(60))
        wide.maximumWidth = 60
        let table = makeTable(source, width: 20, columns: [TableColumn("c0"), wide])
        table.frozenColumnCount = 1
        table.horizontalStep = 5
        table.layoutIfNeeded()
        #expect(drawColumns(table).lines[1] == "id 01234567890123456")
        #expect(table.handleKey(.right))
        #expect(drawColumns(table).lines[1] == "id 56789012345678901")
        #expect(table.handleKey(.left))
        #expect(drawColumns(table).lines[1] == "id 01234567890123456")
    }

    @Test func tablesWithoutColumnsKeepTheirKeysForCharacterScrollingAndTypeToJump() {
        let source = NumbersSource(sections: [["alpha", "hotel", "lima"]])
        let table = TermTableTests.makeTable(source)
        table.typeToJump = TypeToJump { indexPath in source.sections[indexPath.section][indexPath.row] }
        // h and l are not taken by the column commands: they reach type-to-jump.
        #expect(!table.handleKey(Key("l")))
        #expect(table.handleTypeToJump(Key("l")))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(!table.keyHelp.contains { $0.help == "column left" })
    }

    @Test func aTitleWiderThanItsColumnIsAWarningInDebugBuilds() {
        let source = ColumnRows([["1"]])
        let table = makeTable(source, width: 20, columns: [TableColumn("c0", title: "RESTARTS", width: .fixed(7))])
        #if DEBUG
            #expect(table.columnWarnings.count == 1)
            #expect(table.columnWarnings.first?.contains("RESTARTS") == true)
        #endif
        #expect(drawColumns(table).lines[0].hasPrefix("RESTAR… "))
    }

    @Test func aValueCutByItsColumnEndsWithAnEllipsisAndACutNumberKeepsItsEndBehindOne() {
        let source = ColumnRows([["elephant", "1234567"], ["ant", "42"]])
        let table = makeTable(
            source, width: 20,
            columns: [
                TableColumn("c0", title: "ANIMALS", width: .fixed(5)),
                TableColumn("c1", title: "N", width: .fixed(4), valueType: .integer),
            ])
        let screen = drawColumns(table)
        #expect(screen.lines[0] == "ANIM…    N          ")  // a title cut by its column ends with …
        #expect(screen.lines[1] == "elep… …567          ")  // never "1234", which reads as a smaller number
        #expect(screen.lines[2] == "ant     42          ")
    }

    @Test func aColumnIsMadeWithItsWidthBoundsShrinkRuleAndSortabilityInOneCall() {
        let column = TableColumn(
            "path", title: "PATH", width: .fraction(1), maximumWidth: 30, shrink: ShrinkRule(minimumWidth: 8),
            sortable: false)
        #expect(column.maximumWidth == 30)
        #expect(column.shrink.minimumWidth == 8)
        #expect(column.sortDescriptorPrototype == nil)
        #expect(TableColumn("size").sortDescriptorPrototype == TableSortDescriptor(column: "size"))
    }

    @Test func aDiffableDataSourceWithColumnTextFillsTheColumnsThatShow() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 12, height: 4))
        table.showsScrollIndicator = false
        table.tableColumns = (0..<3).map { TableColumn("c\($0)", title: "T\($0)") }
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { item, column in
            StyledText("\(column.identifier)r\(item)")
        }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2])
        dataSource.apply(snapshot)
        table.layoutIfNeeded()
        let screen = drawColumns(table)
        #expect(screen.lines[0...2] == ["T0   T1   T2", "c0r1 c1r1 c2", "c0r2 c1r2 c2"])
        let text = dataSource.tableView(table, textFor: table.tableColumns[1], at: IndexPath(row: 1, section: 0))
        #expect(text.string == "c1r2")
    }

    @Test func aDiffableDataSourcesFilterFindsInTheCursorsColumn() async {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        table.tableColumns = [TableColumn("name"), TableColumn("kind")]
        table.cursorShape = .cell
        let rows = [["apple", "zebra"], ["zebra", "apple"]]
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { item, column in
            StyledText(rows[item][column.identifier == "name" ? 0 : 1])
        }
        dataSource.columnFilterText = { item, column in rows[item][column.identifier == "name" ? 0 : 1] }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([0, 1])
        dataSource.apply(snapshot)
        table.layoutIfNeeded()
        #expect(table.cursorColumn == 0)
        await dataSource.filter(query: "zeb")
        #expect(dataSource.snapshot().itemIdentifiers == [1])
        dataSource.clearFilter()
        table.moveCursor(toColumn: 1)
        await dataSource.filter(query: "zeb")
        #expect(dataSource.snapshot().itemIdentifiers == [0], "the kind column now")
        #expect(dataSource.filterMatch(for: 0)?.ranges.isEmpty == false)
    }

    @Test func aColumnCutByTheViewsEdgeIsClippedNotEllipsized() {
        let source = ColumnRows([["id", "aaaaaaaa", "bbbbbbbb"]])
        let columns = (0..<3).map { TableColumn("c\($0)", title: "T\($0)") }
        let table = makeTable(source, width: 16, columns: columns)
        // The last column continues off-screen: scrolling shows the rest, so no … is drawn at the edge.
        #expect(drawColumns(table).lines[1] == "id aaaaaaaa bbbb")
    }

    /// A layout cell's `heading=` fields as columns: `TableColumn.columns(of:)`.
    static let processes = """
        cell process
        | [1 pid ] [2 user    ] [3 command                 ] [4 cpu ] |
          1 label align=right heading=PID
          2 label heading=USER shrink=1
          3 label stretch heading=COMMAND
          4 label align=right pin=right heading=CPU%
        """

    final class Processes: TableViewDataSource {
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "process", for: indexPath)
            cell.viewWithTag(1, as: Label.self)?.text = "\(100 + indexPath.row)"
            cell.viewWithTag(2, as: Label.self)?.text = "root"
            cell.setText("/usr/bin/daemon-\(indexPath.row)", forColumn: "command")
            cell.viewWithTag(4, as: Label.self)?.text = "0.\(indexPath.row)"
            return cell
        }
    }

    @Test func aLayoutCellsHeadingFieldsAreColumnsPlacedAtTheColumnFrames() throws {
        let template = try LayoutLibrary(string: Self.processes).template("process")
        let columns = TableColumn.columns(of: template)
        #expect(columns.map(\.identifier) == ["pid", "user", "command", "cpu"])
        #expect(columns.map(\.width) == [.fixed(8), .fixed(12), .fraction(1), .fixed(8)])
        #expect(columns.map(\.alignment) == [.right, .left, .left, .right])
        let source = Processes()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 24, height: 4))
        table.showsScrollIndicator = false
        table.register(template: template, forCellReuseIdentifier: "process")
        table.tableColumns = columns
        table.frozenColumnCount = 1
        table.dataSource = source
        table.layoutIfNeeded()
        // Too narrow for all: PID frozen, the rest scroll by column; the tagged fields sit at the column frames.
        let cell = try #require(table.visibleCells.values.first)
        for (index, column) in columns.enumerated() {
            let view = try #require(cell.view(forColumn: column.identifier))
            if let frame = table.frameOfColumn(index) {
                #expect(cell.contentView.frame.x + view.frame.x == frame.x)
                #expect(view.frame.width == frame.width)
            } else {
                #expect(view.frame.width == 0)
            }
        }
        let screen = drawColumns(table)
        #expect(screen.lines[0] == "     PID USER         CO")
        #expect(screen.lines[1] == "     100 root         /…")  // the layout's labels cut with …
        #expect(table.handleKey(Key("l")))
        #expect(drawColumns(table).lines[1] == "     100 /usr/bin/daemo…")
    }
}

extension TableViewColumnsTests {
    /// A missing convenience: `setText(_:forColumn:)` took only a `StyledText`, so a `String` variable needed
    /// `StyledText(…)` around it; plain text is set as the label's text.
    @Test func aCellTakesAPlainStringForAColumn() {
        let cell = TableViewCell(reuseIdentifier: TableView.columnCellIdentifier)
        let name: String = "notes.txt"
        cell.setText(name, forColumn: "name")
        let label = cell.view(forColumn: "name") as? Label
        #expect(label?.text == "notes.txt")
        #expect(label?.styledText == nil)
    }
}
