import TermTable

/// The reader's keys: those the app handles, with their help (the list and the article view
/// handle their own scrolling, and list their keys themselves: ``/TermTable/TableView/keyHelp``,
/// ``ArticleDetailView/keyActions``).
public enum ReaderKeys {
    /// Every key the app binds, with its help and command, in the order of the help box.
    public static let bindings: [(binding: KeyBinding, command: ReaderCommand)] = [
        (KeyBinding([.right, Key("l")], help: "read the article (Enter, double click too)"), .open),
        (KeyBinding([Key("o")], help: "open the link in $BROWSER"), .openLink),
        (KeyBinding([Key("m")], help: "mark read / unread"), .toggleRead),
        (KeyBinding([Key("n")], help: "next unread article"), .nextUnread),
        (KeyBinding([Key("/")], help: "filter titles (Enter keeps, Esc clears)"), .filter),
        (KeyBinding([.escape], help: "clear the filter"), .clearFilter),
        (KeyBinding([Key("v")], help: "one-line / two-line articles"), .toggleCompact),
        (KeyBinding([Key("r"), .ctrl("r")], help: "reload all feeds"), .reload),
        (KeyBinding([Key("?"), Key(.function(1))], help: "this help (F1 too)", label: "?", hint: "help"), .help),
        (KeyBinding([Key("q")], help: "clear the filter, then quit", hint: "quit"), .quit),
    ]

    /// The list's key hints, from the ``bindings`` that have a hint: `? help  q quit`.
    public static let listHints = KeyHintBar.text(
        for: bindings.map(\.binding).filter(\.showsInHintBar), width: Int.max / 2, separator: "  ")

    /// Lines of the help box that name no key: what the mouse does.
    public static let pointerHelp: [(key: String, action: String)] = [
        ("wheel", "scroll"), ("double click", "read the article"),
    ]
    /// Help for the keys of the side-by-side panes (140 columns and wider), which the app's focus handles.
    public static let paneHelp: [(key: String, action: String)] = [
        ("Tab/⇧Tab", "the list or the article beside it")
    ]
}
