import Dispatch
import TableViewerKit
import TableViewerSQLite
import TermTable

/// `tv FILE.sqlite` with no table named: the file's tables and views (name, kind, rows), the rows counted on a thread
/// of their own one table after the other (`…` until counted); Enter opens one as a screen pushed over the list
/// (Esc comes back).
@MainActor
public final class SQLiteTableList: TableViewColumnDataSource, TableViewDelegate {
    /// The file.
    public let path: String
    /// Its tables and views, by name.
    public let objects: [SQLiteObject]
    /// The list.
    public let table = TableView()
    /// The top line.
    public let titleBar = Label()
    /// The bottom line.
    public let statusLine = Label()
    /// The list's view (the root screen's).
    public let root: VStack
    /// The rows of each object, as counted so far.
    public internal(set) var counts: [String: Int] = [:]
    /// The table open over the list, if any.
    public internal(set) var viewer: SQLiteViewer?
    /// The app, once installed.
    public internal(set) weak var app: Application?
    /// The connection the counts run on.
    let database: SQLiteDatabase
    /// Set when the list goes: the counting thread stops.
    let cancellation = Cancellation()

    /// The list of the tables and views of the file at `path`.
    public init(path: String) throws(SQLiteError) {
        self.path = path
        database = try SQLiteDatabase(path: path)
        objects = try database.objects()
        root = VStack([titleBar, .fill(table), statusLine])
        titleBar.textStyle = .bold
        statusLine.textStyle = .dim
        table.tableColumns = [
            TableColumn("name", title: "name", maximumWidth: 48),
            TableColumn("kind", title: "kind"),
            TableColumn("rows", title: "rows", valueType: .integer),
        ]
        table.dataSource = self
        table.delegate = self
        table.keyBindings[.escape] = nil
        table.reloadData()
        if !objects.isEmpty { table.setCursor(IndexPath(row: 0, section: 0), notify: false) }
        titleBar.text = "tv · \(TerminalText.sanitize(path)) · \(objects.count) tables and views"
        statusLine.text = objects.isEmpty ? "the file has no tables" : "Enter opens · q quits · ? keys"
    }

    /// Keeps `app`, focuses the list and starts counting.
    public func install(in app: Application) {
        self.app = app
        app.focus(table)
        let database = self.database
        let objects = self.objects
        let cancellation = self.cancellation
        TableThread.start(name: "tv-counts") {
            for object in objects where !cancellation.isCancelled {
                let sql = "SELECT count(*) FROM \(SQLiteSQL.quote(object.name))"
                guard let count = try? database.scalarInteger(sql) else { continue }
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated { self?.counted(object.name, Int(count)) }
                }
            }
        }
    }

    /// Stops counting.
    public func stop() {
        cancellation.cancel()
        database.interrupt()
        viewer?.stop()
    }

    func counted(_ name: String, _ count: Int) {
        counts[name] = count
        if let row = objects.firstIndex(where: { $0.name == name }) {
            table.reconfigureRows(at: [IndexPath(row: row, section: 0)])
        }
        app?.setNeedsDisplay()
    }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { objects.count }

    public func tableView(_ tableView: TableView, textFor column: TableColumn, at indexPath: IndexPath) -> StyledText {
        guard indexPath.row < objects.count else { return StyledText("") }
        let object = objects[indexPath.row]
        switch column.identifier {
        case "name": return StyledText(TerminalText.sanitize(object.name))
        case "kind": return StyledText(object.kind.rawValue)
        default:
            guard let count = counts[object.name] else { return StyledText("…", style: .dim) }
            return StyledText(String(count))
        }
    }

    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        guard indexPath.row < objects.count else { return }
        open(objects[indexPath.row].name)
    }

    /// Opens table `name` on a screen pushed over the list; what goes wrong is said on the status line.
    public func open(_ name: String) {
        guard let app else { return }
        do {
            let viewer = try SQLiteViewer(path: path, source: .table(name), firstRows: 100)
            let screen = AppScreen(viewer.root, title: TerminalText.sanitize(name))
            screen.onPop = { [weak self, weak viewer] in
                viewer?.stop()
                self?.viewer = nil
                self?.app?.focus(self?.table)
            }
            self.viewer = viewer
            app.push(screen)
            viewer.install(in: app, screen: screen)
        } catch {
            statusLine.text = "⚠ " + TerminalText.sanitize(error.message)
        }
    }
}
