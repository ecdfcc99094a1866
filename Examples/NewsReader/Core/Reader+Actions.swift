import TermTable

extension Reader {
    /// An action that runs `body` on the reader, then redraws.
    private func action(
        _ name: String, _ keys: [Key], _ help: String, hint: String? = nil, section: String? = nil,
        _ body: @escaping @MainActor (Reader) -> Void
    ) -> AppAction {
        AppAction(name, keys: keys, help: help, hint: hint, section: section) { [unowned self] in
            body(self)
            self.app?.setNeedsDisplay()
        }
    }

    /// The app's actions, in force on the list and the article alike.
    func makeAppActions() -> [AppAction] {
        [
            action("reader.open-link", [Key("o")], "open the link in $BROWSER") { $0.openLink() },
            action("reader.toggle-read", [Key("m")], "mark read / unread") { $0.toggleRead() },
            action("reader.next-unread", [Key("n")], "next unread article") { $0.nextUnread() },
            action("reader.refresh", [Key("r"), .ctrl("r")], "reload all feeds") { $0.reload() },
            action("app.help", [Key("?"), Key(.function(1))], "these keys", hint: "help") { $0.showHelp() },
            action("app.quit", [Key("q")], "clear the filter, then quit", hint: "quit") { $0.clearFilterOrQuit() },
        ]
    }

    /// The list's actions (bound to the table).
    func makeListActions() -> [AppAction] {
        [
            action("reader.open", [.right, Key("l")], "read the article (Enter, double click too)") { reader in
                if let cursor = reader.tableView.state.cursor { reader.open(cursor) }
            },
            action("reader.filter", [Key("/")], "filter titles (Enter keeps, Esc clears)") { $0.startFilter() },
            action("reader.clear-filter", [.escape], "dismiss the warning, or clear the filter") {
                $0.dismissWarningOrClearFilter()
            },
            action("reader.compact", [Key("v")], "one-line / two-line articles") { $0.toggleCompact() },
        ]
    }

    /// The article views' actions (bound to both: beside the list and on the article screen).
    func makeArticleActions() -> [AppAction] {
        [
            action(
                "article.back", [Key("q"), .escape, .left, Key("h")], "back to the list", hint: "back",
                section: "Article"
            ) { $0.closeArticle() }
        ]
    }

    /// Every action by scope (the app's, the list's, the article's), with their default keys: what `news --keys`
    /// prints and a key map is checked against.
    public var actionScopes: [[AppAction]] { [appActions, listActions, articleActions] }

    /// The list's status line hints (`? help  q quit`): its actions and the app's that have a hint, each by its first
    /// key, with the user's keys.
    public var listHints: String { hints(for: [listActions, appActions]) }

    /// The article's status line hints (`q back  ? help`), as ``listHints``.
    public var articleHints: String { hints(for: [articleActions, appActions]) }

    /// The hints of `scopes`, nearest first: each action that has a hint, by its first key that no nearer action
    /// has (an action left with no key is not shown).
    func hints(for scopes: [[AppAction]]) -> String {
        let map = app?.keyMap ?? KeyMap()
        var taken: Set<Key> = []
        var bindings: [KeyBinding] = []
        for scope in scopes {
            for action in map.applied(to: scope) where action.isEnabled {
                let keys = action.keys.filter { !taken.contains($0) }
                taken.formUnion(keys)
                guard let first = keys.first, let hint = action.hint else { continue }
                bindings.append(KeyBinding([first], help: action.help, hint: hint))
            }
        }
        return KeyHintBar.text(for: bindings, width: Int.max / 2, separator: "  ")
    }

    /// Lines of the help box that name no key: what the mouse does.
    public static let pointerHelp: [(key: String, action: String)] = [
        ("wheel", "scroll"), ("double click", "read the article"),
    ]

    /// Help for the keys of the side-by-side panes (140 columns and wider), which the app's focus handles.
    public static let paneHelp: [(key: String, action: String)] = [
        ("Tab/⇧Tab", "the list or the article beside it")
    ]
}
