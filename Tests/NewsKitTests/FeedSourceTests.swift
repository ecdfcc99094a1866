import Foundation
import Testing

@testable import NewsKit

@Suite("Feed sources")
struct FeedSourceTests {
    @Test func argumentsAreClassified() {
        #expect(FeedSource(argument: "-") == .standardInput)
        #expect(
            FeedSource(argument: "https://example.com/feed.xml") == .url(URL(string: "https://example.com/feed.xml")!))
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
        #expect(file.resolving("a.xml") == .success(.file("/data/lists/a.xml")))
        #expect(file.resolving("/abs/b.xml") == .success(.file("/abs/b.xml")))
        #expect(file.resolving("https://x.example/rss") == .success(.url(URL(string: "https://x.example/rss")!)))
        #expect(file.resolving("file:///srv/c.xml") == .success(.file("/srv/c.xml")))
        #expect(FeedSource.file("subs.opml").resolving("a.xml") == .success(.file("a.xml")))
        let web = FeedSource.url(URL(string: "https://example.com/lists/subs.opml")!)
        #expect(web.resolving("../feeds/a.xml") == .success(.url(URL(string: "https://example.com/feeds/a.xml")!)))
        #expect(
            web.resolving("http://other.example/b.xml") == .success(.url(URL(string: "http://other.example/b.xml")!)))
    }

    /// Hardening item 7: `xmlUrl="-"` made the loader read standard input (the terminal, once
    /// the reader runs), and a list fetched over the network could name local files.
    @Test func listsCannotNameStandardInputNorRemoteListsLocalFiles() {
        for list in [
            FeedSource.file("/data/subs.opml"), .standardInput, .url(URL(string: "https://example.com/subs.opml")!),
        ] {
            guard case .failure(let refusal) = list.resolving("-") else {
                Issue.record("\(list) may name standard input")
                continue
            }
            #expect(refusal.message.contains("standard input"))
        }
        let web = FeedSource.url(URL(string: "https://example.com/lists/subs.opml")!)
        for address in [
            "file:///etc/passwd", "FILE:///home/me/.ssh/id_rsa", "ftp://example.com/feed.xml",
            "javascript:alert(1)",
        ] {
            guard case .failure(let refusal) = web.resolving(address) else {
                Issue.record("a remote list may name \(address)")
                continue
            }
            #expect(refusal.message.contains("may name only http(s) feeds"), "\(refusal.message)")
        }
    }
}
