import Foundation
import Testing

@testable import NewsKit

/// The loader over HTTP, against a server on 127.0.0.1 started by the test.
@Suite("Feeds and lists over HTTP")
struct HTTPLoadingTests {
    /// The `Content-Type` charset wins over the declaration (here a wrong one).
    @Test func theHTTPCharsetDecodesTheFeed() async throws {
        let body =
            Data(#"<?xml version="1.0" encoding="iso-8859-1"?><rss version="2.0"><channel><title>"#.utf8)
            + Data([0xC0, 0xE1, 0xE2]) + Data("</title></channel></rss>".utf8)
        let server = try LocalHTTPServer(documents: [
            "/cyrillic.xml": .init(contentType: "application/rss+xml; charset=windows-1251", body: body)
        ])
        defer { server.stop() }
        let result = await FeedLoader(timeout: 10).load(.url(server.url("/cyrillic.xml")))
        #expect(result.feed?.title == "Абв", "\(result)")
    }

    /// Hardening item 7: a list on the web may name only http(s) feeds.
    @Test func aRemoteListCannotOpenLocalFiles() async throws {
        let opml = Data(
            """
            <opml version="2.0"><body>
            <outline text="Secret" xmlUrl="file:///etc/passwd"/>
            <outline text="Stdin" xmlUrl="-"/>
            <outline text="Web" xmlUrl="feed.xml"/></body></opml>
            """.utf8)
        let feed = Data("<rss version=\"2.0\"><channel><title>Web feed</title></channel></rss>".utf8)
        let server = try LocalHTTPServer(documents: [
            "/lists/subs.opml": .init(contentType: "text/x-opml", body: opml),
            "/lists/feed.xml": .init(contentType: "application/rss+xml", body: feed),
        ])
        defer { server.stop() }
        let results = await FeedLoader(timeout: 10).loadAll([.url(server.url("/lists/subs.opml"))])
        try #require(results.count == 3, "\(results)")
        #expect(
            results[0].failureReason?.hasPrefix(
                "refused file:///etc/passwd: a list fetched from 127.0.0.1 may name only http(s) feeds") == true,
            "\(results[0])")
        #expect(results[1].failureReason?.contains("standard input") == true)
        #expect(results[2].feed?.title == "Web feed")
    }
}
