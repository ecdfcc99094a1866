import Foundation

extension FeedParser {
    /// RSS 0.91, 0.92 and 2.0: `<rss><channel>…<item>…</item></channel></rss>`.
    static func parseRSS(_ root: XMLNode, source: String) -> Feed {
        let version = root.attributes["version"] ?? ""
        let format: FeedFormat =
            version.hasPrefix("0.91")
            ? .rss091
            : version.hasPrefix("0.9") ? .rss092 : .rss20
        let channel = root.child("channel") ?? root
        // Some 0.9x feeds put items beside the channel instead of inside it.
        let items = channel.children("item") + (channel === root ? [] : root.children("item"))
        return makeFeed(channel: channel, items: items, source: source, format: format)
    }

    /// The namespaces of RSS 0.90: Netscape published it under both host names.
    static let rss090Namespaces: Set<String> = [
        "http://my.netscape.com/rdf/simple/0.9/", "http://channel.netscape.com/rdf/simple/0.9/",
    ]

    /// RSS 1.0 and 0.90: `<rdf:RDF><channel/><item/>…</rdf:RDF>`, items beside the channel.
    static func parseRDF(_ root: XMLNode, source: String) -> Feed {
        let channel = root.child("channel")
        let namespace = channel?.namespace ?? root.child("item")?.namespace ?? ""
        let format: FeedFormat = rss090Namespaces.contains(namespace) ? .rss090 : .rss10
        // Items usually sit beside the channel; some feeds put them inside it.
        let items = root.children("item") + (channel?.children("item") ?? [])
        return makeFeed(channel: channel, items: items, source: source, format: format)
    }

    private static func makeFeed(channel: XMLNode?, items: [XMLNode], source: String, format: FeedFormat) -> Feed {
        let title = feedTitle(
            firstNonEmpty(channel, ["title", "dc:title"], convert: { HTMLText.title(htmlSource($0)) }),
            source: source)
        let link = url(channel?.childText("link"), base: documentURL(source))
        let subtitle = firstNonEmpty(
            channel, ["description", "dc:description", "itunes:subtitle", "itunes:summary"],
            convert: { HTMLText.line(htmlSource($0)) })
        let channelAuthor =
            channel?.childText("dc:creator") ?? channel?.childText("managingEditor")
            ?? channel?.childText("itunes:author")
        let articles = items.map { item in
            var fields = rssFields(item, base: link ?? documentURL(source))
            if fields.author == nil { fields.author = ArticleFields.authorName(channelAuthor) }
            return fields.article(feedTitle: title)
        }
        return Feed(title: title, link: link, subtitle: subtitle, items: articles, source: source, format: format)
    }

    private static func rssFields(_ item: XMLNode, base: URL?) -> ArticleFields {
        var fields = ArticleFields()
        let media = mediaElements(of: item)
        fields.title = firstNonEmpty([item], ["title", "dc:title"], convert: { HTMLText.title(htmlSource($0)) })
        if fields.title.isEmpty {
            fields.title = firstNonEmpty(media, ["media:title"], convert: { mediaText($0, singleLine: true) })
        }
        fields.rawLink = item.childText("link")
        fields.link = url(fields.rawLink, base: base)
        if let guidNode = item.child("guid"), let guid = item.childText("guid") {
            fields.guid = guid
            // A guid is a permalink unless it says otherwise.
            if fields.link == nil, guidNode.attributes["isPermaLink"]?.lowercased() != "false",
                guid.hasPrefix("http://") || guid.hasPrefix("https://")
            {
                fields.link = URL(string: guid)
            }
        }
        fields.summary = firstNonEmpty(
            [item], ["description", "dc:description", "itunes:summary"],
            convert: { HTMLText.text(htmlSource($0)) })
        if fields.summary.isEmpty {
            fields.summary = firstNonEmpty(media, ["media:description"], convert: { mediaText($0, singleLine: false) })
        }
        // content:encoded, an XHTML <body> or a <fullitem> (extensions some feeds use).
        fields.alternateSummary = firstNonEmpty(
            [item], ["content:encoded", "body", "fullitem"],
            convert: { HTMLText.text(htmlSource($0)) })
        fields.dates = ["pubDate", "dc:date", "dcterms:issued", "dcterms:created", "dcterms:modified"]
            .compactMap { item.childText($0) }
        fields.author = ArticleFields.authorName(
            item.childText("dc:creator") ?? item.childText("author")
                ?? item.childText("dc:author") ?? item.childText("itunes:author"))
        return fields
    }

    /// The item and its Media RSS containers, where `media:title` and `media:description`
    /// may be: the item, `media:group`, `media:content`, and `media:content` inside a group.
    private static func mediaElements(of item: XMLNode) -> [XMLNode] {
        let groups = item.children("media:group")
        return [item] + groups + item.children("media:content") + groups.flatMap { $0.children("media:content") }
    }

    /// Media RSS text: `type="html"` is HTML, anything else plain text.
    private static func mediaText(_ node: XMLNode, singleLine: Bool) -> String {
        if node.attributes["type"]?.lowercased() == "html" {
            return singleLine ? HTMLText.title(node.text) : HTMLText.text(node.text)
        }
        return HTMLText.plain(node.text, singleLine: singleLine)
    }

    /// The first non-empty conversion of a child named by `keys`, looking in each node in turn.
    static func firstNonEmpty(_ nodes: [XMLNode?], _ keys: [String], convert: (XMLNode) -> String) -> String {
        for node in nodes {
            for key in keys {
                if let child = node?.child(key) {
                    let text = convert(child)
                    if !text.isEmpty { return text }
                }
            }
        }
        return ""
    }

    /// `firstNonEmpty` for a single, possibly absent node.
    static func firstNonEmpty(_ node: XMLNode?, _ keys: [String], convert: (XMLNode) -> String) -> String {
        firstNonEmpty([node], keys, convert: convert)
    }
}
