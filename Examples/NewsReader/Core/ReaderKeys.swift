import TermTable

/// The reader's keys: those the app handles (the list and the article view handle their own scrolling).
public enum ReaderKeys {
    /// Every key with its help line, in the order of the help box.
    public static let lines: [ReaderKeyBinding] = [
        ReaderKeyBinding(
            "j k ↓ ↑", "move down, up (the mouse wheel scrolls)",
            viewKeys: [Key("j"), Key("k"), .down, .up]),
        ReaderKeyBinding(
            "PgDn PgUp", "page down, up (also ctrl-f, ctrl-b)",
            viewKeys: [.pageDown, .pageUp, .ctrl("f"), .ctrl("b")]),
        ReaderKeyBinding("g G", "first, last article", viewKeys: [Key("g"), Key("G")]),
        ReaderKeyBinding(
            "Enter → l", "read the article (double click too)",
            commands: [(.right, .open), (Key("l"), .open)], viewKeys: [.enter]),
        ReaderKeyBinding("o", "open the link in $BROWSER", commands: [(Key("o"), .openLink)]),
        ReaderKeyBinding("m", "mark read / unread", commands: [(Key("m"), .toggleRead)]),
        ReaderKeyBinding("n", "next unread article", commands: [(Key("n"), .nextUnread)]),
        ReaderKeyBinding(
            "/", "filter titles (Enter keeps, Esc clears)",
            commands: [(Key("/"), .filter), (.escape, .clearFilter)]),
        ReaderKeyBinding("v", "one-line / two-line articles", commands: [(Key("v"), .toggleCompact)]),
        ReaderKeyBinding("r", "reload all feeds", commands: [(Key("r"), .reload), (.ctrl("r"), .reload)]),
        ReaderKeyBinding(
            "q Esc ←", "back to the list (article view)", section: .article,
            viewKeys: [Key("q"), .escape, .left]),
        ReaderKeyBinding("q", "clear the filter, then quit", commands: [(Key("q"), .quit)]),
        ReaderKeyBinding("?", "this help", commands: [(Key("?"), .help), (Key(.function(1)), .help)]),
    ]

    /// Key to command, for the app's key bindings (from ``lines``).
    public static let bindings: [(key: Key, command: ReaderCommand)] = lines.flatMap(\.commands)

    /// The lines of the help box (from ``lines``).
    public static let help: [(key: String, action: String)] = lines.map { ($0.label, $0.help) }
}
