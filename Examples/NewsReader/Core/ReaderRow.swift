import NewsKit

/// One row of the article list.
public enum ReaderRow: Sendable, Hashable {
    /// An article, and whether it was read.
    case article(Article, isRead: Bool)
    /// The feed is still loading.
    case loading
    /// The feed could not be read or parsed: the reason.
    case error(String)
    /// A note: the feed has no articles, nothing matches the filter.
    case notice(String)

    /// The article of an article row.
    public var article: Article? {
        if case .article(let article, _) = self { article } else { nil }
    }

    /// True for rows the cursor stops on (articles).
    public var isSelectable: Bool { article != nil }
}
