/// The outcome of loading one feed: the feed, or a row saying which source failed and why.
public enum FeedLoadResult: Sendable, Hashable {
    /// The feed loaded and parsed.
    case loaded(Feed)
    /// The source could not be read or parsed; `reason` is a human-readable sentence.
    case failed(source: String, reason: String)

    /// The source's display name (`Feed.source` for loaded feeds).
    public var source: String {
        switch self {
        case .loaded(let feed): feed.source
        case .failed(let source, _): source
        }
    }

    /// The feed, if it loaded.
    public var feed: Feed? {
        if case .loaded(let feed) = self { feed } else { nil }
    }

    /// Why loading failed, if it did.
    public var failureReason: String? {
        if case .failed(_, let reason) = self { reason } else { nil }
    }
}
