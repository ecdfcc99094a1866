// libFuzzer harness for NewsKit's feed (RSS, Atom, RDF) and OPML parsers. Built by Scripts/fuzz.sh
// together with the NewsKit sources into one module, not by SwiftPM.
import Foundation

/// Parses the input as a feed and as OPML, touching every field of what comes out.
func fuzzFeed(_ data: Data) {
    if let feed = try? FeedParser.parse(data, source: "https://fuzz.example/feed") {
        var total = feed.title.utf8.count + feed.subtitle.utf8.count + feed.source.utf8.count
        total += feed.link?.absoluteString.utf8.count ?? 0
        for article in feed.items {
            total += article.id.utf8.count + article.title.utf8.count + article.summary.utf8.count
            total += article.feedTitle.utf8.count + (article.author?.utf8.count ?? 0)
            total += article.link?.absoluteString.utf8.count ?? 0
            total += Int(article.published?.timeIntervalSince1970 ?? 0) & 1
        }
        precondition(total >= 0)
    }
    if let subscriptions = try? OPMLParser.parse(data) {
        for subscription in subscriptions { _ = subscription.title.utf8.count + subscription.xmlUrl.utf8.count }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func feedFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzFeed(Data(bytes: data, count: size))
    return 0
}
