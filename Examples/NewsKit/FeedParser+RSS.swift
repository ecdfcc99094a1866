import Foundation

extension FeedParser {
    /// RSS 0.91, 0.92 and 2.0: `<rss><channel>…<item>…</item></channel></rss>`.
    static func parseRSS(_ root: XMLNode, source: String) -> Feed {
        let version = root.attributes["version"] ?? ""
        let format: FeedFormat = version.hasPrefix("0.91") ? .rss091
            : version.hasPrefix("0.9") ? .rss092 : .rss20
        let channel = root.child("channel") ?? root
        // Some 0.9x feeds put items beside the channel instead of inside it.
        let items = channel.children("item") + (channel === root ? [] : root.children("item"))
        return makeFeed(channel: channel, items: items, source: source, format: format)
    }

    /// RSS 1.0 and 0.90: `<rdf:RDF><channel/><item/>…</rdf:RDF>`, items beside the channel.
    static func parseRDF(_ root: XMLNode, source: String) -> Feed {
        let channel = root.child("channel")
        let format: FeedFormat = channel?.namespace == "http://my.netscape.com/rdf/simple/0.9/" ? .rss090 : .rss10
        return makeFeed(channel: channel, items: root.children("item"), source: source, format: format)
    }

    private static func makeFeed(channel: XMLNode?, items: [XMLNode], source: String, format: FeedFormat) -> Feed {
        let title = feedTitle(channel?.child("title").map { HTMLText.line(htmlSource($0)) } ?? "", source: source)
        let link = url(channel?.childText("link"), base: nil)
        let subtitle = channel?.child("description").map { HTMLText.line(htmlSource($0)) } ?? ""
        let channelAuthor = channel?.childText("dc:creator") ?? channel?.childText("managingEditor")
        let articles = items.map { item in
            var fields = rssFields(item, base: link)
            if fields.author == nil { fields.author = ArticleFields.authorName(channelAuthor) }
            return fields.article(feedTitle: title)
        }
        return Feed(title: title, link: link, subtitle: subtitle, items: articles, source: source, format: format)
    }

    private static func rssFields(_ item: XMLNode, base: URL?) -> ArticleFields {
        var fields = ArticleFields()
        fields.title = item.child("title").map { HTMLText.line(htmlSource($0)) } ?? ""
        fields.rawLink = item.childText("link")
        fields.link = url(fields.rawLink, base: base)
        if let guidNode = item.child("guid"), let guid = item.childText("guid") {
            fields.guid = guid
            // A guid is a permalink unless it says otherwise.
            if fields.link == nil, guidNode.attributes["isPermaLink"]?.lowercased() != "false",
               guid.hasPrefix("http://") || guid.hasPrefix("https://") {
                fields.link = URL(string: guid)
            }
        }
        fields.summary = item.child("description").map { HTMLText.text(htmlSource($0)) } ?? ""
        fields.alternateSummary = item.child("content:encoded").map { HTMLText.text(htmlSource($0)) } ?? ""
        fields.dates = ["pubDate", "dc:date", "dcterms:issued", "dcterms:created", "dcterms:modified"]
            .compactMap { item.childText($0) }
        fields.author = ArticleFields.authorName(item.childText("dc:creator") ?? item.childText("author"))
        return fields
    }
}
