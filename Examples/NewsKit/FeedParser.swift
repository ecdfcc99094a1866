import Foundation

/// Parses RSS 0.90-2.0, RSS 1.0 (RDF), Atom 0.3/1.0 and CDF documents into `Feed` values.
///
/// All text comes out as plain text (see `HTMLText`); dates go through `FeedDate`.
/// Parsing never traps, whatever the input: bad input throws a `FeedError`.
public enum FeedParser {
    /// Parses a feed document.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding its XML declaration or BOM names.
    ///   - source: Where the bytes came from, stored in `Feed.source` and used as the
    ///     title of a feed that has none.
    /// - Throws: `FeedError.malformed` for XML errors (with the line, when known),
    ///   `FeedError.notAFeed` when the root element is not `rss`, `rdf:RDF`, `feed` or `CHANNEL`,
    ///   `FeedError.empty` for an empty document.
    public static func parse(_ data: Data, source: String) throws(FeedError) -> Feed {
        let root = try XMLTreeReader.read(data) { localName, namespace, qualifiedName in
            switch localName {
            case "rss", "feed": nil
            case "RDF" where namespace == rdfNamespace || qualifiedName == "rdf:RDF": nil
            case "CHANNEL", "channel", "Channel": nil
            default: FeedError.notAFeed(root: qualifiedName)
            }
        }
        switch root.key {
        case "atom:feed":
            return parseAtom(root, source: source)
        case "rss":
            return parseRSS(root, source: source)
        case "CHANNEL", "Channel":
            return parseCDF(root, source: source)
        case "channel":
            // A lower-case <channel> root is CDF when it has an HREF, else RSS missing its <rss>.
            return root.attributes.keys.contains { $0.lowercased() == "href" }
                ? parseCDF(root, source: source) : parseRSS(root, source: source)
        default:
            return parseRDF(root, source: source)
        }
    }

    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// Resolves a link that may be relative against the feed's link.
    static func url(_ string: String?, base: URL?) -> URL? {
        guard let string = string?.trimmingCharacters(in: .whitespacesAndNewlines), !string.isEmpty,
            let url = URL(string: string, relativeTo: base)?.absoluteURL ?? URL(string: string)
        else { return nil }
        return url
    }

    /// The address of a document fetched over http(s), against which a relative feed link
    /// is resolved; `nil` for files and standard input.
    static func documentURL(_ source: String) -> URL? {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return nil }
        return url
    }

    /// HTML source of an element: its text, or its re-serialized markup when it has
    /// child elements (XHTML content, or HTML that a feed forgot to escape).
    static func htmlSource(_ node: XMLNode) -> String {
        node.hasElementChildren ? node.innerMarkup : node.text
    }

    /// The feed title to use: the document's, else the source.
    static func feedTitle(_ title: String, source: String) -> String {
        title.isEmpty ? source : title
    }
}

/// The fields of one item or entry, before the fallbacks that make an `Article`.
struct ArticleFields {
    var guid: String?
    var title = ""
    var link: URL?
    var rawLink: String?
    var summary = ""
    var alternateSummary = ""
    /// Raw date strings, most preferred first.
    var dates: [String] = []
    var author: String?

    /// Applies the documented fallbacks (id, title, summary, date) and builds the article.
    func article(feedTitle: String) -> Article {
        let summaryText = summary.isEmpty ? alternateSummary : summary
        var dateString = ""
        var published: Date?
        for candidate in dates {
            if let date = FeedDate.parse(candidate) {
                dateString = candidate
                published = date
                break
            }
        }
        if published == nil { dateString = dates.first ?? "" }
        let shownTitle = title.isEmpty ? Self.fallbackTitle(summaryText, link: link) : title
        let id = ArticleID.limited(
            guid ?? link?.absoluteString ?? rawLink ?? ArticleID.hash(title: shownTitle, date: dateString))
        return Article(
            id: id, title: shownTitle,
            link: link, summary: summaryText, published: published,
            author: author, feedTitle: feedTitle)
    }

    /// A title for an untitled item: the summary's first line, else the link without its
    /// scheme (`example.com/2026/story`), shortened to 80 characters; else "Untitled".
    static func fallbackTitle(_ summary: String, link: URL? = nil) -> String {
        var line = summary.split(separator: "\n").first.map(String.init) ?? ""
        if line.isEmpty, let link, let host = link.host {
            line = HTMLText.line(host + (link.path == "/" ? "" : link.path))
        }
        guard !line.isEmpty else { return "Untitled" }
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    /// An author's name from an RSS `author` field: `jo@example.com (Jo Bloggs)` and
    /// `Jo Bloggs (jo@example.com)` both give `Jo Bloggs`.
    static func authorName(_ raw: String?) -> String? {
        guard let raw = raw.map(HTMLText.line), !raw.isEmpty else { return nil }
        if let open = raw.firstIndex(of: "("), raw.hasSuffix(")") {
            let inside = raw[raw.index(after: open)..<raw.index(before: raw.endIndex)]
                .trimmingCharacters(in: .whitespaces)
            let before = raw[..<open].trimmingCharacters(in: .whitespaces)
            if before.contains("@"), !before.contains(" "), !inside.isEmpty { return inside }
            if inside.contains("@"), !inside.contains(" "), !before.isEmpty { return before }
        }
        return raw
    }
}
