/// What the status line says, composed from the reader's state (pure, for tests).
public struct StatusText: Sendable, Hashable {
    /// The left part: position and counts, or a message.
    public var left: String
    /// The right part: key hints.
    public var right: String

    /// Creates a status text.
    public init(left: String, right: String) {
        self.left = left
        self.right = right
    }

    /// The status of the list: `12/163 · 37 unread of 163 · 4 feeds · filter “swift”` and the `hints` (the list's,
    /// ``Reader/listHints``); `filter` is the filter as typed ("" when none), the position is among the articles it
    /// shows, the counts over every article.
    public static func list(
        position: (index: Int, count: Int), counts: ReaderCounts, filter: String,
        message: String?, hints: String
    ) -> StatusText {
        if let message { return StatusText(left: message, right: hints) }
        var parts = ["\(position.index)/\(position.count)"]
        parts.append("\(counts.unread) unread of \(counts.articles)")
        var feeds = counts.feeds == 1 ? "1 feed" : "\(counts.feeds) feeds"
        if counts.failed > 0 { feeds += " (\(counts.failed) failed)" }
        parts.append(feeds)
        if counts.loading > 0 { parts.append("loading \(counts.loading)…") }
        if !filter.isEmpty { parts.append("filter “\(filter)” (Esc clears)") }
        return StatusText(left: parts.joined(separator: " · "), right: hints)
    }

    /// The status of the article view: `12/163 · World Desk · 40%` and the `hints` (the article's,
    /// ``Reader/articleHints``).
    public static func detail(
        position: (index: Int, count: Int), feed: String, percent: Int,
        message: String?, hints: String
    ) -> StatusText {
        if let message { return StatusText(left: message, right: hints) }
        return StatusText(left: "\(position.index)/\(position.count) · \(feed) · \(percent)%", right: hints)
    }
}
