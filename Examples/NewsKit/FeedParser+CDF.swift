import Foundation

extension FeedParser {
    /// Microsoft's Channel Definition Format (1997): `<CHANNEL HREF=…><TITLE/><ABSTRACT/>
    /// <ITEM HREF=… LASTMOD=…><TITLE/><ABSTRACT/></ITEM></CHANNEL>`. Element and attribute
    /// names are matched without regard to case; items of sub-channels are included.
    static func parseCDF(_ root: XMLNode, source: String) -> Feed {
        let link = url(attribute("href", of: root), base: nil)
        let title = feedTitle(cdfText(root, "title", singleLine: true), source: source)
        let subtitle = cdfText(root, "abstract", singleLine: true)
        var items: [XMLNode] = []
        var channels = [root]
        while !channels.isEmpty {
            let channel = channels.removeFirst()
            for element in channel.elements {
                switch element.localName.lowercased() {
                case "item": items.append(element)
                case "channel": channels.append(element)
                default: break
                }
            }
        }
        let articles = items.map { item in
            var fields = ArticleFields()
            fields.title = cdfText(item, "title", singleLine: true)
            fields.rawLink = attribute("href", of: item)
            fields.link = url(fields.rawLink, base: link)
            fields.summary = cdfText(item, "abstract", singleLine: false)
            fields.dates = [attribute("lastmod", of: item)].compactMap { $0 }
            return fields.article(feedTitle: title)
        }
        return Feed(title: title, link: link, subtitle: subtitle, items: articles, source: source, format: .cdf)
    }

    /// The value of an attribute, whatever the case of its name.
    private static func attribute(_ name: String, of node: XMLNode) -> String? {
        node.attributes.first { $0.key.lowercased() == name }?.value
    }

    /// The text of the first child element named `name` (any case), HTML made plain.
    private static func cdfText(_ node: XMLNode, _ name: String, singleLine: Bool) -> String {
        guard let child = node.elements.first(where: { $0.localName.lowercased() == name }) else { return "" }
        guard singleLine else { return HTMLText.text(htmlSource(child)) }
        return name == "title" ? HTMLText.title(htmlSource(child)) : HTMLText.line(htmlSource(child))
    }
}
