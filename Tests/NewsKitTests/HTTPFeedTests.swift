import Foundation
import Testing

@testable import NewsKit

@Suite("Feeds fetched over HTTP")
struct HTTPFeedTests {
    /// The HTTP charset overrides the XML declaration (RFC 7303); a BOM still wins.
    @Test func httpCharsetRelabelsTheDocument() throws {
        let cyrillic: [UInt8] = [0xC0, 0xE1, 0xE2]  // "Абв" in windows-1251
        let document =
            Array(#"<?xml version="1.0" encoding="iso-8859-1"?><rss><channel><title>"#.utf8)
            + cyrillic + Array("</title></channel></rss>".utf8)
        let relabelled = XMLInput.relabelled(Data(document), charset: "\"windows-1251\"")
        #expect(try FeedParser.parse(relabelled, source: "t").title == "Абв")
        let undeclared = Array("<rss><channel><title>".utf8) + cyrillic + Array("</title></channel></rss>".utf8)
        #expect(
            try FeedParser.parse(XMLInput.relabelled(Data(undeclared), charset: "windows-1251"), source: "t").title
                == "Абв")
        let withBOM = Data([0xEF, 0xBB, 0xBF] + Array("<rss><channel><title>é</title></channel></rss>".utf8))
        #expect(XMLInput.relabelled(withBOM, charset: "koi8-r") == withBOM)
        #expect(XMLInput.relabelled(Data(undeclared), charset: "x\"><evil") == Data(undeclared))
    }

    @Test func relativeLinksResolveAgainstTheDocumentsAddress() throws {
        let feed = try FeedParser.parse(
            Data(
                """
                <rss version="2.0"><channel><title>T</title><link>/site/</link>
                <item><title>A</title><link>a.html</link></item></channel></rss>
                """.utf8), source: "https://example.com/feeds/rss.xml")
        #expect(feed.link == URL(string: "https://example.com/site/"))
        #expect(feed.items.first?.link?.absoluteString == "https://example.com/site/a.html")
        let bare = try FeedParser.parse(
            Data(
                """
                <feed xmlns="http://www.w3.org/2005/Atom"><entry><title>A</title><link href="../b.html"/></entry></feed>
                """.utf8), source: "http://example.com/feeds/atom.xml")
        #expect(bare.items.first?.link?.absoluteString == "http://example.com/b.html")
    }
}
