import Dispatch
import TermTable

extension FileBrowser {
    /// The tree's actions, bound to the table (before its own keys): open (Enter), filter. → / l (expand, or the
    /// first child), ← / h (collapse, or the parent), `+`, `-` and `*` are the table's own outline keys.
    func makeTreeActions() -> [AppAction] {
        [
            AppAction("tree.open", keys: [.enter], help: "expand or collapse the directory", hint: "open") {
                [unowned self] in self.toggleCursorItem()
            },
            AppAction(
                "tree.filter", keys: [Key("/")], help: "filter by name (keeps the parents; Esc clears)", hint: "filter"
            ) {
                [unowned self] in self.promptFilter()
            },
        ]
    }

    /// The app's actions: help, quit.
    func makeAppActions() -> [AppAction] {
        [
            AppAction("app.help", keys: [Key("?")], help: "these keys", hint: "keys") { [unowned self] in
                self.app?.showHelp(title: "files keys")
            },
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { [unowned self] in self.app?.quit() },
        ]
    }

    /// Binds the actions, keeps `app`, follows changes on disk (`watching`: tests pass false and call
    /// ``apply(_:of:in:)``), and keeps the bars and the preview up to date.
    public func install(in app: Application, watching: Bool = true) {
        self.app = app
        app.announcementView = statusLine
        app.rootScreen.title = "files"
        let tree = makeTreeActions()
        let global = makeAppActions()
        actions = tree + global
        app.addActions(tree, to: table)
        app.addActions(global)
        app.willRender = { [unowned self] in
            self.updatePreview()
            self.updateBars()
        }
        app.onResize = { [unowned self] _ in self.root.setNeedsLayout() }
        app.addTickHandler { [weak self] in self?.refreshAges() }
        app.focus(table)
        if watching { startWatching() }
        // The rest of the top directory after the run loop's first turn: the first frame does not share the
        // processors with the stream (as `tv` starts its index).
        if rootListing != nil {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, let listing = self.rootListing else { return }
                    self.rootListing = nil
                    self.stream(listing, into: nil)
                }
            }
        }
    }

    /// Enter: a directory (or a link to one) expands, or collapses when expanded.
    public func toggleCursorItem() {
        guard let item = cursorItem, item.entry.isExpandable else { return }
        dataSource.toggle(item)
    }

    /// Shows only the entries whose name matches `text` fuzzily, with their parents (dimmed); "" shows all.
    public func setFilter(_ text: String) {
        dataSource.setFilter(query: text)
        updateBars()
    }

    /// `/`: filters as you type; Enter keeps the filter, Esc clears it.
    func promptFilter() {
        app?.prompt(
            "/", text: dataSource.filterQuery,
            onChange: { [unowned self] text in self.setFilter(text) },
            onCancel: { [unowned self] in self.setFilter("") })
    }

    /// The preview pane: the cursor's file (read again only when the cursor is on another path).
    public func updatePreview() {
        guard let item = cursorItem else {
            if previewPath != nil {
                previewPath = nil
                preview.text = ""
            }
            return
        }
        guard item.path != previewPath else { return }
        previewPath = item.path
        preview.text = FilePreview.text(for: item)
    }
}
