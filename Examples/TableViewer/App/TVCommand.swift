import ArgumentParser
import Glibc
import TableViewerCore
import TableViewerKit
import TableViewerSQLite
import TermTable

/// `tv`: a CSV, TSV or JSON-lines file as a table (run by ``TVEntry``); `--print` writes it as TSV instead.
struct TVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tv",
        abstract: "A data viewer: CSV, TSV (or ;) and JSON lines, mapped and indexed in the background; SQLite tables.",
        discussion: """
            Keys: arrows or hjkl move the cell cursor, [ ] sort by the column, / finds in it (n/N), Enter shows the \
            row as a record, F counts the column's values, ! freezes the first column, Esc back, q quits, ? keys, \
            Ctrl-P or : every action; $XDG_CONFIG_HOME/tv/keys.conf remaps them (lines `action.name = key, key`, \
            see --keys).

            --print writes TSV: a tab, line feed, carriage return or backslash in a field as \\t \\n \\r \\\\, other \
            controls as \\xHH or \\u{HHHH}. Exit status: 0 printed; 1 the file cannot be read; 2 a bad argument \
            (an unknown column: the message lists them); 3 printed, but some rows had problems (listed on \
            standard error).
            """
    )

    @Argument(help: "A CSV, TSV or JSON-lines file, or a SQLite database (with --generate: the file to write).")
    var file: String?

    @Argument(help: "With a SQLite database: the table or view to show (none: the list of them).")
    var table: String?

    @Option(help: "With a SQLite database: show the rows of this read-only query (SELECT …) instead of a table.")
    var query: String?

    @Flag(help: "Print the effective key map (the defaults with $XDG_CONFIG_HOME/tv/keys.conf over them) and exit.")
    var keys = false

    @Option(help: "Write this many generated rows (19 columns like a flights data set, seeded) to FILE as CSV.")
    var generate: Int?

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 1

    @Flag(help: "Write the rows as TSV to standard output instead of showing them.")
    var print = false

    @Option(help: "With --print: sort by COL (ascending) or COL:desc; several levels separated by commas.")
    var sort: [String] = []

    @Option(help: "With --print: only these columns, in this order (comma-separated names).")
    var columns: String?

    @Option(help: "With --print: at most N rows.")
    var limit: Int?

    func validate() throws {
        if file == nil, !keys { throw ValidationError("Missing expected argument '<file>'") }
        if let generate, generate < 0 { throw ValidationError("--generate takes a number of rows (0 or more)") }
        if table != nil, query != nil { throw ValidationError("give a table or --query, not both") }
        if !print, !sort.isEmpty || columns != nil || limit != nil {
            throw ValidationError("--sort, --columns and --limit go with --print")
        }
    }

    @MainActor
    func run() async throws {
        if keys {
            let map = Self.loadKeyMap()
            Swift.print(KeyMap.describe(TableViewer.actionScopes.flatMap(map.applied(to:))))
            Swift.print("# on a SQLite table")
            Swift.print(KeyMap.describe(SQLiteViewer.actionScopes.flatMap(map.applied(to:))))
            return
        }
        guard let file else { return }
        if let generate {
            do {
                try TableGenerator.writeCSV(path: file, rows: generate, seed: seed)
            } catch {
                throw Self.fail(error.message, status: 1)
            }
            return
        }
        if print {
            let names = columns.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let status: TablePrinter.Status
            if SQLiteDatabase.isDatabaseFile(path: file) {
                let source: SQLiteSource? = query.map { .query($0) } ?? table.map { .table($0) }
                status = SQLitePrinter(path: file, source: source, sort: sort, columns: names, limit: limit).run()
            } else if table != nil || query != nil {
                throw Self.fail("\(file): not a SQLite database (a table or --query goes with one)", status: 2)
            } else {
                status = TablePrinter(path: file, sort: sort, columns: names, limit: limit).run()
            }
            if status != .success { throw ExitCode(status.rawValue) }
            return
        }
        // A bad key map is said on standard error before the screen starts; its good lines and the defaults hold.
        if SQLiteDatabase.isDatabaseFile(path: file) {
            try await Self.viewSQLite(file, table: table, query: query, keyMap: Self.loadKeyMap())
            return
        }
        if table != nil || query != nil {
            throw Self.fail("\(file): not a SQLite database (a table or --query goes with one)", status: 2)
        }
        try await Self.view(file, keyMap: Self.loadKeyMap())
    }

    /// `$XDG_CONFIG_HOME/tv/keys.conf` over the default keys; what is wrong with it is said on standard error with
    /// the file and line.
    @MainActor
    static func loadKeyMap() -> KeyMap {
        let (keyMap, problems) = KeyMap.load(contentsOf: KeyMap.defaultPath(forApp: "tv") ?? "")
        for problem in problems + keyMap.problems(against: TableViewer.actionScopes + SQLiteViewer.actionScopes) {
            say("\(problem)")
        }
        return keyMap
    }

    /// `$XDG_CONFIG_HOME/tv/theme.conf` over the dark theme; what is wrong with it is said on standard error with
    /// the file, line and column (before the screen starts, so it stays on the terminal).
    @MainActor
    static func loadTheme() -> Theme {
        let (theme, problems) = Theme.load(forApp: "tv")
        for problem in problems { say("\(problem)") }
        return theme
    }

    /// Shows `path` until the user quits, with the keys of `keyMap`.
    @MainActor
    static func view(_ path: String, keyMap: KeyMap) async throws {
        if SQLiteDatabase.isDatabaseFile(path: path) {
            try await viewSQLite(path, table: nil, query: nil, keyMap: keyMap)
            return
        }
        // Opened before the screen, so a file that cannot be shown is told on a normal terminal. The terminal
        // guard takes SIGBUS over when the screen starts; the mapped-file guard is put in front of it again (it
        // passes on faults that are not its own).
        let table: TableFile
        do {
            table = try TableFile(path: path)
        } catch {
            throw fail(error.message, status: 1)
        }
        let theme = loadTheme()
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw fail("a terminal is needed (or use --print)", status: 1)
        }
        let screen = try CursesScreen()
        MappedFile.reinstallGuard()
        defer { screen.close() }
        // The first frame needs the rows of one screen; the rest is indexed after it.
        let viewer = TableViewer(file: table, screenRows: screen.size.height)
        let app = Application(screen: screen, rootView: viewer.root)
        app.keyMap = keyMap
        app.theme = theme
        viewer.install(in: app)
        await app.run()
        viewer.stop()
    }

    /// Says `text` on standard error, `tv: ` first, its controls made printable.
    static func say(_ text: String) {
        let message = Array(("tv: " + TableText.printable(text) + "\n").utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Says `text` and returns the exit status to throw.
    static func fail(_ text: String, status: Int32) -> ExitCode {
        say(text)
        return ExitCode(status)
    }
}
