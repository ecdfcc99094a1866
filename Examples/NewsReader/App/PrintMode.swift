import Foundation
import NewsKit
import TermTable

/// `news --print`: loads the feeds and writes what was parsed to standard output, no terminal needed.
struct PrintMode {
    var feeds: [String]
    var format: FeedPrintFormat

    /// Loads every feed, prints what was parsed on standard output and each source that failed on standard
    /// error (`news: SOURCE: REASON`); returns 1 when a source failed or the output could not be written
    /// (`news: cannot write output: …`: a full disk, a closed descriptor), else 0.
    func run() async -> Int32 {
        let sources = feeds.isEmpty ? SampleFeeds.sources : feeds.map(FeedSource.init(argument:))
        let results = await FeedLoader(timeout: 15).loadAll(sources)
        let failures = FeedPrinter.failures(results)
        if !failures.isEmpty {
            _ = DescriptorOutput.writeAll(failures.map { "news: \($0)\n" }.joined(), to: STDERR_FILENO)
        }
        if let failure = DescriptorOutput.writeAll(FeedPrinter.render(results, as: format), to: STDOUT_FILENO) {
            _ = DescriptorOutput.writeAll("news: cannot write output: \(failure)\n", to: STDERR_FILENO)
            return 1
        }
        return failures.isEmpty ? 0 : 1
    }
}
