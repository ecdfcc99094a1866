import Foundation
import Testing

@testable import NewsKit

@Suite("news --print output")
struct FeedPrinterTests {
    static let results: [FeedLoadResult] = [
        .loaded(
            Feed(
                title: "Gazette", link: URL(string: "https://example.com/"), subtitle: "Daily",
                items: [
                    Article(
                        id: "a", title: "First\tstory", link: URL(string: "https://example.com/1"),
                        summary: "Body", published: Date(timeIntervalSince1970: 1_700_000_000),
                        author: "Jo", feedTitle: "Gazette"),
                    Article(id: "b", title: "Bare", feedTitle: "Gazette"),
                ], source: "gazette.xml", format: .rss20)),
        .failed(source: "bad\u{1B}[31m.xml", reason: "malformed XML at line 3: attribute without a value"),
    ]

    @Test func textIsAFeedLineThenTabSeparatedArticles() {
        #expect(
            FeedPrinter.text(Self.results) == """
                Gazette
                \tFirst story\t2023-11-14T22:13:20Z\thttps://example.com/1\tJo
                \tBare\t-\t-\t-
                bad[31m.xml: error: malformed XML at line 3: attribute without a value

                """)
    }

    /// Bidi controls cannot reorder a printed line: `invoice_\u{202E}fdp.exe` does not read "invoice_exe.pdf".
    @Test func textDropsBidiControls() {
        let title =
            "invoice_\u{202E}fdp.exe \u{2066}a\u{2069} \u{2067}b\u{2068}c\u{200F}d\u{200E}e\u{061C}f\u{202A}\u{202B}\u{202C}\u{202D}"
        let feed = Feed(
            title: "F\u{202E}eed", items: [Article(id: "x", title: title, feedTitle: "F")], source: "f.xml",
            format: .rss20)
        let text = FeedPrinter.text([.loaded(feed)])
        #expect(text == "Feed\n\tinvoice_fdp.exe a bcdef\t-\t-\t-\n")
    }

    @Test func jsonCarriesEveryFieldAndErrorRows() throws {
        let json = FeedPrinter.json(Self.results)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(decoded.count == 2)
        #expect(decoded[0]["title"] as? String == "Gazette")
        #expect(decoded[0]["link"] as? String == "https://example.com/")
        #expect(decoded[0]["subtitle"] as? String == "Daily")
        #expect(decoded[0]["format"] as? String == "RSS 2.0")
        let articles = try #require(decoded[0]["articles"] as? [[String: String]])
        #expect(
            articles[0] == [
                "id": "a", "title": "First\tstory", "link": "https://example.com/1",
                "date": "2023-11-14T22:13:20Z", "author": "Jo", "summary": "Body",
            ])
        #expect(articles[1] == ["id": "b", "title": "Bare"])
        #expect(decoded[1]["error"] as? String == "malformed XML at line 3: attribute without a value")
        // Control characters are escaped by JSON, so the raw output never holds an ESC.
        #expect(!json.unicodeScalars.contains("\u{1B}"))
        #expect(json.contains(#""source":"bad\u001b[31m.xml""#))
    }

    @Test func categoriesArePrinted() {
        var feed = Feed(title: "Harbor", items: [], source: "h.xml", format: .atom10)
        feed.category = ["News", "Local"]
        #expect(FeedPrinter.text([.loaded(feed)]) == "News › Local › Harbor\n")
        #expect(FeedPrinter.json([.loaded(feed)]).contains(#""category":["News","Local"]"#))
    }
}
