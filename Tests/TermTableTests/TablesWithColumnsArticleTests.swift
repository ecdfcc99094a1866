import TermTableTesting
import Testing

@testable import TermTable

/// The article "Tables with columns": its code is the code compiled here (`TablesWithColumnsExamples.swift`), and
/// its app does what the article says on an in-memory screen.
@Suite("Tables with columns (article)") @MainActor
struct TablesWithColumnsArticleTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/TablesWithColumns.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/TablesWithColumnsExamples.swift"

    /// The file browser of the article on a screen of `width` x 8.
    @MainActor
    final class Fixture {
        let browser = FileBrowser(files: sampleFiles)
        let driver: AppDriver

        init(width: Int = 40) {
            let browser = browser
            driver = AppDriver(size: Size(width: width, height: 8)) { screen in
                browser.makeApplication(on: screen)
            }
        }

        var header: String { driver.lines[0] }
        /// The first word of each row drawn.
        var names: [String] {
            driver.lines[1...].compactMap { $0.split(separator: " ").first.map(String.init) }
        }

        /// Clicks the title `title` in the header row.
        func click(_ title: String) throws {
            let range = try #require(header.range(of: title))
            driver.click(x: header.distance(from: header.startIndex, to: range.lowerBound), y: 0)
        }
    }

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try DocExamplesTests.expectEverySwiftBlock(of: Self.articlePath, count: 10..., areIn: Self.examplesPath)
    }

    @Test func theArticlesLayoutIsTheOneTheExampleLoads() throws {
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        let layouts = DocExamplesTests.blocks("layout", in: article)
        #expect(layouts.count == 1)
        let shipped = try String(
            contentsOfFile: repositoryRoot + "/Tests/TermTableTests/Layouts/Files.layout", encoding: .utf8)
        #expect(layouts.first.map { $0 + "\n" } == shipped)
    }

    /// The header, a right-aligned number, the rows in the order given.
    @Test func theAppShowsTheHeaderAndRightAlignsTheSizes() throws {
        let fixture = Fixture(width: 80)
        let header = fixture.header
        #expect(header.hasPrefix("NAME "))
        for title in ["SIZE", "KIND", "MODIFIED", "PATH"] { #expect(header.contains(title)) }
        #expect(fixture.names[0..<4] == ["README.md", "Package.swift", "logo.png", "notes.txt"])
        // SIZE and the sizes end at the column's right edge.
        let sizeEnd = try #require(header.range(of: "SIZE")).upperBound.utf16Offset(in: header)
        let notes = fixture.driver.lines[4]
        #expect(try #require(notes.range(of: " 77 ")).upperBound.utf16Offset(in: notes) - 1 == sizeEnd)
        let logo = fixture.driver.lines[3]
        #expect(try #require(logo.range(of: "48120")).upperBound.utf16Offset(in: logo) == sizeEnd)
    }

    /// On a narrow screen the cell cursor moves right and the columns scroll; NAME stays at the left.
    @Test func theNameColumnStaysWhileTheCursorScrollsTheOthers() throws {
        let fixture = Fixture(width: 40)
        #expect(fixture.header.contains("SIZE") && !fixture.header.contains("PATH"))
        for _ in 0..<4 { fixture.driver.press("right") }
        #expect(fixture.browser.table.cursorColumn == 4)
        #expect(fixture.header.hasPrefix("NAME "))
        #expect(fixture.header.contains("PATH") && !fixture.header.contains("SIZE"))
        #expect(fixture.driver.lines[1].hasPrefix("README.md "))
        #expect(fixture.driver.lines[1].contains("/src/termtable"))
    }

    /// A click on SIZE sorts by size (▲ in the header); `]` sorts by the cursor's column, largest first.
    @Test func aClickOnATitleAndTheBracketKeysSort() throws {
        let fixture = Fixture(width: 80)
        try fixture.click("SIZE")
        #expect(fixture.browser.table.sortDescriptors == [TableSortDescriptor(column: "size")])
        #expect(fixture.header.contains("▲ SIZE"))
        #expect(fixture.names[0..<4] == ["notes.txt", "Package.swift", "README.md", "logo.png"])
        try fixture.click("SIZE")
        #expect(fixture.header.contains("▼ SIZE"))
        #expect(fixture.names[0..<4] == ["logo.png", "README.md", "Package.swift", "notes.txt"])
        // The cursor's column is NAME: `]` sorts by it, largest first (upper case sorts before lower case).
        fixture.driver.press("]")
        #expect(fixture.browser.table.sortDescriptors.first == TableSortDescriptor(column: "name", ascending: false))
        #expect(fixture.names[0..<4] == ["notes.txt", "logo.png", "README.md", "Package.swift"])
        fixture.driver.press("[")
        #expect(fixture.names[0..<4] == ["Package.swift", "README.md", "logo.png", "notes.txt"])
    }

    /// `heading=` in a layout gives the same columns: identifiers, titles, and the same cells filled by column.
    @Test func theLayoutsColumnsAreTheSameThing() throws {
        let table = try makeFileTableFromLayout()
        #expect(table.tableColumns.map(\.identifier) == ["name", "size", "kind", "modified", "path"])
        #expect(table.tableColumns.map(\.title) == ["NAME", "SIZE", "KIND", "MODIFIED", "PATH"])
        #expect(table.tableColumns[1].alignment == .right)
        #expect(table.tableColumns[4].width == .fraction(1))
        let browser = FileBrowser(files: sampleFiles)
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            fileCell(in: table, at: indexPath) { browser.text(of: sampleFiles[item], in: $0) }
        }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(sampleFiles.indices))
        dataSource.apply(snapshot)
        let driver = AppDriver(rootView: table, size: Size(width: 80, height: 6))
        #expect(driver.lines[0].hasPrefix("NAME "))
        #expect(driver.lines[1].hasPrefix("README.md "))
        #expect(driver.lines[4].contains(" 77 "))
    }

    /// PATH gives way first, MODIFIED hides below 60 columns, NAME narrows last.
    @Test func theNarrowingColumnsGiveWayInTheirOrder() {
        let source = ColumnRows([["a file with a long name", "1", "2026-11-27 09:14", "/a/long/path/to/it"]])
        let table = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 4))
        table.showsScrollIndicator = false
        table.tableColumns = narrowingColumns().enumerated().map { index, column in
            var column = column
            column.identifier = "c\(index)"
            return column
        }
        table.dataSource = source
        table.layoutIfNeeded()
        _ = drawColumns(table)
        #expect(table.frameOfColumn(2) != nil)
        // At 30 columns: NAME 23, SIZE 4, PATH 18 and two gaps are 17 too many.
        table.frame = Rect(x: 0, y: 0, width: 30, height: 4)
        table.layoutIfNeeded()
        _ = drawColumns(table)
        #expect(table.frameOfColumn(2) == nil, "MODIFIED is hidden below 60 columns")
        #expect(table.frameOfColumn(3)?.width == 4, "PATH gave way first, down to its minimum")
        #expect(table.frameOfColumn(0)?.width == 20, "then NAME, by the 3 columns still missing")
    }

    @Test func freezingKeepsTwoColumnsAndScrollsFromTheFourth() {
        let table = TableView()
        table.tableColumns = (0..<6).map { TableColumn("c\($0)") }
        freezeKeyColumns(of: table)
        #expect(table.frozenColumnCount == 2 && table.firstScrolledColumn == 3 && table.horizontalStep == 8)
    }

    @Test func theCursorStatusHearsColumnAndRowMoves() {
        let source = ColumnRows([["a", "b", "c"], ["d", "e", "f"]])
        let table = TableView(frame: Rect(x: 0, y: 0, width: 30, height: 4))
        let status = CursorStatus()
        table.tableColumns = [
            TableColumn("c0", title: "A"), TableColumn("c1", title: "B"), TableColumn("c2", title: "C"),
        ]
        table.dataSource = source
        table.delegate = status
        useCellCursor(in: table)
        #expect(table.cursorColumn == 2)
        #expect(status.text == "column C")
        #expect(table.handleKey(.down))
        #expect(status.text == "row 2")
    }

    @Test func descriptorsAndPrototypesSetTheSortAndTheIndicator() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 40, height: 4))
        table.tableColumns = sortableColumns()
        sortBySizeThenName(table)
        #expect(table.columnHeader?.sort == ColumnSort(column: "size", ascending: false))
        #expect(table.tableColumns[2].sortDescriptorPrototype == nil)
    }

    /// A plain data source sorts its array in sortDescriptorsDidChange: a click on SIZE sorts largest first (the
    /// prototype's direction), a click on PATH (no prototype) changes nothing.
    @Test func aDataSourceThatSortsItselfHearsTheHeaderClicks() throws {
        let files = SortedFiles(files: sampleFiles)
        let table = TableView()
        table.tableColumns = sortableColumns()
        table.dataSource = files
        table.delegate = files
        let driver = AppDriver(rootView: table, size: Size(width: 40, height: 6))
        let header = driver.lines[0]
        let size = try #require(header.range(of: "SIZE")).lowerBound.utf16Offset(in: header)
        driver.click(x: size, y: 0)
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "size", ascending: false)])
        #expect(files.files.map(\.size) == [48_120, 4_812, 912, 77])
        #expect(driver.lines[1].hasPrefix("logo.png "))
        let path = try #require(header.range(of: "PATH")).lowerBound.utf16Offset(in: header)
        driver.click(x: path, y: 0)
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "size", ascending: false)])
    }

    /// 30,000 items: past the threshold the sort runs off the main actor, and waiting gives the complete order.
    @Test func aLargeTableIsSortedOffTheMainActor() async {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        table.tableColumns = [TableColumn("id"), TableColumn("n", valueType: .integer)]
        let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: TableView.columnCellIdentifier, for: indexPath)
            cell.setText(String(item % 997), forColumn: "n")
            return cell
        }
        dataSource.sortKey = { item, _ in .integer(Int64(item % 997)) }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<30_000))
        dataSource.apply(snapshot)
        await sortLargeTable(table, dataSource)
        let keys = dataSource.snapshot().itemIdentifiers.map { $0 % 997 }
        #expect(keys.first == 996 && keys.last == 0)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 >= $1 })
    }

    /// A million records: only the rows on screen and a sample of 100 are asked, for the columns shown.
    @Test func aColumnDataSourceIsAskedOnlyForWhatShows() {
        var asked = 0
        let records = RecordFile(count: 1_000_000) { row, column in
            asked += 1
            return "\(column)\(row)"
        }
        let table = TableView(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        table.tableColumns = [TableColumn("a"), TableColumn("b"), TableColumn("c", width: .fixed(6))]
        table.dataSource = records
        table.layoutIfNeeded()
        let screen = drawColumns(table)
        #expect(screen.lines[1].hasPrefix("a0"))
        #expect(asked <= 2 * 100 + 3 * 2 * 10, "a sample and the rows on screen, never a million")
    }
}
