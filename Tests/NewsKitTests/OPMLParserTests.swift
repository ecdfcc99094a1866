import Foundation
import Testing

@testable import NewsKit

@Suite("OPML")
struct OPMLParserTests {
    @Test func nestedOutlines() throws {
        let subscriptions = try OPMLParser.parse(Fixture.data("nested.opml"))
        #expect(
            subscriptions == [
                FeedSubscription(
                    title: "Harbor & Coast", xmlUrl: "https://chronicle.example.com/feed.xml", category: ["News"]),
                FeedSubscription(
                    title: "Digest", xmlUrl: "https://digest.example.org/rss", category: ["News", "Tech"]),
                FeedSubscription(
                    title: "Orbital Notes", xmlUrl: "https://orbital-notes.example.net/atom.xml",
                    category: ["News", "Tech"]),
                FeedSubscription(title: "Top level", xmlUrl: "feeds/local.xml"),
                FeedSubscription(title: "https://untitled.example.com/rss", xmlUrl: "https://untitled.example.com/rss"),
            ])
    }

    @Test func feedIsNotOPML() throws {
        #expect(throws: FeedError.notOPML(root: "rss")) { try OPMLParser.parse(Fixture.data("rss20.xml")) }
        #expect(throws: FeedError.empty) { try OPMLParser.parse(Data()) }
    }

    @Test func emptyBody() throws {
        let data = Data(#"<opml version="2.0"><head/><body/></opml>"#.utf8)
        #expect(try OPMLParser.parse(data).isEmpty)
    }
}
