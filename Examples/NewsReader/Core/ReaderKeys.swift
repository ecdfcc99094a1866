import TermTable

/// The reader's keys: those the app handles (the list and the article view handle their own scrolling).
public enum ReaderKeys {
    /// Key to command, for the app's key bindings.
    public static let bindings: [(key: Key, command: ReaderCommand)] = [
        (.right, .open), (Key("l"), .open),
        (Key("o"), .openLink),
        (Key("m"), .toggleRead),
        (Key("n"), .nextUnread),
        (Key("/"), .filter),
        (.escape, .clearFilter),
        (Key("v"), .toggleCompact),
        (Key("r"), .reload), (.ctrl("r"), .reload),
        (Key("?"), .help), (Key(.function(1)), .help),
        (Key("q"), .quit),
    ]

    /// The lines of the help box.
    public static let help: [(key: String, action: String)] = [
        ("j k ↓ ↑", "move down, up (the mouse wheel scrolls)"),
        ("PgDn PgUp", "page down, up (also ctrl-f, ctrl-b)"),
        ("g G", "first, last article"),
        ("Enter → l", "read the article (double click too)"),
        ("o", "open the link in $BROWSER"),
        ("m", "mark read / unread"),
        ("n", "next unread article"),
        ("/", "filter titles (Enter keeps, Esc clears)"),
        ("v", "one-line / two-line articles"),
        ("r", "reload all feeds"),
        ("q Esc ←", "back to the list (article view)"),
        ("q", "clear the filter, then quit"),
        ("?", "this help"),
    ]
}
