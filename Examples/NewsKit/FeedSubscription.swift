/// One feed listed in an OPML subscription list.
public struct FeedSubscription: Sendable, Hashable {
    /// The outline's `title` (or `text`, or the URL when both are missing), as plain text.
    public var title: String
    /// The feed address exactly as the OPML gives it: usually an http(s) URL, possibly a relative path.
    public var xmlUrl: String
    /// The folders the outline sits in, outermost first (else the first path of its `category`
    /// attribute); empty for a feed at the top level.
    public var category: [String]

    /// Creates a subscription.
    public init(title: String, xmlUrl: String, category: [String] = []) {
        self.title = title
        self.xmlUrl = xmlUrl
        self.category = category
    }
}
