import Glibc
import ProcessKit
import TermTable

extension ProcessViewer {
    /// The app's keys, each with its help and the command it runs, in the order of the help box.
    ///
    /// The table's own keys (cursor, marks, Enter) come with their help from the table
    /// (``/TermTable/TableView/keyHelp``); the `?` box lists both, as bound (``/TermTable/Application/bindingsInForce``).
    /// A binding of several keys runs one command for each key, in the order of its keys.
    public static let commandBindings: [(binding: KeyBinding, commands: [ProcessCommand])] = [
        (KeyBinding([Key("K")], help: "SIGTERM the marked processes (asks first)", hint: "term"), [.terminate]),
        (KeyBinding([Key("X")], help: "SIGKILL the marked processes (asks first)", hint: "kill"), [.kill]),
        (KeyBinding([Key("/")], help: "filter (Enter keeps, Esc clears)", hint: "filter"), [.filter]),
        (
            KeyBinding(
                [Key("c"), Key("m"), Key("p"), Key("n"), Key("r")], help: "sort by CPU, memory, pid, name; r reverses",
                label: "c m p n r", hint: "sort"),
            [.sortByCPU, .sortByMemory, .sortByPID, .sortByName, .reverse]
        ),
        (KeyBinding([Key("?")], help: "these keys", hint: "keys"), [.help]),
        (KeyBinding([Key("q")], help: "quit", hint: "quit"), [.quit]),
    ]

    /// The command `key` runs, from ``commandBindings`` (nil for a key the app does not bind).
    public static func command(for key: Key) -> ProcessCommand? {
        for (binding, commands) in commandBindings {
            guard let index = binding.keys.firstIndex(of: key) else { continue }
            return commands.count == 1 ? commands[0] : commands[index]
        }
        return nil
    }

    /// The status line's key hints: the list's keys that have a hint (the table's Space,
    /// ``/TermTable/TableView/commandHints``, then ``commandBindings``), as a ``/TermTable/KeyHintBar`` shows them.
    ///
    /// The list's, not those of the view in focus: the line stays while a dialog or the filter prompt is up.
    public var keyHints: String {
        let bindings = table.keyHelp + Self.commandBindings.map(\.binding)
        return KeyHintBar.text(for: bindings.filter(\.showsInHintBar), width: Int.max / 2, separator: "  ")
    }

    /// Lines of the help box that name no key: what a click does.
    public static let pointerHelp: [(key: String, action: String)] = [
        ("click a title", "sort by it (again: reverse)"),
        ("ctrl-click a row", "mark / unmark (or click its ✓ column)"),
    ]

    /// Binds the keys and keeps `app` for dialogs; `refreshInterval` nil: no timer (tests call ``refresh()``).
    public func install(in app: Application, refreshInterval: Duration? = .seconds(1)) {
        self.app = app
        app.rootScreen.title = "procs"
        for (binding, _) in Self.commandBindings {
            app.bind(binding) { [unowned self] (key: Key) in
                if let command = Self.command(for: key) { self.perform(command) }
            }
        }
        app.willRender = { [unowned self] in self.updateBars() }
        app.onResize = { [unowned self] _ in self.root.setNeedsLayout() }
        if let refreshInterval {
            app.schedule(after: refreshInterval, repeats: true) { [unowned self] in self.refresh() }
        }
    }

    /// Does what a key asked.
    public func perform(_ command: ProcessCommand) {
        switch command {
        case .quit: app?.quit()
        case .help: app?.showHelp(title: "procs keys", adding: Self.pointerHelp)
        case .filter: promptFilter()
        case .sortByCPU: sort(byColumn: "cpu")
        case .sortByMemory: sort(byColumn: "rss")
        case .sortByPID: sort(byColumn: "pid")
        case .sortByName: sort(byColumn: "command")
        case .reverse: reverseOrder()
        case .terminate: askToSignal(SIGTERM)
        case .kill: askToSignal(SIGKILL)
        }
    }

    /// Sorts by the column with `identifier` in its first direction (largest first for CPU and memory), as a
    /// click on its title does when it is not the sorted one.
    public func sort(byColumn identifier: String) {
        guard table.tableColumn(withIdentifier: identifier)?.sortDescriptorPrototype != nil else { return }
        table.sortByColumn(withIdentifier: identifier)
    }

    /// Reverses the order (the first level of the table's sort).
    public func reverseOrder() {
        guard let first = table.sortDescriptors.first else { return }
        table.sortDescriptors[0] = first.reversed
    }

    /// Shows only processes whose command, name, user or pid matches `text` fuzzily (empty: all), with the
    /// matched letters of the command highlighted; marks on the processes it hides are kept.
    public func setFilter(_ text: String) {
        message = nil
        dataSource.setFilter(query: text)
        updateBars()
    }

    /// Shows only these pids (nil: all), as `procs --pid` does.
    public func restrict(to pids: Set<Int32>?) {
        list.onlyPIDs = pids
        apply()
    }

    /// `/`: filters as you type; Enter keeps the filter, Esc clears it.
    func promptFilter() {
        guard let app else { return }
        app.prompt(
            "/", text: dataSource.filterQuery,
            onChange: { [unowned self] text in
                self.setFilter(text)
            },
            onCancel: { [unowned self] in
                self.setFilter("")
            })
    }
}
