import Foundation
import NewsKit

/// `news --print`: loads the feeds and writes what was parsed to standard output, no terminal needed.
struct PrintMode {
    var feeds: [String]
    var format: FeedPrintFormat

    /// Loads and prints every feed; returns 1 when a source failed (its row says why), else 0.
    func run() async -> Int32 {
        let sources = feeds.isEmpty ? SampleFeeds.sources : feeds.map(FeedSource.init(argument:))
        let results = await FeedLoader(timeout: 15).loadAll(sources)
        FileHandle.standardOutput.write(Data(FeedPrinter.render(results, as: format).utf8))
        return results.contains { $0.failureReason != nil } ? 1 : 0
    }
}
