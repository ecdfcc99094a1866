import Foundation
import Testing
@testable import NewsKit

@Suite("Feed sources")
struct FeedSourceTests {
    @Test func argumentsAreClassified() {
        #expect(FeedSource(argument: "-") == .standardInput)
        #expect(FeedSource(argument: "https://example.com/feed.xml") == .url(URL(string: "https://example.com/feed.xml")!))
        #expect(FeedSource(argument: "HTTP://example.com/rss") == .url(URL(string: "HTTP://example.com/rss")!))
        #expect(FeedSource(argument: "feeds/news.xml") == .file("feeds/news.xml"))
        #expect(FeedSource(argument: "/tmp/a b.xml") == .file("/tmp/a b.xml"))
        #expect(FeedSource(argument: "file:///tmp/x.xml") == .file("/tmp/x.xml"))
        #expect(FeedSource(argument: "--") == .file("--"))
    }

    @Test func descriptions() {
        #expect(FeedSource.standardInput.description == "standard input")
        #expect(FeedSource.file("a.xml").description == "a.xml")
        #expect(FeedSource.url(URL(string: "https://example.com/x")!).description == "https://example.com/x")
    }

    @Test func opmlAddressesResolveAgainstTheList() {
        let file = FeedSource.file("/data/lists/subs.opml")
        #expect(file.resolving("a.xml") == .file("/data/lists/a.xml"))
        #expect(file.resolving("/abs/b.xml") == .file("/abs/b.xml"))
        #expect(file.resolving("https://x.example/rss") == .url(URL(string: "https://x.example/rss")!))
        #expect(FeedSource.file("subs.opml").resolving("a.xml") == .file("a.xml"))
        let web = FeedSource.url(URL(string: "https://example.com/lists/subs.opml")!)
        #expect(web.resolving("../feeds/a.xml") == .url(URL(string: "https://example.com/feeds/a.xml")!))
    }
}
