import Glibc
import ProcessKit
import TermTable

extension ProcessViewer {
    /// The keys, for the help box and the README.
    public static let helpEntries: [(key: String, action: String)] = [
        ("↑ ↓ j k", "move"), ("PgUp PgDn g G", "page, top, bottom"), ("space", "mark / unmark"),
        ("ctrl-a  Esc", "mark all / unmark all"), ("K", "SIGTERM the marked processes (asks first)"),
        ("X", "SIGKILL the marked processes (asks first)"), ("Enter", "details (Esc or q: back)"),
        ("/", "filter (Enter keeps, Esc clears)"), ("c m p n", "sort by CPU, memory, pid, name"),
        ("r", "reverse the order"), ("click a title", "sort by it (again: reverse)"), ("?", "these keys"), ("q", "quit"),
    ]

    /// Binds the keys and keeps `app` for dialogs; `refreshInterval` nil: no timer (tests call ``refresh()``).
    public func install(in app: Application, refreshInterval: Duration? = .seconds(1)) {
        self.app = app
        app.bind(Key("q")) { [unowned self, unowned app] in
            if self.detailID != nil { self.closeDetail() } else { app.quit() }
        }
        app.bind(.escape) { [unowned self] in if self.detailID != nil { self.closeDetail() } }
        app.bind(Key("?")) { [unowned app] in app.showHelp(title: "procs keys", entries: Self.helpEntries) }
        app.bind(Key("/")) { [unowned self] in self.promptFilter() }
        app.bind(Key("c")) { [unowned self] in self.sort(by: .cpu) }
        app.bind(Key("m")) { [unowned self] in self.sort(by: .memory) }
        app.bind(Key("p")) { [unowned self] in self.sort(by: .pid) }
        app.bind(Key("n")) { [unowned self] in self.sort(by: .name) }
        app.bind(Key("r")) { [unowned self] in self.reverseOrder() }
        app.bind(Key("K")) { [unowned self] in self.askToSignal(SIGTERM) }
        app.bind(Key("X")) { [unowned self] in self.askToSignal(SIGKILL) }
        app.willRender = { [unowned self] in self.updateBars() }
        app.onResize = { [unowned self] _ in self.root.setNeedsLayout() }
        if let refreshInterval {
            app.schedule(after: refreshInterval, repeats: true) { [unowned self] in self.refresh() }
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
        app.prompt("/", text: list.filter, onChange: { [unowned self] text in
            self.setFilter(text)
        }, onCancel: { [unowned self] in
            self.setFilter("")
        })
    }
}
