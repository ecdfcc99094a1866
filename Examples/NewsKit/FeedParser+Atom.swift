import Foundation

extension FeedParser {
    private static let atom03Namespace = "http://purl.org/atom/ns#"

    /// Atom 1.0 and 0.3: `<feed><entry>…</entry></feed>`.
    static func parseAtom(_ root: XMLNode, source: String) -> Feed {
        let format: FeedFormat =
            root.namespace == atom03Namespace || root.attributes["version"] == "0.3"
            ? .atom03 : .atom10
        let link = alternateLink(of: root, base: documentURL(source))
        let title = feedTitle(
            firstNonEmpty(root, ["atom:title", "dc:title"]) { textConstruct($0, singleLine: true) },
            source: source)
        let subtitleNode = root.child("atom:subtitle") ?? root.child("atom:tagline")
        let subtitle = subtitleNode.map { textConstruct($0, singleLine: true, isTitle: false) } ?? ""
        let feedAuthor = authorName(of: root)
        let articles = root.children("atom:entry").map { entry in
            var fields = ArticleFields()
            fields.guid = entry.childText("atom:id")
            fields.title = firstNonEmpty(entry, ["atom:title", "dc:title"]) { textConstruct($0, singleLine: true) }
            fields.link = alternateLink(of: entry, base: link ?? documentURL(source))
            fields.summary = entry.child("atom:summary").map { textConstruct($0, singleLine: false) } ?? ""
            fields.alternateSummary = entry.child("atom:content").map { textConstruct($0, singleLine: false) } ?? ""
            // The last of repeated elements wins, as in feedparser.
            fields.dates = [
                "atom:published", "atom:issued", "atom:updated", "atom:modified", "atom:created", "dc:date",
            ]
            .compactMap { key in entry.children(key).last?.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            fields.author = authorName(of: entry) ?? entry.childText("dc:creator").map(HTMLText.line) ?? feedAuthor
            return fields.article(feedTitle: title)
        }
        return Feed(title: title, link: link, subtitle: subtitle, items: articles, source: source, format: format)
    }

    /// The `href` of the first `link` whose `rel` is `alternate` (or absent), preferring HTML.
    private static func alternateLink(of node: XMLNode, base: URL?) -> URL? {
        let alternates = node.children("atom:link").filter { ($0.attributes["rel"] ?? "alternate") == "alternate" }
        let preferred =
            alternates.first { link in
                guard let type = link.attributes["type"]?.lowercased() else { return true }
                return type.contains("html")
            } ?? alternates.first
        return url(preferred?.attributes["href"], base: base)
    }

    private static func authorName(of node: XMLNode) -> String? {
        guard let name = node.child("atom:author")?.childText("atom:name").map(HTMLText.line),
            !name.isEmpty
        else { return nil }
        return name
    }

    /// Plain text of an Atom text construct (`title`, `summary`, `content`, `subtitle`).
    ///
    /// Atom 1.0 says how to read it with `type` (`text`, `html`, `xhtml`, or a MIME type);
    /// Atom 0.3 with a MIME `type` plus `mode` (`xml`, `escaped`, `base64`). Plain text still
    /// gets character references decoded, since many feeds escape entities twice.
    /// A title (`isTitle`, the default for single lines) made only of an image shows the image's
    /// alt text or file name (see `HTMLText.title`).
    static func textConstruct(_ node: XMLNode, singleLine: Bool, isTitle: Bool? = nil) -> String {
        let type = node.attributes["type"]?.lowercased() ?? "text"
        let mode = node.attributes["mode"]?.lowercased()
        var source = htmlSource(node)
        // Atom 1.0: a MIME type that is neither text nor XML means base64-encoded content.
        let isBinaryType =
            type.contains("/") && !type.hasPrefix("text/") && !type.hasSuffix("+xml") && !type.hasSuffix("/xml")
        if mode == "base64" || (mode == nil && isBinaryType) {
            let compact = source.filter { !$0.isWhitespace }
            source = Data(base64Encoded: compact).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        let isHTML = type.contains("html") || node.hasElementChildren
        if isHTML {
            guard singleLine else { return HTMLText.text(source) }
            return isTitle ?? true ? HTMLText.title(source) : HTMLText.line(source)
        }
        return HTMLText.plain(HTMLText.decodeEntities(source), singleLine: singleLine)
    }
}
