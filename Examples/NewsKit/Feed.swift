import Foundation

/// A parsed news feed: its metadata and its articles in document order.
public struct Feed: Sendable, Hashable {
    /// The feed's title as plain text; falls back to `source` when the document has none.
    public var title: String
    /// The feed's web site (RSS `channel/link`, Atom `link rel="alternate"`), if any.
    public var link: URL?
    /// The feed's description or subtitle as plain text (empty when absent).
    public var subtitle: String
    /// The articles, in the order the document lists them.
    public var items: [Article]
    /// Where the feed came from, for display: a file path, a URL, or `standard input`.
    public var source: String
    /// The syndication format the document used.
    public var format: FeedFormat
    /// The folders of the OPML list the feed was listed in, outermost first (empty otherwise).
    public var category: [String] = []

    /// Creates a feed from its parts.
    public init(
        title: String, link: URL? = nil, subtitle: String = "", items: [Article],
        source: String, format: FeedFormat
    ) {
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.items = items
        self.source = source
        self.format = format
    }
}

/// The syndication formats `FeedParser` understands.
public enum FeedFormat: String, Sendable, Hashable, CaseIterable {
    /// RSS 0.90 (RDF with the Netscape namespace).
    case rss090 = "RSS 0.90"
    /// RSS 0.91 (Netscape or UserLand).
    case rss091 = "RSS 0.91"
    /// RSS 0.92 (and the short-lived 0.93/0.94 drafts).
    case rss092 = "RSS 0.92"
    /// RSS 1.0, an RDF vocabulary.
    case rss10 = "RSS 1.0"
    /// RSS 2.0.
    case rss20 = "RSS 2.0"
    /// Atom 0.3 (pre-standard).
    case atom03 = "Atom 0.3"
    /// Atom 1.0 (RFC 4287).
    case atom10 = "Atom 1.0"
    /// Microsoft's Channel Definition Format (`<CHANNEL>`), read for titles, links and dates.
    case cdf = "CDF"
}
