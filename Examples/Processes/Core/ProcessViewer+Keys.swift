import Glibc
import ProcessKit
import TermTable

extension ProcessViewer {
    /// The app's actions, in force on every screen (the marked processes can be signalled from the detail too):
    /// signal, help, quit.
    func makeAppActions() -> [AppAction] {
        [
            AppAction(
                "process.terminate", keys: [Key("K")], help: "SIGTERM the marked processes (asks first)", hint: "term"
            ) {
                [unowned self] in self.askToSignal(SIGTERM)
            },
            AppAction("process.kill", keys: [Key("X")], help: "SIGKILL the marked processes (asks first)", hint: "kill")
            {
                [unowned self] in self.askToSignal(SIGKILL)
            },
            AppAction("app.help", keys: [Key("?")], help: "these keys", hint: "keys") { [unowned self] in
                self.app?.showHelp(title: "procs keys", adding: Self.pointerHelp)
            },
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { [unowned self] in self.app?.quit() },
        ]
    }

    /// The list's actions (the root screen's): filter and sort.
    func makeListActions() -> [AppAction] {
        func sort(_ name: String, _ key: Character, _ help: String, _ column: String) -> AppAction {
            var action = AppAction("sort.\(name)", keys: [Key(key)], help: help, section: "Sort") { [unowned self] in
                self.sort(byColumn: column)
            }
            action.helpGroup = Self.sortHelp
            return action
        }
        return [
            AppAction("list.filter", keys: [Key("/")], help: "filter (Enter keeps, Esc clears)", hint: "filter") {
                [unowned self] in self.promptFilter()
            },
            AppAction("list.copy", keys: [Key("y")], help: "copy the marked rows (else the cursor's) as TSV") {
                [unowned self] in self.copyRows()
            },
            AppAction("view.tree", keys: [Key("t")], help: "tree by parent / list by user", hint: "tree") {
                [unowned self] in self.setTreeMode(!self.isTreeMode)
            },
            sort("cpu", "c", "by CPU", "cpu"), sort("memory", "m", "by memory", "rss"),
            sort("pid", "p", "by pid", "pid"),
            sort("name", "n", "by name", "command"),
            {
                var reverse = AppAction("sort.reverse", keys: [Key("r")], help: "reverse", section: "Sort") {
                    [unowned self] in self.reverseOrder()
                }
                reverse.helpGroup = Self.sortHelp
                return reverse
            }(),
        ]
    }

    /// The one help line of the sort keys (`c m p n r`).
    static let sortHelp = "sort by CPU, memory, pid, name; r reverses"

    /// The detail screen's actions: q goes back (as Esc does), f and t push the open files and the threads.
    func makeDetailActions() -> [AppAction] {
        [
            AppAction("detail.back", keys: [Key("q")], help: "back to the list", hint: "back") { [unowned self] in
                self.closeDetail()
            },
            AppAction("detail.files", keys: [Key("f")], help: "its open files", hint: "files") { [unowned self] in
                self.openFiles()
            },
            AppAction("detail.threads", keys: [Key("t")], help: "its threads", hint: "threads") { [unowned self] in
                self.openThreads()
            },
        ]
    }

    /// Every action of procs by scope (the app's, the list's, the detail's, the open files' and the threads'), with
    /// their default keys: what `procs --keys` prints and a key map is checked against.
    public var actionScopes: [[AppAction]] {
        [appActions, listActions, detailScreen.actions, filesScreen.screen.actions, threadsScreen.screen.actions]
    }

    /// The status line's key hints: the list's keys that have a hint (the table's Space,
    /// ``/TermTable/TableView/commandHints``, then the list's and the app's actions, with the user's keys), as a
    /// ``/TermTable/KeyHintBar`` shows them.
    ///
    /// The list's, not those of the view in focus: the line stays while a dialog or the filter prompt is up. While
    /// a key sequence is pending, its keys (`g…`) and the keys that go on with it.
    public var keyHints: String {
        if let app, !app.pendingKeys.isEmpty {
            return KeySequence(app.pendingKeys).helpName + "… "
                + KeyHintBar.text(for: app.pendingContinuations, width: Int.max / 2, separator: "  ")
        }
        let map = app?.keyMap ?? KeyMap()
        let bindings = table.keyHelp + (map.applied(to: listActions) + map.applied(to: appActions)).map(\.binding)
        return KeyHintBar.text(for: bindings.filter(\.showsInHintBar), width: Int.max / 2, separator: "  ")
    }

    /// Lines of the help box that name no key: what a click does.
    public static let pointerHelp: [(key: String, action: String)] = [
        ("click a title", "sort by it (again: reverse)"),
        ("ctrl-click a row", "mark / unmark (or click its ✓ column)"),
    ]

    /// Binds the actions (the app's, the list's on the root screen) and keeps `app` for dialogs and the detail
    /// screen; `refreshInterval` nil: no timer (tests call ``refresh()``).
    public func install(in app: Application, refreshInterval: Duration? = .seconds(1)) {
        self.app = app
        app.announcementView = statusLine
        app.rootScreen.title = "procs"
        app.addActions(appActions)
        app.rootScreen.actions = listActions
        app.willRender = { [unowned self] in self.updateBars() }
        app.onResize = { [unowned self] _ in self.root.setNeedsLayout() }
        bindTreeKeys()
        if let refreshInterval {
            app.schedule(after: refreshInterval, repeats: true) { [unowned self] in self.refresh() }
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
        if isTreeMode, let outline {
            outline.setFilter(query: text)
        } else {
            dataSource.setFilter(query: text)
        }
        updateBars()
    }

    /// Shows only these pids (nil: all), as `procs --pid` does.
    public func restrict(to pids: Set<Int32>?) {
        list.onlyPIDs = pids
        apply()
    }

    /// `/`: filters as you type; Enter keeps the filter (and says how many processes are shown), Esc clears it.
    func promptFilter() {
        guard let app else { return }
        app.prompt(
            "/", text: filterQuery,
            onChange: { [unowned self] text in
                self.setFilter(text)
            },
            onSubmit: { [unowned self] text in
                guard !text.isEmpty else { return }
                let shown =
                    (self.isTreeMode
                        ? self.outline?.snapshot().numberOfItems : self.dataSource?.snapshot().numberOfItems) ?? 0
                self.message = "\(shown) of \(self.list.count) processes shown"  // announced
            },
            onCancel: { [unowned self] in
                self.setFilter("")
            })
    }
}
