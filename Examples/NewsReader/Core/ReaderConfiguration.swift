import Foundation
import NewsKit

/// Loads the feeds of one source: a feed, or every feed of an OPML list.
public typealias FeedLoading = @Sendable (FeedSource) async -> [FeedLoadResult]

/// Opens a link; returns the status message. The closure it is given reports a failure later.
public typealias LinkOpening = @MainActor (URL, @escaping @MainActor @Sendable (String) -> Void) -> String

/// Everything the reader depends on from outside: sources, clock, state directory, loading and browsing.
public struct ReaderConfiguration {
    /// The sources, in the order given.
    public var sources: [FeedSource]
    /// Where the read marks live.
    public var stateDirectory: URL
    /// The current time (fixed in tests).
    public var now: @Sendable () -> Date
    /// The time zone of dates in the article view.
    public var timeZone: TimeZone
    /// Loads a source.
    public var load: FeedLoading
    /// Opens a link.
    public var openLink: LinkOpening
    /// How long a message stays in the status line.
    public var messageDuration: Duration = .seconds(5)
    /// How many sources load at once; sources start in list order, so the feeds at the top show first.
    public var maxConcurrentLoads = 6

    /// Creates a configuration; by default feeds load with a `FeedLoader` (15 s timeout) and links open with `$BROWSER`.
    public init(
        sources: [FeedSource], stateDirectory: URL,
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current,
        load: FeedLoading? = nil,
        openLink: LinkOpening? = nil
    ) {
        self.sources = sources
        self.stateDirectory = stateDirectory
        self.now = now
        self.timeZone = timeZone
        let loader = FeedLoader(timeout: 15)
        self.load = load ?? { source in await loader.loadAll([source]) }
        let environment = ProcessInfo.processInfo.environment
        self.openLink =
            openLink ?? { url, finished in LinkOpener.open(url, environment: environment, finished: finished) }
    }
}
