import TermTableTesting
import Testing

@testable import TermTable

/// A table's sort descriptors: the header's indicator follows the first, a click on a title cycles the sort,
/// the sort keys sort by a column, the delegate hears every change.
@Suite @MainActor
struct TableViewSortingTests {
    @MainActor
    final class Listener: TableViewDelegate {
        var changes: [[TableSortDescriptor]] = []
        var columnsClicked: [String] = []
        func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
            changes.append(oldDescriptors)
        }
        func tableView(_ tableView: TableView, didSelectColumn column: TableColumn) {
            columnsClicked.append(column.identifier)
        }
    }

    /// Processes 0..<count: pid, a command name and a cpu figure, in a table with a header (pid user command cpu mem).
    @MainActor
    final class Fixture {
        let table = TableView()
        let dataSource: TableViewDiffableDataSource<Int, Int>
        let driver: AppDriver
        let listener = Listener()
        var names: [Int: String] = [:]
        var cpu: [Int: Double] = [:]

        init(count: Int = 6, sorting: Bool = true) throws {
            let library = try LayoutLibrary(string: NarrowLayoutTests.processes)
            try table.registerCells(from: library)
            table.columnHeader = ColumnHeaderView(template: try library.template("process"))
            dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "process", for: indexPath)
                cell.viewWithTag(1, as: Label.self)?.text = String(item)
                return cell
            }
            table.delegate = listener
            driver = AppDriver(rootView: table, size: Size(width: 41, height: 8))
            for item in 0..<count {
                names[item] = ["vim", "sleep", "bash", "python3", "awk", "zsh"][item % 6]
                cpu[item] = Double((item * 7) % 5) / 2
            }
            if sorting {
                dataSource.sortKey = { [unowned self] item, column in
                    switch column {
                    case "pid": return .integer(Int64(item))
                    case "command": return self.names[item].map { .text($0) } ?? .empty
                    case "cpu": return self.cpu[item].map { .decimal($0) } ?? .empty
                    default: return .empty
                    }
                }
            }
            var snapshot = TableSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<count))
            dataSource.apply(snapshot)
            driver.app.renderIfNeeded()
        }

        var shown: [Int] { dataSource.snapshot().itemIdentifiers }
        var header: String { driver.lines[0] }

        /// Clicks the title `title` in the header row.
        func click(_ title: String) throws {
            let range = try #require(header.range(of: title))
            driver.click(x: header.distance(from: header.startIndex, to: range.lowerBound), y: 0)
        }
    }

    @Test func theHeaderShowsTheFirstDescriptorAndTheDelegateHearsTheOldOnes() throws {
        let fixture = try Fixture()
        let table = fixture.table
        table.sortDescriptors = [TableSortDescriptor(column: "cpu", ascending: false)]
        #expect(table.columnHeader?.sort == ColumnSort(column: "cpu", ascending: false))
        #expect(fixture.listener.changes == [[]])
        table.sortDescriptors = [TableSortDescriptor(column: "cpu", ascending: false)]
        #expect(fixture.listener.changes.count == 1, "the same descriptors again are no change")
        table.sortDescriptors = []
        #expect(table.columnHeader?.sort == nil)
        #expect(fixture.listener.changes.last == [TableSortDescriptor(column: "cpu", ascending: false)])
    }

    /// Not sorted by it: the prototype's direction; sorted by it: reversed; the delegate still hears the click.
    @Test func aClickOnATitleCyclesTheSort() throws {
        let fixture = try Fixture()
        try fixture.click("COMMAND")
        #expect(fixture.table.sortDescriptors == [TableSortDescriptor(column: "command")])
        #expect(fixture.header.contains("COMMAND ▲"))
        #expect(fixture.shown.map { fixture.names[$0]! } == ["awk", "bash", "python3", "sleep", "vim", "zsh"])
        try fixture.click("COMMAND")
        #expect(fixture.table.sortDescriptors == [TableSortDescriptor(column: "command", ascending: false)])
        #expect(fixture.header.contains("COMMAND ▼"))
        #expect(fixture.shown.map { fixture.names[$0]! } == ["zsh", "vim", "sleep", "python3", "bash", "awk"])
        try fixture.click("COMMAND")
        #expect(fixture.table.sortDescriptors == [TableSortDescriptor(column: "command")])
        try fixture.click("PID")
        #expect(
            fixture.table.sortDescriptors == [
                TableSortDescriptor(column: "pid"), TableSortDescriptor(column: "command"),
            ]
        )
        #expect(fixture.header.contains("▲ PID") && !fixture.header.contains("COMMAND ▲"))
        #expect(fixture.listener.columnsClicked == ["command", "command", "command", "pid"])
        #expect(fixture.listener.changes.count == 4)
    }

    /// A table whose data source does not sort (the app sorts in didSelectColumn) keeps today's behaviour.
    @Test func aClickDoesNotSortWhenTheDataSourceHasNoSortKey() throws {
        let fixture = try Fixture(sorting: false)
        try fixture.click("COMMAND")
        #expect(fixture.table.sortDescriptors.isEmpty)
        #expect(fixture.table.columnHeader?.sort == nil)
        #expect(fixture.listener.columnsClicked == ["command"])
    }

    /// sortByColumn makes the column the first level, keeps at most two levels after it, never one twice.
    @Test func sortByColumnKeepsThreeLevelsAtMost() throws {
        let fixture = try Fixture()
        let table = fixture.table
        table.sortByColumn(0, ascending: true)  // pid
        table.sortByColumn(2, ascending: false)  // command
        table.sortByColumn(3, ascending: true)  // cpu
        table.sortByColumn(1, ascending: true)  // user
        #expect(table.sortDescriptors.map(\.column) == ["user", "cpu", "command"])
        table.sortByColumn(2, ascending: true)
        #expect(table.sortDescriptors.map(\.column) == ["command", "user", "cpu"])
        #expect(table.sortDescriptors[0].ascending)
        table.sortByColumn(99, ascending: true)
        #expect(table.sortDescriptors.map(\.column) == ["command", "user", "cpu"], "no such column: nothing")
    }

    /// The identifier form names the column as the descriptors do.
    @Test func sortByColumnWithIdentifierSortsByThatColumn() throws {
        let fixture = try Fixture()
        let table = fixture.table
        table.sortByColumn(withIdentifier: "cpu", ascending: false)
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "cpu", ascending: false)])
        table.sortByColumn(withIdentifier: "pid", ascending: true)
        #expect(table.sortDescriptors.map(\.column) == ["pid", "cpu"])
        table.sortByColumn(withIdentifier: "nope", ascending: true)
        #expect(table.sortDescriptors.map(\.column) == ["pid", "cpu"], "no such column: nothing")
    }

    /// Without a direction the identifier form sorts as a first click does: in the prototype's direction.
    @Test func sortByColumnWithIdentifierAloneTakesThePrototypesDirection() {
        let table = TableView()
        var cpu = TableColumn("cpu", valueType: .decimal)
        cpu.sortDescriptorPrototype = TableSortDescriptor(column: "cpu", ascending: false)
        table.tableColumns = [TableColumn("name"), cpu]
        table.sortByColumn(withIdentifier: "cpu")
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "cpu", ascending: false)])
        table.sortByColumn(withIdentifier: "name")
        #expect(table.sortDescriptors.first == TableSortDescriptor(column: "name", ascending: true))
    }

    /// Two levels: cpu descending, then pid ascending among equal cpu.
    @Test func laterLevelsOrderTiesOfTheFirst() throws {
        let fixture = try Fixture(count: 10)
        fixture.table.sortDescriptors = [
            TableSortDescriptor(column: "cpu", ascending: false), TableSortDescriptor(column: "pid"),
        ]
        let expected = (0..<10).sorted { a, b in
            fixture.cpu[a]! != fixture.cpu[b]! ? fixture.cpu[a]! > fixture.cpu[b]! : a < b
        }
        #expect(fixture.shown == expected)
    }

    /// The sort keys are not bound by default; bound, they sort by the first sorted column (else the first
    /// sortable one) and are listed in the help.
    @Test func sortCommandsWorkWhenBoundAndShowInTheHelp() throws {
        let fixture = try Fixture()
        let table = fixture.table
        #expect(!table.keyBindings.values.contains(.sortAscending))
        #expect(!table.keyHelp.contains { $0.help == "sort ascending" })
        table.keyBindings[Key("[")] = .sortAscending
        table.keyBindings[Key("]")] = .sortDescending
        #expect(table.keyHelp.contains { $0.help == "sort ascending" })
        #expect(table.keyHelp.contains { $0.help == "sort descending" })
        fixture.driver.press("]")
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "pid", ascending: false)])
        #expect(fixture.shown == [5, 4, 3, 2, 1, 0])
        table.sortDescriptors = [TableSortDescriptor(column: "command", ascending: false)]
        fixture.driver.press("[")
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "command")])
    }

    /// A column without a prototype is not sorted by a click.
    @Test func aColumnWithoutAPrototypeIsNotSortedByAClick() throws {
        let fixture = try Fixture()
        var column = try #require(fixture.table.columnHeader?.columns.first)
        column.sortDescriptorPrototype = nil
        fixture.table.cycleSort(by: column)
        #expect(fixture.table.sortDescriptors.isEmpty)
        #expect(TableColumn(tag: 3, name: "command", title: "COMMAND").sortDescriptorPrototype?.column == "command")
        #expect(TableColumn(tag: 4, title: "CPU").sortDescriptorPrototype == TableSortDescriptor(column: "4"))
    }

    @Test func aCopyKeepsTheSortDescriptors() throws {
        let fixture = try Fixture()
        fixture.table.sortDescriptors = [TableSortDescriptor(column: "cpu", ascending: false)]
        let copy = fixture.table.copy()
        #expect(copy.sortDescriptors == fixture.table.sortDescriptors)
    }
}

/// Tables with run-time columns: a click sorts whoever sorts the rows, and the sorted title keeps its letters.
extension TableViewSortingTests {
    /// Bug: a table with `tableColumns` whose data source sorts in `sortDescriptorsDidChange` (not a diffable one
    /// with a sort key) ignored clicks on its titles; the click now cycles `sortDescriptors`, as NSTableView's does.
    @Test func aClickSortsATableWithColumnsWhoseDataSourceSortsItself() {
        let source = ColumnRows([["b", "2"], ["a", "10"]])
        let listener = Listener()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 4))
        table.tableColumns = [TableColumn("c0", title: "NAME"), TableColumn("c1", title: "N", valueType: .integer)]
        table.dataSource = source
        table.delegate = listener
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 4))
        driver.click(x: 0, y: 0)
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "c0")])
        #expect(listener.changes == [[]])
        #expect(listener.columnsClicked == ["c0"])
        driver.click(x: 0, y: 0)
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "c0", ascending: false)])
    }

    /// Bug: the indicator took two of a fit-content column's letters (`▲ SIZ`); the sorted column grows by them.
    @Test func theSortedColumnGrowsToShowItsTitleAndTheIndicator() {
        let source = ColumnRows([["ant", "7"], ["bee", "12"]])
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 4))
        table.showsScrollIndicator = false
        var size = TableColumn("c1", title: "SIZE", valueType: .integer)
        size.sortDescriptorPrototype = TableSortDescriptor(column: "c1")
        var kind = TableColumn("c0", title: "KIND", width: .fixed(4))
        kind.sortDescriptorPrototype = TableSortDescriptor(column: "c0")
        table.tableColumns = [kind, size]
        table.dataSource = source
        table.layoutIfNeeded()
        #expect(drawColumns(table).lines[0] == "KIND SIZE           ")
        table.sortDescriptors = [TableSortDescriptor(column: "c1")]
        table.layoutIfNeeded()
        #expect(drawColumns(table).lines[0] == "KIND ▲ SIZE         ")
        #expect(drawColumns(table).lines[1] == "ant       7         ")
        table.sortDescriptors = [TableSortDescriptor(column: "c0")]
        table.layoutIfNeeded()
        #expect(table.frameOfColumn(0)?.width == 4, "a fixed column keeps its width")
    }
}
