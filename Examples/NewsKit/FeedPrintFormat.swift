/// The two output formats of `news --print`.
public enum FeedPrintFormat: String, Sendable, CaseIterable {
    /// Lines for people and `cut`/`awk`: a feed's title, then one tab-separated line per article.
    case text
    /// One JSON array, an object per feed (or per failed source), for tools.
    case json
}
