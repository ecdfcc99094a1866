import Foundation
import NewsKit

/// What the reader knows about one feed: still loading, loaded, or failed.
public enum FeedSlot: Sendable, Hashable {
    /// The feed is being read or downloaded; `source` is where from.
    case loading(source: String)
    /// The feed loaded and parsed.
    case loaded(Feed)
    /// The feed could not be read or parsed.
    case failed(source: String, reason: String)

    /// The slot for a loader's result.
    public init(_ result: FeedLoadResult) {
        switch result {
        case .loaded(let feed): self = .loaded(feed)
        case .failed(let source, let reason): self = .failed(source: source, reason: reason)
        }
    }

    /// The title shown in the section header: the feed's title, else a short name for the source.
    public var title: String {
        switch self {
        case .loaded(let feed):
            // An OPML list's folders come first: "Tech › Example Blog".
            (feed.category + [feed.title.isEmpty ? FeedSlot.shortName(of: feed.source) : feed.title]).joined(
                separator: " › ")
        case .loading(let source), .failed(let source, _): FeedSlot.shortName(of: source)
        }
    }

    /// The feed, once loaded.
    public var feed: Feed? {
        if case .loaded(let feed) = self { feed } else { nil }
    }

    /// True while the feed is loading.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// A file's name, a URL's host and path, or the source as given.
    public static func shortName(of source: String) -> String {
        let lower = source.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: source),
            let host = url.host
        {
            return url.path.isEmpty || url.path == "/" ? host : host + url.path
        }
        if source.contains("/") { return (source as NSString).lastPathComponent }
        return source
    }
}
