import Foundation
import Testing

@testable import NewsKit

/// Hardening item 10: well-formed feeds over ~10 MB failed with "XML error 1" (libxml2's
/// look-ahead limit when handed the whole document at once).
@Suite("Large documents")
struct LargeDocumentTests {
    @Test func aWellFormedFeedOverTenMegabytesParses() async throws {
        let count = 1_100
        let (size, feed) = try await offPool { () throws -> (Int, Feed) in
            // Few items with a long element the reader ignores: the limit is on the document's
            // bytes, and text that is not converted to plain text keeps the test quick.
            let padding = String(repeating: "x", count: 10_000)
            var xml = "<rss version=\"2.0\"><channel><title>Big</title>"
            for index in 0..<count {
                xml +=
                    "<item><title>Item \(index)</title><link>https://example.com/\(index)</link>"
                    + "<padding>\(padding)</padding></item>"
            }
            xml += "</channel></rss>"
            let data = Data(xml.utf8)
            return (data.count, try FeedParser.parse(data, source: "big"))
        }
        #expect(size > 11_000_000)
        #expect(feed.items.count == count)
        #expect(feed.items.last?.title == "Item \(count - 1)")
    }

    /// libxml2's limit on one piece of markup remains: it is named, not "XML error 1".
    @Test func aCDATASectionOverTenMegabytesIsAClearError() async throws {
        let result = try await offPool { () -> Result<Feed, FeedError> in
            let xml =
                "<rss version=\"2.0\"><channel><title>T</title><item><description><![CDATA["
                + String(repeating: "z", count: 10_500_000) + "]]></description></item></channel></rss>"
            return Result { () throws(FeedError) -> Feed in try FeedParser.parse(Data(xml.utf8), source: "t") }
        }
        guard case .failure(let error) = result else {
            Issue.record("an 11 MB CDATA section parsed")
            return
        }
        #expect(
            error.description
                == "malformed XML at line 1: a CDATA section, attribute value or name is over the XML parser's 10 MB limit"
        )
    }

    @Test func xmlErrorsAreExplainedInWords() throws {
        let cases: [(String, String)] = [
            ("<rss><channel><title>a</title></channel>", "the document ends"),
            ("<rss><channel><title a=1>x</title></channel></rss>", "attribute"),
        ]
        for (xml, words) in cases {
            let error = try #require(throws: FeedError.self) { try FeedParser.parse(Data(xml.utf8), source: "t") }
            #expect(error.description.contains(words), "\(error.description)")
            #expect(!error.description.contains("XML error"), "\(error.description)")
        }
        // Every libxml2 parser error code gets a sentence, never a bare "XML error N".
        for code in 1...111 {
            #expect(!XMLTreeReader.describe(code).hasPrefix("XML error"), "code \(code)")
        }
        #expect(XMLTreeReader.describe(1).contains("over the XML parser's 10 MB limit"))
    }
}
