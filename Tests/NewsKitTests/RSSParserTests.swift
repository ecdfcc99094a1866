import Foundation
import Testing

@testable import NewsKit

@Suite("RSS parsing")
struct RSSParserTests {
    @Test func rss20Channel() throws {
        let feed = try Fixture.feed("rss20.xml")
        #expect(feed.format == .rss20)
        #expect(feed.title == "Fixture Gazette")
        #expect(feed.link == URL(string: "https://gazette.example.com/"))
        #expect(feed.subtitle == "Test feed for RSS 2.0")
        #expect(feed.source == "rss20.xml")
        #expect(feed.items.count == 8)
        #expect(feed.items.allSatisfy { $0.feedTitle == "Fixture Gazette" })
    }

    @Test func rss20GuidLinkAndDescription() throws {
        let feed = try Fixture.feed("rss20.xml")
        let first = feed.items[0]
        #expect(first.id == "https://gazette.example.com/p/1")
        #expect(first.title == "First item")
        #expect(first.link == URL(string: "https://gazette.example.com/first"))
        #expect(first.summary == "Hello world.\n\nSecond para.")
        #expect(first.published == utc(2003, 6, 10, 4, 0, 0))
        #expect(first.author == "Jo Bloggs")
    }

    @Test func rss20CDATAListDropsScriptAndStyle() throws {
        let second = try Fixture.feed("rss20.xml").item("abc-123")
        #expect(second.title == "Second item")
        #expect(second.link == nil)  // isPermaLink="false" guid is not a link
        #expect(second.summary == "• One\n• Two")
        #expect(second.published == utc(2003, 6, 11, 14, 30, 0))
        #expect(second.author == "Sam Smith")
    }

    @Test func missingGuidFallsBackToLinkThenHash() throws {
        let feed = try Fixture.feed("rss20.xml")
        let third = feed.items[2]
        #expect(third.id == "https://gazette.example.com/third")
        #expect(third.summary == "Only content")  // content:encoded when there is no description
        #expect(third.published == utc(2003, 6, 12, 18, 0, 0))

        let fourth = feed.items[3]
        #expect(fourth.id == "e97c05615fd50867")
        #expect(fourth.id == ArticleID.hash(title: "Fourth item", date: "Fri, 13 Jun 2003 12:00:00 GMT"))
        #expect(fourth.link == nil)
    }

    @Test func permalinkGuidBecomesLinkAndChannelEditorIsAuthor() throws {
        let fifth = try Fixture.feed("rss20.xml").item("https://gazette.example.com/p/5")
        #expect(fifth.link == URL(string: "https://gazette.example.com/p/5"))
        #expect(fifth.published == nil)
        #expect(fifth.author == "Edith Tor")
    }

    @Test func untitledItemUsesSummaryAndBadDateIsNil() throws {
        let feed = try Fixture.feed("rss20.xml")
        #expect(try feed.item("note-6").title == "A note without a title. It has two sentences.")
        #expect(try feed.item("g7").published == nil)
    }

    @Test func relativeLinkIsResolvedAgainstChannelLink() throws {
        let eighth = try Fixture.feed("rss20.xml").items[7]
        #expect(eighth.link == URL(string: "https://gazette.example.com/relative/eight"))
        #expect(eighth.id == "https://gazette.example.com/relative/eight")
    }

    @Test func rss091WithNetscapeDoctypeAndHTMLEntities() throws {
        let feed = try Fixture.feed("rss091.xml")
        #expect(feed.format == .rss091)
        #expect(feed.title == "Café Society")
        #expect(feed.subtitle == "News from the cafés")
        #expect(feed.items.map(\.title) == ["Espresso prices & you", "Latte art contest"])
        #expect(feed.items[0].summary == "Why a cup costs more this year…")
        #expect(feed.items[0].id == "http://cafe.example.com/espresso")
        #expect(feed.items.allSatisfy { $0.published == nil })
    }

    @Test func rss092ItemWithoutTitle() throws {
        let feed = try Fixture.feed("rss092.xml")
        #expect(feed.format == .rss092)
        #expect(feed.title == "Radio Log")
        let untitled = feed.items[0]
        #expect(untitled.title == "Episode 12: listen here. Guests from the harbour choir.")
        #expect(untitled.summary == "Episode 12: listen here. Guests from the harbour choir.")
        #expect(untitled.id == "db6a25597fb1e0d3")
        #expect(feed.items[1].title == "Episode 13")
        #expect(feed.items[1].id == "http://radio.example.org/13")
    }

    @Test func rss10RDF() throws {
        let feed = try Fixture.feed("rss10.xml")
        #expect(feed.format == .rss10)
        #expect(feed.title == "RDF Weekly")  // not the <image> title
        #expect(feed.link == URL(string: "http://rdf.example.org/"))
        #expect(feed.items.count == 2)
        let alpha = feed.items[0]
        #expect(alpha.title == "Alpha")
        #expect(alpha.summary == "First RDF item")
        #expect(alpha.published == utc(2024, 3, 15, 9, 15, 30))
        #expect(alpha.author == "Ada Lovelace")
        #expect(alpha.id == "http://rdf.example.org/a")
        let beta = feed.items[1]
        #expect(beta.summary == "Encoded content")
        #expect(beta.published == utc(2024, 3, 16))
    }

    @Test func rss090() throws {
        let feed = try Fixture.feed("rss090.xml")
        #expect(feed.format == .rss090)
        #expect(feed.title == "Early Web Weekly")
        #expect(feed.items.map(\.title) == ["Status updates", "Bug tracker reorganised"])
        #expect(feed.items[1].link == URL(string: "http://early.example.org/bugs/"))
    }

    @Test func titlesWithEntitiesAndMarkupBecomePlainText() throws {
        let feed = try Fixture.feed("entities-titles.xml")
        #expect(feed.title == "Entities & Markup")
        let expected: [String: String] = [
            "e1": "AT&T & Verizon",
            "e2": "Bold move by the council",
            "e3": "Café opens — finally…",
            "e4": "Naïve résumé — “quoted”",
            "e5": "Smile 😀 and “curly” & done",
            "e6": "Multi-line title with tabs",
            "e7": "5 < 6 && 7 > 3",
            "e8": "Unknown &bogus; entity &amp stays",
            "e9": "Windows – dash",
            "e10": "Emoji 👩‍👩‍👧 family and 🇯🇵 flag",
        ]
        for (id, title) in expected {
            #expect(try feed.item(id).title == title, "item \(id)")
        }
    }

    @Test func dateFormatsInsideFeeds() throws {
        let feed = try Fixture.feed("dates.xml")
        let expected: [String: Date?] = [
            "d1": utc(2002, 9, 7, 0, 0, 1),
            "d2": utc(2002, 9, 7, 14, 30, 0),
            "d3": utc(2024, 1, 1, 12, 0, 0),
            "d4": utc(2024, 7, 3, 6, 59, 59),
            "d5": utc(2024, 3, 15, 10, 15, 30),
            "d6": utc(2024, 3, 15, 15, 15, 30, nanosecond: 500_000_000),
            "d7": utc(2024, 1, 2),
            "d8": nil,
            "d9": nil,
            "d10": nil,
        ]
        for (id, date) in expected {
            #expect(try feed.item(id).published == date, "item \(id)")
        }
    }

    @Test func emptyFeedHasNoItems() throws {
        let feed = try Fixture.feed("empty-feed.xml")
        #expect(feed.title == "Nothing Here")
        #expect(feed.subtitle == "No items yet")
        #expect(feed.items.isEmpty)
    }
}

/// Article ids have a length limit (issue 21: a 1 MB `<link>` made a 1 MB read-state file after one `m`).
@Suite("Article ids: length limit")
struct ArticleIDLengthTests {
    static func ids(_ links: [String]) throws -> [String] {
        let items = links.map { "<item><title>t</title><link>\($0)</link></item>" }.joined()
        let xml = "<rss version=\"2.0\"><channel><title>F</title>\(items)</channel></rss>"
        return try FeedParser.parse(Data(xml.utf8), source: "f.xml").items.map(\.id)
    }

    @Test func aLongLinkMakesAShortStableDistinctID() throws {
        let long = "https://example.com/" + String(repeating: "é", count: 500_000)
        let ids = try Self.ids([long, long + "x", "https://example.com/short"])
        #expect(ids[0].utf8.count <= ArticleID.maximumLength)
        #expect(ids[0].hasPrefix("https://example.com/%C3%A9%C3%A9"))  // the link as a URL: percent-encoded
        #expect(ids[0] != ids[1], "long ids that differ at the end stay different")
        #expect(ids[2] == "https://example.com/short", "ids within the limit are kept as they are")
        #expect(try Self.ids([long]).first == ids[0], "the same link gives the same id on every load")
        #expect(ArticleID.limited(ids[0]) == ids[0])
    }
}
