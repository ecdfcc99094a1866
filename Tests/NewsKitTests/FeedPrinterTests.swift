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

    /// What was parsed, and nothing else: the failed source is for standard error (`failures`).
    @Test func textIsAFeedLineThenTabSeparatedArticles() {
        #expect(
            FeedPrinter.text(Self.results) == """
                Gazette
                \tFirst story\t2023-11-14T22:13:20Z\thttps://example.com/1\tJo
                \tBare\t-\t-\t-

                """)
        #expect(
            FeedPrinter.failures(Self.results) == ["bad[31m.xml: malformed XML at line 3: attribute without a value"])
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

    @Test func jsonCarriesEveryFieldAndNoFailedSource() throws {
        let json = FeedPrinter.json(Self.results)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(decoded.count == 1, "the failed source is for standard error")
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
    }

    /// Before, bidi controls, C1 controls, DEL and the line separators were written raw (valid JSON, but the output
    /// shown on a terminal could reorder a line: `safe\u{202E}txt.exe`); every control is now a `\uXXXX` escape,
    /// and the text decodes to the same strings.
    @Test func jsonEscapesEveryControlAndBidiCharacter() throws {
        let controls =
            "\u{1B}[31m\u{7F}\u{85}\u{9B}\u{061C}\u{200E}\u{200F}\u{2028}\u{2029}\u{202A}\u{202E}\u{2066}\u{2069}"
        let title = "safe\u{202E}txt.exe " + controls + " é ✓"
        let feed = Feed(
            title: "F\u{202E}eed", items: [Article(id: "x", title: title, feedTitle: "F")], source: "f.xml",
            format: .rss20)
        let json = FeedPrinter.json([.loaded(feed)])
        let raw = json.unicodeScalars.filter { scalar in
            scalar != "\n" && FeedPrinter.field(String(scalar)) != String(scalar)
        }
        #expect(raw.isEmpty, "raw controls: \(raw.map { String($0.value, radix: 16) })")
        #expect(json.contains(#""title":"F\u202eeed""#))
        #expect(
            json.contains(#"\u001b[31m\u007f\u0085\u009b\u061c\u200e\u200f\u2028\u2029\u202a\u202e\u2066\u2069 é ✓"#))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let articles = try #require(decoded[0]["articles"] as? [[String: String]])
        #expect(articles[0]["title"] == title, "the escapes decode to the same text")
    }

    @Test func categoriesArePrinted() {
        var feed = Feed(title: "Harbor", items: [], source: "h.xml", format: .atom10)
        feed.category = ["News", "Local"]
        #expect(FeedPrinter.text([.loaded(feed)]) == "News › Local › Harbor\n")
        #expect(FeedPrinter.json([.loaded(feed)]).contains(#""category":["News","Local"]"#))
    }
}
