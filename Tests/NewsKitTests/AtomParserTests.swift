import Foundation
import Testing

@testable import NewsKit

@Suite("Atom parsing")
struct AtomParserTests {
    @Test func atom10Feed() throws {
        let feed = try Fixture.feed("atom10.xml")
        #expect(feed.format == .atom10)
        #expect(feed.title == "Atom & Eve")
        #expect(feed.subtitle == "A modern feed")
        #expect(feed.link == URL(string: "http://atom.example.com/"))  // the link without rel, not rel="self"
        #expect(feed.items.count == 3)
    }

    @Test func htmlTitleSummaryAndAlternateLink() throws {
        let entry = try Fixture.feed("atom10.xml").items[0]
        #expect(entry.id == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
        #expect(entry.title == "HTML title & more")
        #expect(entry.link == URL(string: "http://atom.example.com/2024/03/one"))
        #expect(entry.summary == "Line one\nLine two")  // summary preferred over content
        #expect(entry.published == utc(2024, 3, 15, 10, 15, 30, nanosecond: 250_000_000))
        #expect(entry.author == "Entry Author")
        #expect(entry.feedTitle == "Atom & Eve")
    }

    @Test func xhtmlTitleAndContent() throws {
        let entry = try Fixture.feed("atom10.xml").items[1]
        #expect(entry.title == "XHTML title")
        #expect(entry.link == URL(string: "http://atom.example.com/relative/two"))
        #expect(entry.summary == "First & foremost\n\n• Apple\n• Pear")
        #expect(entry.published == utc(2024, 3, 14, 6, 0, 0))  // only <updated>
        #expect(entry.author == "Feed Author")
    }

    @Test func textTypeKeepsAngleBracketsAndParagraphs() throws {
        let entry = try Fixture.feed("atom10.xml").items[2]
        #expect(entry.title == "Text title with <angle> brackets")  // not the <source> title
        #expect(entry.summary == "Plain text summary.\n\nSecond paragraph.")
        #expect(entry.published == utc(2024, 3, 13))
        #expect(entry.link == nil)
        #expect(entry.id == "tag:atom.example.com,2024:3")
    }

    @Test func atom03Feed() throws {
        let feed = try Fixture.feed("atom03.xml")
        #expect(feed.format == .atom03)
        #expect(feed.title == "Old Atom Diary")
        #expect(feed.subtitle == "Written in 2004")
        #expect(feed.link == URL(string: "http://diary.example.net/"))
        #expect(feed.items.count == 4)
    }

    @Test func atom03EscapedContentAndIssued() throws {
        let entry = try Fixture.feed("atom03.xml").items[0]
        #expect(entry.id == "tag:diary.example.net,2004:1")
        #expect(entry.summary == "Hello & welcome")
        #expect(entry.published == utc(2004, 5, 1, 0, 0, 0))  // issued wins over modified
        #expect(entry.link == URL(string: "http://diary.example.net/2004/04/escaped"))
        #expect(entry.author == "Dee Writer")
    }

    @Test func atom03XMLModeAndModified() throws {
        let entry = try Fixture.feed("atom03.xml").items[1]
        #expect(entry.summary == "Para one\n\nPara two")
        #expect(entry.published == utc(2004, 4, 29, 8, 30, 0))
        #expect(entry.link == URL(string: "http://diary.example.net/2004/04/xml"))
    }

    @Test func atom03Base64AndDublinCore() throws {
        let feed = try Fixture.feed("atom03.xml")
        let third = feed.items[2]
        #expect(third.summary == "Plain summary & more")
        #expect(third.author == "Guest Author")
        #expect(third.link == nil)
        #expect(third.published == utc(2004, 4, 28, 7, 0, 0))
        let fourth = feed.items[3]
        #expect(fourth.summary == "Base64 content")
        #expect(fourth.published == utc(2004, 4, 27, 6, 0, 0))
    }

    @Test func emptyAtomFeedUsesSourceAsTitle() throws {
        let feed = try Fixture.feed("empty-atom.xml")
        #expect(feed.format == .atom10)
        #expect(feed.title == "empty-atom.xml")
        #expect(feed.items.isEmpty)
    }
}
