import Foundation
import Testing

@testable import NewsKit

@Suite("Control characters never reach articles")
struct ControlCharacterTests {
    @Test func escapesInTitlesAndSummariesAreRemovedOrReplaced() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Feed &amp;#x1B;[31m red</title>
            <item><title>One &amp;#x1B;]0;pwned&amp;#x07; two</title><guid>a</guid>
            <description><![CDATA[Raw &amp;#x1B;[2J and \u{9B}31m and <b>bold</b>&#x85;]]></description></item>
            </channel></rss>
            """
        let feed = try FeedParser.parse(Data(xml.utf8), source: "test")
        let article = try #require(feed.items.first)
        for text in [feed.title, article.title, article.summary] {
            let controls = text.unicodeScalars.filter {
                $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
            }
            #expect(controls.isEmpty, "control characters in \(text.debugDescription)")
        }
        #expect(article.title == "One \u{FFFD}]0;pwned\u{FFFD} two")
        // A raw C1 control is read as the Windows-1252 character it most likely was (0x9B is ›).
        #expect(article.summary.hasPrefix("Raw &#x1B;[2J and \u{203A}31m and bold"))
    }
}
