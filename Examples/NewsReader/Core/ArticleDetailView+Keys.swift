import TermTable

extension ArticleDetailView {
    /// What a key does in the article view.
    public enum KeyAction: Sendable, CaseIterable {
        /// Scroll a line down or up.
        case lineDown, lineUp
        /// Scroll a page down or up.
        case pageDown, pageUp
        /// Go to the top or the bottom of the article.
        case top, bottom
    }

    /// The article view's own keys, scrolling, with their help: ``handleKey(_:)`` runs these, and the help box lists
    /// them (going back is the reader's action `article.back`, bound to the view).
    public static let keyActions: [(binding: KeyBinding, action: KeyAction)] = [
        (KeyBinding([.down, Key("j"), .enter], help: "scroll down", section: "Article"), .lineDown),
        (KeyBinding([.up, Key("k")], help: "scroll up", section: "Article"), .lineUp),
        (KeyBinding([.pageDown, .space, .ctrl("f")], help: "page down", section: "Article"), .pageDown),
        (KeyBinding([.pageUp, Key("b"), .ctrl("b")], help: "page up", section: "Article"), .pageUp),
        (KeyBinding([.home, Key("g")], help: "top", section: "Article"), .top),
        (KeyBinding([.end, Key("G")], help: "bottom", section: "Article"), .bottom),
    ]

    /// The action `key` runs, from ``keyActions`` (nil: the key goes on to the app).
    static func action(for key: Key) -> KeyAction? {
        keyActions.first { $0.binding.keys.contains(key) }?.action
    }
}

extension ArticleDetailView: KeyHelpProviding {
    /// The keys of ``keyActions``.
    public var keyHelp: [KeyBinding] { Self.keyActions.map(\.binding) }
}
