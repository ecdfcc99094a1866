import Foundation
import Testing

@testable import NewsKit

/// The classes of real-world feeds that showed "Untitled" or "no articles" (issue 14), each
/// reduced to a small document (the feedparser conformance run covers them at scale).
@Suite("Feeds as people have them")
struct FeedVariantTests {
    static func parse(_ xml: String) throws -> Feed {
        try FeedParser.parse(Data(xml.utf8), source: "test")
    }

    @Test func dublinCoreTitleCreatorDateAndDescription() throws {
        let feed = try Self.parse(
            """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
            <dc:title>DC channel</dc:title><dc:description>About</dc:description>
            <item><dc:title>DC item</dc:title><dc:creator>Jo</dc:creator><dc:date>2004-01-01T19:48:21Z</dc:date>
            <dc:description>Body</dc:description></item>
            <item><title>Plain</title><dc:author>Al</dc:author></item></channel></rss>
            """)
        #expect(feed.title == "DC channel")
        #expect(feed.subtitle == "About")
        let item = try #require(feed.items.first)
        #expect(item.title == "DC item")
        #expect(item.author == "Jo")
        #expect(item.published == utc(2004, 1, 1, 19, 48, 21))
        #expect(item.summary == "Body")
        #expect(feed.items[1].author == "Al")
    }

    @Test func mediaRSSTitlesAndDescriptionsAlsoNested() throws {
        let feed = try Self.parse(
            """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>M</title>
            <item><media:title>Top level</media:title><media:description>Described</media:description></item>
            <item><media:group><media:title>In group</media:title></media:group></item>
            <item><media:content url="a.mp4"><media:title type="html">&lt;b&gt;In content&lt;/b&gt;</media:title>
            </media:content></item>
            <item><media:group><media:content><media:description>Deep</media:description></media:content></media:group></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.title) == ["Top level", "In group", "In content", "Deep"])
        #expect(feed.items[0].summary == "Described")
    }

    @Test func rss090ItemsBesideTheChannelAndRSS2InADefaultNamespace() throws {
        let rss090 = try Self.parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
            <channel><title>Netscape</title><link>http://example.com/</link></channel>
            <item><title>First</title><link>http://example.com/1</link></item></rdf:RDF>
            """)
        #expect(rss090.format == .rss090)
        #expect(rss090.items.map(\.title) == ["First"])
        let namespaced = try Self.parse(
            """
            <rss version="2.0" xmlns="http://backend.userland.com/rss2"><channel><title>UserLand</title>
            <description>Desc</description><item><title>One</title><link>http://example.com/1</link></item></channel></rss>
            """)
        #expect(namespaced.title == "UserLand")
        #expect(namespaced.subtitle == "Desc")
        #expect(namespaced.items.map(\.title) == ["One"])
        let unknown = try Self.parse(
            """
            <rss version="2.0" xmlns="http://example.com/any-namespace"><channel><title>Any</title>
            <item><title>Two</title></item></channel></rss>
            """)
        #expect(unknown.items.map(\.title) == ["Two"])
    }

    /// Netscape's other spelling of the RSS 0.90 namespace (issue 21: it loaded as "no articles").
    @Test func rss090InTheChannelNetscapeNamespace() throws {
        let feed = try Self.parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://channel.netscape.com/rdf/simple/0.9/">
            <channel><title>Channel</title><link>http://example.com/</link><description>D</description></channel>
            <item><title>First</title><link>http://example.com/1</link></item>
            <item><title>Second</title><link>http://example.com/2</link></item></rdf:RDF>
            """)
        #expect(feed.format == .rss090)
        #expect(feed.title == "Channel")
        #expect(feed.items.map(\.title) == ["First", "Second"])
        #expect(feed.items.first?.link?.absoluteString == "http://example.com/1")
    }

    @Test func atomInAnUnknownNamespaceIsStillAtom() throws {
        let feed = try Self.parse(
            """
            <feed version="0.3" xmlns="http://purl.org/pie/"><title>Pie</title>
            <entry><title>Slice</title></entry></feed>
            """)
        #expect(feed.title == "Pie")
        #expect(feed.items.map(\.title) == ["Slice"])
    }

    @Test func atomBase64AndEscapedModesAndBinaryTypes() throws {
        let feed = try Self.parse(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title mode="base64">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title>
            <entry><title type="text/html" mode="escaped">&lt;b&gt;Bold&lt;/b&gt; &amp;amp; more</title></entry></feed>
            """)
        #expect(feed.title == "Example <b>Atom</b>")
        #expect(feed.items.first?.title == "Bold & more")
        let atom10 = try Self.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="text">a &lt;b&gt; c</title>
            <entry><title type="application/octet-stream">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title></entry></feed>
            """)
        #expect(atom10.title == "a <b> c")
        #expect(atom10.items.first?.title == "Example <b>Atom</b>")
    }

    @Test func scriptAndStyleTextNeverShowAndImageTitlesShowTheirAlt() throws {
        let feed = try Self.parse(
            """
            <rss version="2.0"><channel><title>T</title>
            <item><title>&lt;script&gt;alert(1)&lt;/script&gt;Safe &lt;style&gt;p{}&lt;/style&gt;title</title></item>
            <item><title>&lt;img src="http://example.com/cam-full.jpg" alt="A webcam" /&gt;</title></item>
            <item><title>&lt;img src="http://example.com/i/cam-full.jpg?size=2" /&gt;</title></item>
            <item><title>&lt;img alt='cat&amp;lt;br /&amp;gt;dog' src=x&gt;</title></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.title) == ["Safe title", "A webcam", "[cam-full.jpg]", "cat<br />dog"])
    }

    @Test func cdfChannelsGiveTitlesLinksSummariesAndDates() throws {
        let feed = try Self.parse(
            """
            <CHANNEL HREF="http://www.example.org/"><TITLE>Example feed</TITLE><ABSTRACT>About it</ABSTRACT>
            <ITEM HREF="item.html" LASTMOD="2004-04-06T23:05:43-05:00"><TITLE>Example item</TITLE>
            <ABSTRACT>Item text</ABSTRACT></ITEM>
            <CHANNEL><ITEM HREF="http://example.net/2"><TITLE>Sub-channel item</TITLE></ITEM></CHANNEL></CHANNEL>
            """)
        #expect(feed.format == .cdf)
        #expect(feed.title == "Example feed")
        #expect(feed.subtitle == "About it")
        #expect(feed.link == URL(string: "http://www.example.org/"))
        #expect(feed.items.map(\.title) == ["Example item", "Sub-channel item"])
        #expect(feed.items[0].link == URL(string: "http://www.example.org/item.html"))
        #expect(feed.items[0].summary == "Item text")
        #expect(feed.items[0].published == utc(2004, 4, 7, 4, 5, 43))
    }

    @Test func itunesFieldsAndXHTMLBodiesAreFallbacks() throws {
        let feed = try Self.parse(
            """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:x="http://www.w3.org/1999/xhtml">
            <channel><title>Pod</title><itunes:subtitle>Sub</itunes:subtitle>
            <item><title>Ep</title><itunes:author>Mark</itunes:author><itunes:summary>Sum</itunes:summary></item>
            <item><title>Body</title><x:body><x:p>Example content</x:p></x:body></item>
            </channel></rss>
            """)
        #expect(feed.subtitle == "Sub")
        #expect(feed.items[0].author == "Mark")
        #expect(feed.items[0].summary == "Sum")
        #expect(feed.items[1].summary == "Example content")
    }

    @Test func authorNameComesFromEitherSideOfAnAddress() {
        #expect(ArticleFields.authorName("me@example.com (Example editor)") == "Example editor")
        #expect(ArticleFields.authorName("Example editor (me@example.com)") == "Example editor")
        #expect(ArticleFields.authorName("Jo (the editor)") == "Jo (the editor)")
    }

    @Test func lastOfRepeatedAtomDatesWins() throws {
        let feed = try Self.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><updated>2010-12-01T10:14:55Z</updated>
            <updated>2003-12-31T10:14:55Z</updated></entry></feed>
            """)
        #expect(feed.items.first?.published == utc(2003, 12, 31, 10, 14, 55))
    }

    @Test func everyHTML4EntityAndWindows1252References() throws {
        let feed = try Self.parse(
            """
            <rss><channel><title>&alefsym; &forall; &Sigma;&sigmaf; &lang;x&rang;</title>
            <item><title>don&#146;t &#x93;quote&#x94;</title><description>don\u{92}t</description></item></channel></rss>
            """)
        #expect(feed.title == "\u{2135} \u{2200} \u{3A3}\u{3C2} \u{2329}x\u{232A}")
        #expect(feed.items.first?.title == "don\u{2019}t \u{201C}quote\u{201D}")
        #expect(feed.items.first?.summary == "don\u{2019}t")
    }

    @Test func aDocumentShortOnlyOfItsLastBracketAndCommentsWithDoubleHyphens() throws {
        let feed = try Self.parse(
            """
            <!-- a comment -- with a double hyphen -->
            <rss><channel><title>Cut</title><item><title>Kept</title></item></channel></rss
            """)
        #expect(feed.title == "Cut")
        #expect(feed.items.map(\.title) == ["Kept"])
        #expect(throws: FeedError.self) { try Self.parse("<rss><channel><title>Cut</title></channel") }
    }

    /// A declaration read in EBCDIC code page 037 names page 500 (`ebcdic_cp_be`, as feeds
    /// spell it; iconv knows `EBCDIC-CP-BE`), where `!`, `[` and `]` sit elsewhere.
    @Test func ebcdicDocumentsAreConverted() throws {
        let data = try Fixture.data("enc-ebcdic-cp500.xml")
        #expect(Array(data.prefix(4)) == [0x4C, 0x6F, 0xA7, 0x94])
        let feed = try FeedParser.parse(data, source: "ebcdic")
        #expect(feed.title == "Ø! [x]")
    }

    /// An unclosed `<object>` hid the rest of the text: its content is fallback text for readers.
    @Test func objectAndIframeContentIsFallbackTextAndNothingIsLost() {
        #expect(HTMLText.line("safe<object classid=\"clsid:C932\"> description") == "safe description")
        #expect(
            HTMLText.line("safe<iframe src=\"http://example.com/\"> <b>description</b></iframe>") == "safe description")
        #expect(HTMLText.line("a<script>var x = '<b>';</script>b<style>p {}</style>c") == "abc")
    }

    /// An item with only a link showed "Untitled".
    @Test func anItemWithOnlyALinkIsTitledWithIt() throws {
        let feed = try Self.parse(
            """
            <rss version="2.0"><channel><title>T</title>
            <item><link>https://example.com/2026/harbor-story</link></item>
            <item><link>https://example.com/</link></item><item><guid isPermaLink="false">x</guid></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.title) == ["example.com/2026/harbor-story", "example.com", "Untitled"])
    }
}
