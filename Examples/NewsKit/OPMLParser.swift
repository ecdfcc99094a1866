import Foundation

/// One feed listed in an OPML subscription list.
public struct FeedSubscription: Sendable, Hashable {
    /// The outline's `title` (or `text`, or the URL when both are missing), as plain text.
    public var title: String
    /// The feed address exactly as the OPML gives it: usually an http(s) URL, possibly a relative path.
    public var xmlUrl: String

    /// Creates a subscription.
    public init(title: String, xmlUrl: String) {
        self.title = title
        self.xmlUrl = xmlUrl
    }
}

/// Reads OPML subscription lists (the format feed readers export).
public enum OPMLParser {
    /// Returns every `outline` with an `xmlUrl`, depth first in document order, including
    /// outlines nested inside folder outlines.
    ///
    /// - Throws: `FeedError.notOPML` when the root element is not `opml`, `FeedError.malformed`
    ///   or `FeedError.empty` for documents that are not XML.
    public static func parse(_ data: Data) throws(FeedError) -> [FeedSubscription] {
        let root = try XMLTreeReader.read(data) { localName, _, qualifiedName in
            localName.lowercased() == "opml" ? nil : FeedError.notOPML(root: qualifiedName)
        }
        var subscriptions: [FeedSubscription] = []
        collect(root.child("body") ?? root, into: &subscriptions)
        return subscriptions
    }

    private static func collect(_ node: XMLNode, into subscriptions: inout [FeedSubscription]) {
        for outline in node.elements where outline.localName == "outline" {
            let attributes = Dictionary(outline.attributes.map { ($0.key.lowercased(), $0.value) },
                                        uniquingKeysWith: { first, _ in first })
            if let url = attributes["xmlurl"]?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty {
                let title = [attributes["title"], attributes["text"]]
                    .compactMap { $0.map(HTMLText.line) }
                    .first { !$0.isEmpty } ?? url
                subscriptions.append(FeedSubscription(title: title, xmlUrl: url))
            }
            collect(outline, into: &subscriptions)
        }
    }
}
