import ArgumentParser
import Glibc
import TableViewerCore
import TableViewerSQLite
import TermTable

extension TVCommand {
    /// Shows the SQLite file at `path`: `table` (or `query`'s rows) as a grid, or the list of its tables and views.
    /// What cannot be shown is said on a normal terminal before the screen starts: exit status 1 when the file
    /// cannot be read (not a database, locked, corrupt), 2 for a bad argument (an unknown table, listing the
    /// tables; a query that would write, or that SQLite cannot run).
    @MainActor
    static func viewSQLite(_ path: String, table: String?, query: String?, keyMap: KeyMap) async throws {
        let source: SQLiteSource? = query.map { .query($0) } ?? table.map { .table($0) }
        var viewer: SQLiteViewer?
        var list: SQLiteTableList?
        do {
            if let source {
                viewer = try SQLiteViewer(path: path, source: source, firstRows: 100)
            } else {
                list = try SQLiteTableList(path: path)
            }
        } catch {
            let status: Int32
            switch error.kind {
            case .noSuchTable, .notReadOnly, .other: status = 2
            default: status = 1
            }
            throw fail("\(path): \(error.message)", status: status)
        }
        let theme = loadTheme()
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw fail("a terminal is needed", status: 1)
        }
        let screen = try CursesScreen()
        defer { screen.close() }
        let app: Application
        if let viewer {
            app = Application(screen: screen, rootView: viewer.root)
            app.keyMap = keyMap
            viewer.install(in: app, screen: app.rootScreen)
        } else if let list {
            app = Application(screen: screen, rootView: list.root)
            app.keyMap = keyMap
            list.install(in: app)
        } else {
            return
        }
        app.theme = theme
        app.rootScreen.title = "tv · " + TerminalText.sanitize(path)
        app.addActions([
            AppAction("app.help", keys: [Key("?")], help: "these keys", hint: "keys") {
                app.showHelp(title: "tv keys")
            },
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { app.quit() },
        ])
        app.willRender = {
            viewer?.updateBars()
            list?.viewer?.updateBars()
        }
        await app.run()
        viewer?.stop()
        list?.stop()
    }
}
