import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import Testing

/// The reader's logic as plain values: sections, counts, positions, next unread (the filter: ReaderControllerFilterTests).
@Suite("Reader model")
struct ReaderModelTests {
    static func article(_ id: String, _ title: String, feed: String = "F", summary: String = "s") -> Article {
        Article(id: id, title: title, summary: summary, feedTitle: feed)
    }

    static func feed(_ title: String, _ items: [Article]) -> FeedSlot {
        .loaded(Feed(title: title, items: items, source: "\(title).xml", format: .rss20))
    }

    static let model = sampleModel

    /// Two feeds of articles, a failed feed and a loading one.
    static let sampleModel = ReaderModel(groups: [
        [feed("A", [article("a1", "Swift 6 released"), article("a2", "Rust news"), article("a3", "Café opens")])],
        [.failed(source: "/x/missing.xml", reason: "no such file: /x/missing.xml")],
        [.loading(source: "https://example.com/feed.xml")],
        [feed("B", [article("b1", "More Swift"), article("b2", "Weather")])],
    ])

    @Test func oneSectionPerFeedWithErrorAndLoadingRows() {
        let sections = Self.model.sections
        #expect(sections.map(\.title) == ["A", "missing.xml", "example.com/feed.xml", "B"])
        #expect(sections[1].rows == [.error("no such file: /x/missing.xml")])
        #expect(sections[2].rows == [.loading])
        #expect(sections[0].countsText == "3 unread · 3")
        #expect(sections[2].countsText == "loading…")
        #expect(sections[1].countsText == "failed")
    }

    @Test func countsPositionsAndReadMarks() {
        var model = Self.model
        model.readIDs = ["a2", "b1"]
        #expect(
            model.counts
                == {
                    var c = ReaderCounts()
                    c.feeds = 4
                    c.loading = 1
                    c.failed = 1
                    c.articles = 5
                    c.unread = 3
                    return c
                }())
        #expect(model.sections[0].countsText == "2 unread · 3")
        #expect(model.position(of: IndexPath(row: 1, section: 3)).index == 5)
        #expect(model.position(of: IndexPath(row: 0, section: 3)).index == 4)
        #expect(model.position(of: IndexPath(row: 0, section: 1)).index == 0)
        #expect(model.articlePaths.count == 5)
        #expect(model.indexPath(ofArticle: "b2") == IndexPath(row: 1, section: 3))
    }

    @Test func nextUnreadWrapsAndSkipsReadArticles() {
        var model = Self.model
        model.readIDs = ["a2", "a3", "b1"]
        #expect(model.nextUnread(after: IndexPath(row: 0, section: 0)) == IndexPath(row: 1, section: 3))
        #expect(model.nextUnread(after: IndexPath(row: 1, section: 3)) == IndexPath(row: 0, section: 0))
        #expect(model.nextUnread(after: nil) == IndexPath(row: 0, section: 0))
        model.readIDs = ["a1", "a2", "a3", "b1", "b2"]
        #expect(model.nextUnread(after: IndexPath(row: 0, section: 0)) == nil)
        model.readIDs = ["a2", "a3", "b1", "b2"]
        #expect(
            model.nextUnread(after: IndexPath(row: 0, section: 0)) == IndexPath(row: 0, section: 0),
            "the article at the cursor is found last")
    }

    @Test func statusTextShowsPositionCountsFilterAndHints() {
        var counts = ReaderCounts()
        counts.feeds = 4
        counts.articles = 163
        counts.unread = 37
        counts.failed = 1
        counts.loading = 2
        let text = StatusText.list(
            position: (12, 163), counts: counts, filter: "swift", message: nil, hints: "? help  q quit")
        #expect(
            text.left == "12/163 · 37 unread of 163 · 4 feeds (1 failed) · loading 2… · filter “swift” (Esc clears)")
        #expect(text.right == "? help  q quit")
        #expect(StatusText.list(position: (1, 2), counts: counts, filter: "", message: "hi", hints: "").left == "hi")
    }

    @Test func shortNamesForSources() {
        #expect(FeedSlot.shortName(of: "/a/b/feed.xml") == "feed.xml")
        #expect(FeedSlot.shortName(of: "https://example.com/") == "example.com")
        #expect(FeedSlot.shortName(of: "standard input") == "standard input")
    }

    @Test func browserCommandKeepsTheURLOutOfTheShellText() {
        #expect(LinkOpener.browser(in: [:]) == nil)
        #expect(LinkOpener.browser(in: ["BROWSER": ""]) == nil)
        #expect(LinkOpener.browser(in: ["BROWSER": "firefox:chromium", "PATH": "/nonexistent"]) == "firefox")
        #expect(LinkOpener.shellCommand(browser: "firefox") == "firefox \"$1\"")
        #expect(LinkOpener.shellCommand(browser: "open -a %s") == "open -a \"$1\"")
    }

    @Test func browserEntriesFollowThePercentSConvention() {
        // %s quoted by the entry is not quoted twice; %% is a percent sign.
        #expect(LinkOpener.shellCommand(browser: "firefox '%s'") == "firefox \"$1\"")
        #expect(LinkOpener.shellCommand(browser: "links \"%s\" -g") == "links \"$1\" -g")
        #expect(LinkOpener.shellCommand(browser: "printf 100%% %s") == "printf 100% \"$1\"")
        #expect(LinkOpener.shellCommand(browser: "w3m -o x=%d") == "w3m -o x=%d \"$1\"")
        // The first entry whose program exists is used.
        #expect(
            LinkOpener.browser(in: ["BROWSER": "no-such-browser-xyz %s:sh -c true", "PATH": "/bin:/usr/bin"])
                == "sh -c true")
        #expect(LinkOpener.browsers(in: ["BROWSER": " a :: b "]) == ["a", "b"])
    }

    @Test func onlyHTTPLinksWithAHostMayOpen() throws {
        for link in ["https://example.com/a", "http://example.com", "HTTPS://EXAMPLE.COM/x"] {
            #expect(LinkOpener.refusal(for: try #require(URL(string: link))) == nil, "\(link)")
        }
        let refused = [
            "javascript:alert(1)": "not opening a javascript: link: only http and https links open in the browser",
            "file:///etc/passwd": "not opening a file: link: only http and https links open in the browser",
            "data:text/html,x": "not opening a data: link: only http and https links open in the browser",
            "--new-instance": "not opening “--new-instance”: only http and https links open in the browser",
            "-e": "not opening “-e”: only http and https links open in the browser",
            "http:--help": "not opening “http:--help”: the link has no host",
        ]
        for (link, reason) in refused {
            #expect(LinkOpener.refusal(for: try #require(URL(string: link))) == reason)
        }
    }

    @Test func detailDatesAreInTheGivenTimeZoneWithTheirAge() {
        let date = Date(timeIntervalSince1970: 1_795_262_400 - 3600 * 13)
        let text = ArticleDetailText.dateText(
            date, now: Date(timeIntervalSince1970: 1_795_262_400),
            timeZone: TimeZone(identifier: "UTC")!)
        #expect(text == "Fri 20 Nov 2026 23:00 (13h ago)")
    }
}
