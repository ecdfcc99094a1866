import Foundation
import Testing

@testable import NewsKit

@Suite("Feed loader")
struct FeedLoaderTests {
    @Test func loadsAFile() async throws {
        let path = try Fixture.url("rss20.xml").path
        let result = await FeedLoader().load(.file(path))
        let feed = try #require(result.feed)
        #expect(feed.title == "Fixture Gazette")
        #expect(feed.source == path)
        #expect(result.source == path)
        #expect(result.failureReason == nil)
    }

    @Test func missingFileIsAnErrorRowAndOthersStillLoad() async throws {
        let good = try Fixture.url("rss20.xml").path
        let atom = try Fixture.url("atom10.xml").path
        let missing = "/nonexistent/newskit/feed.xml"
        let results = await FeedLoader().loadAll([.file(good), .file(missing), .file(atom)])
        #expect(results.count == 3)
        #expect(results[0].feed?.title == "Fixture Gazette")
        #expect(results[1] == .failed(source: missing, reason: "no such file: \(missing)"))
        #expect(results[2].feed?.title == "Atom & Eve")
    }

    @Test func parseErrorsAndDirectoriesAreErrorRows() async throws {
        let html = try Fixture.url("not-a-feed.html").path
        let directory = try Fixture.url("rss20.xml").deletingLastPathComponent().path
        let results = await FeedLoader().loadAll([.file(html), .file(directory)])
        #expect(
            results == [
                .failed(source: html, reason: "not a feed: this is an HTML page, not RSS or Atom"),
                .failed(source: directory, reason: "\(directory) is a directory, not a feed file"),
            ])
    }

    @Test func connectionRefusedIsSaidAtOnceNotAfterTheTimeout() async throws {
        // The refusal must come from the connection, not from the (long) deadline running out.
        let url = try #require(URL(string: "http://127.0.0.1:1/feed.xml"))
        let result = await FeedLoader(timeout: 60).load(.url(url))
        #expect(result.source == "http://127.0.0.1:1/feed.xml")
        let reason = try #require(result.failureReason)
        #expect(reason == "connection refused", "got \(reason)")
    }

    @Test func opmlSourceExpandsInPlace() async throws {
        let list = try Fixture.url("loader-list.opml").path
        let directory = (list as NSString).deletingLastPathComponent
        let first = try Fixture.url("rss10.xml").path
        let results = await FeedLoader(maxConcurrentLoads: 2).loadAll([.file(first), .file(list)])
        #expect(
            results.map(\.source) == [
                first, "\(directory)/rss20.xml", "\(directory)/no-such-feed.xml", "\(directory)/atom10.xml",
            ])
        #expect(results.map { $0.feed?.title } == ["RDF Weekly", "Fixture Gazette", nil, "Atom & Eve"])
        #expect(results[2].failureReason == "no such file: \(directory)/no-such-feed.xml")
    }

    @Test func singleLoadOfOPMLExplainsItself() async throws {
        let list = try Fixture.url("loader-list.opml").path
        let result = await FeedLoader().load(.file(list))
        #expect(result == .failed(source: list, reason: "not a feed: this is an OPML subscription list"))
    }

    @Test func manySourcesKeepTheirOrder() async throws {
        let names = ["rss090.xml", "rss091.xml", "rss092.xml", "rss10.xml", "rss20.xml", "atom03.xml", "atom10.xml"]
        let sources = try (names + names).map { FeedSource.file(try Fixture.url($0).path) }
        let results = await FeedLoader(maxConcurrentLoads: 3).loadAll(sources)
        #expect(results.map(\.source) == sources.map(\.description))
        #expect(results.allSatisfy { $0.feed != nil })
    }
}

/// A cancelled load parses nothing.
@Suite("Feed loader cancellation")
struct FeedLoaderCancellationTests {
    @Test func aCancelledLoadSkipsTheParse() async throws {
        let path = try Fixture.url("rss20.xml").path
        let result = await Task { () -> FeedLoadResult in
            withUnsafeCurrentTask { $0?.cancel() }
            return await FeedLoader().load(.file(path))
        }.value
        #expect(result == .failed(source: path, reason: "cancelled"))
        let list = try Fixture.url("loader-list.opml").path
        let results = await Task { () -> [FeedLoadResult] in
            withUnsafeCurrentTask { $0?.cancel() }
            return await FeedLoader().loadAll([.file(path), .file(list)])
        }.value
        #expect(results.allSatisfy { $0.failureReason == "cancelled" })
    }
}
