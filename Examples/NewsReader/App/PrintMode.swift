import Foundation
import NewsKit
import TermTable

/// `news --print`: loads the feeds and writes what was parsed to standard output, no terminal needed.
struct PrintMode {
    var feeds: [String]
    var format: FeedPrintFormat

    /// Loads and prints every feed; returns 1 when a source failed (its row says why) or the output could not
    /// be written (`news: cannot write output: …` on standard error: a full disk, a closed descriptor), else 0.
    func run() async -> Int32 {
        let sources = feeds.isEmpty ? SampleFeeds.sources : feeds.map(FeedSource.init(argument:))
        let results = await FeedLoader(timeout: 15).loadAll(sources)
        if let failure = DescriptorOutput.writeAll(FeedPrinter.render(results, as: format), to: STDOUT_FILENO) {
            _ = DescriptorOutput.writeAll("news: cannot write output: \(failure)\n", to: STDERR_FILENO)
            return 1
        }
        return results.contains { $0.failureReason != nil } ? 1 : 0
    }
}
