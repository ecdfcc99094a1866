import Foundation
import NewsKit

/// Loads the feed `-` from bytes read before the terminal took over standard input.
struct StandardInputFeed: Sendable {
    /// What standard input held.
    var data: Data
    /// The loader for the feeds an OPML list on standard input names.
    var loader: FeedLoader

    /// The feed, or the feeds of an OPML list (relative paths resolve against the working directory).
    func load() async -> [FeedLoadResult] {
        let source = FeedSource.standardInput.description
        do {
            return [.loaded(try FeedParser.parse(data, source: source))]
        } catch .notAFeed(let root) where root.lowercased().hasSuffix("opml") {
            do {
                let subscriptions = try OPMLParser.parse(data)
                guard !subscriptions.isEmpty else {
                    return [.failed(source: source, reason: "the OPML list has no feeds")]
                }
                return await loader.load(subscriptions, listedIn: .standardInput)
            } catch {
                return [.failed(source: source, reason: error.description)]
            }
        } catch {
            return [.failed(source: source, reason: error.description)]
        }
    }
}
