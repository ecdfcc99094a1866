import Foundation

/// Renders loaded feeds as text or JSON, for `news --print`.
///
/// Only what was parsed is rendered: the sources that failed are left out (``failures(_:)`` lists them,
/// for standard error).
///
/// Text: for each feed, its title on a line of its own, after its OPML folders
/// (`News › Local › Harbor`); then one line per article, indented by a tab, with the fields title, date
/// (ISO 8601, UTC), link and author separated by tabs (`-` for a missing field). Control characters never
/// reach the output: tabs and line breaks become spaces, other controls are dropped.
///
/// JSON: an array with, per feed, `{"source", "title", "category", "link", "subtitle", "format",
/// "articles": [{"id", "title", "link", "date", "author", "summary"}]}` (absent fields are
/// left out). Every C0 and C1 control, DEL, the line and paragraph separators and the bidi controls are
/// escaped (`\u202e`), so the raw output shown on a terminal cannot move the cursor or reorder a line.
public enum FeedPrinter {
    /// The results rendered in `format`, ending with a newline.
    public static func render(_ results: [FeedLoadResult], as format: FeedPrintFormat) -> String {
        switch format {
        case .text: text(results)
        case .json: json(results)
        }
    }

    /// The sources that failed, one line each, `SOURCE: REASON`, with no control characters (as a text field).
    public static func failures(_ results: [FeedLoadResult]) -> [String] {
        results.compactMap { result in
            guard case .failed(let source, let reason) = result else { return nil }
            return field(source) + ": " + field(reason)
        }
    }

    /// The text rendering (see the type's documentation).
    public static func text(_ results: [FeedLoadResult]) -> String {
        var output = ""
        for result in results {
            switch result {
            case .failed: continue
            case .loaded(let feed):
                output += field((feed.category + [feed.title]).joined(separator: " › ")) + "\n"
                for article in feed.items {
                    let columns = [
                        article.title, article.published.map(isoDate) ?? "",
                        article.link?.absoluteString ?? "", article.author ?? "",
                    ]
                    output += "\t" + columns.map { $0.isEmpty ? "-" : field($0) }.joined(separator: "\t") + "\n"
                }
            }
        }
        return output
    }

    /// The JSON rendering (see the type's documentation).
    public static func json(_ results: [FeedLoadResult]) -> String {
        let entries = results.compactMap { result -> PrintedSource? in
            switch result {
            case .failed: return nil
            case .loaded(let feed):
                var entry = PrintedSource(source: feed.source)
                entry.title = feed.title
                entry.category = feed.category.isEmpty ? nil : feed.category
                entry.link = feed.link?.absoluteString
                entry.subtitle = feed.subtitle.isEmpty ? nil : feed.subtitle
                entry.format = feed.format.rawValue
                entry.articles = feed.items.map { article in
                    PrintedArticle(
                        id: article.id, title: article.title, link: article.link?.absoluteString,
                        date: article.published.map(isoDate), author: article.author,
                        summary: article.summary.isEmpty ? nil : article.summary)
                }
                return entry
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and arrays cannot fail.
        let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
        return escapingControls(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// JSON text with every character ``field(_:)`` would drop or change written as a `\uXXXX` escape.
    ///
    /// Outside strings JSON text is ASCII without controls (no pretty printing), so every such character
    /// is inside a string, where the escape means the same character.
    static func escapingControls(_ json: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// A date as ISO 8601 in UTC, to the second.
    static func isoDate(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Text made safe for one tab-separated field on a terminal: tabs and line breaks become
    /// spaces, every other C0/C1 control character and DEL are dropped, and so are the bidi
    /// overrides, embeddings, isolates and marks (`invoice_\u{202E}fdp.exe` would print as
    /// "invoice_exe.pdf"): the characters the screens replace (`TerminalText`; NewsKit does not link the
    /// toolkit, so a test in NewsReaderTests checks the two lists agree).
    static func field(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: scalars.append(" ")
            case 0..<0x20, 0x7F...0x9F: continue
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private struct PrintedArticle: Encodable {
        var id: String
        var title: String
        var link: String?
        var date: String?
        var author: String?
        var summary: String?
    }

    private struct PrintedSource: Encodable {
        var source: String
        var title: String?
        var category: [String]?
        var link: String?
        var subtitle: String?
        var format: String?
        var articles: [PrintedArticle]?
    }
}
