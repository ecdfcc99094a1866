import Glibc
import ProcessKit
import TermTable

extension ProcessViewer {
    /// Every key with its help line, in the order of the help box.
    public static let keyLines: [ProcessKeyBinding] = [
        ProcessKeyBinding("↑ ↓ j k", "move", tableKeys: [.up, .down, Key("j"), Key("k")]),
        ProcessKeyBinding("PgUp PgDn g G", "page, top, bottom", tableKeys: [.pageUp, .pageDown, Key("g"), Key("G")]),
        ProcessKeyBinding("space", "mark / unmark", tableKeys: [.space]),
        ProcessKeyBinding("ctrl-a  Esc", "mark all / unmark all", tableKeys: [.ctrl("a"), .escape]),
        ProcessKeyBinding("K", "SIGTERM the marked processes (asks first)", commands: [(Key("K"), .terminate)]),
        ProcessKeyBinding("X", "SIGKILL the marked processes (asks first)", commands: [(Key("X"), .kill)]),
        ProcessKeyBinding(
            "Enter", "details (Esc or q: back)", commands: [(.escape, .closeDetail)],
            tableKeys: [.enter]),
        ProcessKeyBinding("/", "filter (Enter keeps, Esc clears)", commands: [(Key("/"), .filter)]),
        ProcessKeyBinding(
            "c m p n", "sort by CPU, memory, pid, name",
            commands: [
                (Key("c"), .sortByCPU), (Key("m"), .sortByMemory), (Key("p"), .sortByPID),
                (Key("n"), .sortByName),
            ]),
        ProcessKeyBinding("r", "reverse the order", commands: [(Key("r"), .reverse)]),
        ProcessKeyBinding("click a title", "sort by it (again: reverse)", isPointer: true),
        ProcessKeyBinding("?", "these keys", commands: [(Key("?"), .help)]),
        ProcessKeyBinding("q", "quit", commands: [(Key("q"), .back)]),
    ]

    /// The keys, for the help box and the README (from ``keyLines``).
    public static let helpEntries: [(key: String, action: String)] = keyLines.map { ($0.label, $0.help) }

    /// Key to command, for the app's key bindings (from ``keyLines``).
    public static let keyBindings: [(key: Key, command: ProcessCommand)] = keyLines.flatMap(\.commands)

    /// Binds the keys and keeps `app` for dialogs; `refreshInterval` nil: no timer (tests call ``refresh()``).
    public func install(in app: Application, refreshInterval: Duration? = .seconds(1)) {
        self.app = app
        for (key, command) in Self.keyBindings {
            app.bind(key) { [unowned self] in self.perform(command) }
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
        case .back: if detailID != nil { closeDetail() } else { app?.quit() }
        case .closeDetail: if detailID != nil { closeDetail() }
        case .help: app?.showHelp(title: "procs keys", entries: Self.helpEntries)
        case .filter: promptFilter()
        case .sortByCPU: sort(by: .cpu)
        case .sortByMemory: sort(by: .memory)
        case .sortByPID: sort(by: .pid)
        case .sortByName: sort(by: .name)
        case .reverse: reverseOrder()
        case .terminate: askToSignal(SIGTERM)
        case .kill: askToSignal(SIGKILL)
        }
    }

    /// Sorts by `key` in its natural order (largest first for CPU and memory).
    public func sort(by key: ProcessSortKey) {
        list.sortKey = key
        list.isReversed = false
        sortChanged()
    }

    /// Reverses the order.
    public func reverseOrder() {
        list.isReversed.toggle()
        sortChanged()
    }

    private func sortChanged() {
        message = nil
        updateSortIndicator()
        apply()
    }

    /// Shows only processes containing `text` (empty: all).
    public func setFilter(_ text: String) {
        list.filter = text
        apply()
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
            "/", text: list.filter,
            onChange: { [unowned self] text in
                self.setFilter(text)
            },
            onCancel: { [unowned self] in
                self.setFilter("")
            })
    }
}
