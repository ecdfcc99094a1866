import TermTable

// The code of the article "Tables with columns" (Sources/TermTable/TermTable.docc/TablesWithColumns.md),
// compiled and run by the tests: `TablesWithColumnsArticleTests` checks that every Swift block of the article
// is here, line for line, and drives the app on an in-memory screen. Change both together.

/// One file of the listing.
struct FileEntry: Sendable {
    var name: String
    var size: Int
    var kind: String
    var modified: String  // "2026-11-27 09:14": ISO dates sort as text
    var path: String
}

let sampleFiles = [
    FileEntry(name: "README.md", size: 4_812, kind: "text", modified: "2026-11-27 09:14", path: "/src/termtable"),
    FileEntry(name: "Package.swift", size: 912, kind: "swift", modified: "2026-11-20 17:02", path: "/src/termtable"),
    FileEntry(name: "logo.png", size: 48_120, kind: "image", modified: "2026-10-02 11:40", path: "/src/termtable/docs"),
    FileEntry(name: "notes.txt", size: 77, kind: "text", modified: "2026-11-26 22:05", path: "/home/ann"),
]

/// A table of files: columns made at run time, the first frozen, a cell cursor, sorted by a click on a title
/// or by `[` and `]`.
@MainActor final class FileBrowser {
    let table = TableView()
    let files: [FileEntry]
    var dataSource: TableViewDiffableDataSource<Int, Int>!

    init(files: [FileEntry]) {
        self.files = files
        table.tableColumns = [
            TableColumn("name", title: "NAME"),  // fit content: as wide as its widest text
            TableColumn("size", title: "SIZE", valueType: .integer),  // numbers are right-aligned
            TableColumn("kind", title: "KIND", width: .fixed(5)),
            TableColumn("modified", title: "MODIFIED", valueType: .date),
            TableColumn("path", title: "PATH", width: .fraction(1)),  // takes the room left
        ]
        table.frozenColumnCount = 1  // NAME stays while the others scroll sideways
        table.cursorShape = .cell  // ←/→ move the cursor among the cells
        table.keyBindings[Key("[")] = .sortAscending  // by the cursor's column
        table.keyBindings[Key("]")] = .sortDescending
        dataSource = TableViewDiffableDataSource(tableView: table) { [unowned self] item, column in
            StyledText(self.text(of: self.files[item], in: column.identifier))  // asked for the columns that show
        }
        dataSource.sortKey = { [unowned self] item, column in self.sortKey(of: self.files[item], in: column) }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(files.indices))
        dataSource.apply(snapshot)
    }

    /// What a cell shows.
    func text(of file: FileEntry, in column: String) -> String {
        switch column {
        case "name": return file.name
        case "size": return String(file.size)
        case "kind": return file.kind
        case "modified": return file.modified
        default: return file.path
        }
    }

    /// What a column sorts by: sizes as numbers, the rest as text.
    func sortKey(of file: FileEntry, in column: String) -> TableSortKey {
        column == "size" ? .integer(Int64(file.size)) : .text(text(of: file, in: column))
    }

    /// The app: the table, and `q` to quit.
    func makeApplication(on screen: Screen) -> Application {
        let app = Application(screen: screen, rootView: table)
        app.bind(Key("q"), help: "quit") { [unowned app] in app.quit() }
        return app
    }
}

// `@main struct FilesMain` in the article: a test bundle has its own entry point.
struct FilesMain {
    @MainActor static func main() async throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        let browser = FileBrowser(files: sampleFiles)
        await browser.makeApplication(on: screen).run()
    }
}

// MARK: Columns from a layout file

/// The same columns, declared in `Files.layout` with `heading=`.
@MainActor func makeFileTableFromLayout() throws -> TableView {
    let table = TableView()
    let library = try FilesLayout.library()
    try table.registerCells(from: library)
    table.tableColumns = TableColumn.columns(of: try library.template("file"))
    return table
}

/// A cell of the layout's table, filled column by column as the run-time one is.
@MainActor func fileCell(in table: TableView, at indexPath: IndexPath, text: (String) -> String) -> TableViewCell {
    let cell = table.dequeueReusableCell(withIdentifier: "file", for: indexPath)
    for column in table.tableColumns {
        cell.setText(text(column.identifier), forColumn: column.identifier)
    }
    return cell
}

// MARK: Width rules

/// Columns that give way in a chosen order on a narrow terminal.
func narrowingColumns() -> [TableColumn] {
    [
        // Narrows down to 8, after the others.
        TableColumn("name", title: "NAME", width: .fraction(2), shrink: ShrinkRule(minimumWidth: 8)),
        TableColumn("size", title: "SIZE", maximumWidth: 10, valueType: .integer),
        // Hidden below 60 columns.
        TableColumn("modified", title: "MODIFIED", valueType: .date, shrink: ShrinkRule(hiddenBelowWidth: 60)),
        // Gives way first.
        TableColumn("path", title: "PATH", width: .fraction(1), shrink: ShrinkRule(minimumWidth: 4, priority: 0)),
    ]
}

// MARK: Frozen columns and sideways scrolling

/// Two key columns kept at the left; the others scroll from the fourth, 8 characters at a time inside a column
/// wider than the view.
@MainActor func freezeKeyColumns(of table: TableView) {
    table.frozenColumnCount = 2
    table.firstScrolledColumn = 3
    table.horizontalStep = 8
}

// MARK: Cursor shapes

/// Tells a status line which column and cell the cursor is on.
@MainActor final class CursorStatus: TableViewDelegate {
    var text = ""

    func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        text = "row \(indexPath.row + 1)"
    }

    func tableView(_ tableView: TableView, didMoveCursorToColumn column: TableColumn) {
        text = "column \(column.title)"
    }
}

/// A cell cursor drawn in yellow on blue, starting on the third column.
@MainActor func useCellCursor(in table: TableView) {
    table.cursorShape = .cell
    table.cursorCellStyle = .custom(Style(foreground: .yellow, background: .blue, attributes: .bold))
    table.moveCursor(toColumn: 2)
}

// MARK: Sorting

/// Largest first, then by name: the header shows ▼ on SIZE.
@MainActor func sortBySizeThenName(_ table: TableView) {
    table.sortDescriptors = [
        TableSortDescriptor(column: "size", ascending: false),
        TableSortDescriptor(column: "name"),
    ]
}

/// SIZE sorts largest first on its first click; PATH does not sort.
func sortableColumns() -> [TableColumn] {
    var size = TableColumn("size", title: "SIZE", valueType: .integer)
    size.sortDescriptorPrototype = TableSortDescriptor(column: "size", ascending: false)
    let path = TableColumn("path", title: "PATH", width: .fraction(1), sortable: false)
    return [TableColumn("name", title: "NAME"), size, path]
}

/// A data source that sorts its own array when the sort changes.
@MainActor final class SortedFiles: TableViewDataSource, TableViewDelegate {
    var files: [FileEntry]
    init(files: [FileEntry]) { self.files = files }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { files.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: TableView.columnCellIdentifier, for: indexPath)
        cell.setText(files[indexPath.row].name, forColumn: "name")
        cell.setText(String(files[indexPath.row].size), forColumn: "size")
        return cell
    }

    func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        guard let first = tableView.sortDescriptors.first else { return }
        files.sort { a, b in
            let (x, y) = first.ascending ? (a, b) : (b, a)
            return first.column == "size" ? x.size < y.size : x.name < y.name
        }
        tableView.reloadData()
    }
}

/// A million rows: the first screen is sorted at once, the rest off the main actor.
@MainActor func sortLargeTable(_ table: TableView, _ dataSource: TableViewDiffableDataSource<Int, Int>) async {
    dataSource.sortOffMainActorThreshold = 20_000  // the default
    table.sortByColumn(1, ascending: false)
    if dataSource.isSorting {
        await dataSource.waitUntilSorted()  // the complete order is shown
    }
}

// MARK: Text per column

/// The records of a file too big to read: only the rows and columns on screen are asked for.
@MainActor final class RecordFile: TableViewColumnDataSource {
    let count: Int
    let field: (_ row: Int, _ column: String) -> String
    init(count: Int, field: @escaping (Int, String) -> String) {
        self.count = count
        self.field = field
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        StyledText(field(indexPath.row, column.identifier))
    }
}
