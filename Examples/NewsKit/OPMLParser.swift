import Foundation

/// Reads OPML subscription lists (the format feed readers export).
public enum OPMLParser {
    /// Returns every `outline` with an `xmlUrl`, depth first in document order, including
    /// outlines nested inside folder outlines, each with its folder path as `category`.
    ///
    /// The tree is walked with an explicit stack, so a list nested thousands of levels deep
    /// cannot overflow the thread's stack (the XML reader refuses nesting past
    /// `XMLTreeReader.maxDepth` anyway).
    ///
    /// - Throws: `FeedError.notOPML` when the root element is not `opml`, `FeedError.malformed`
    ///   or `FeedError.empty` for documents that are not XML.
    public static func parse(_ data: Data) throws(FeedError) -> [FeedSubscription] {
        let root = try XMLTreeReader.read(data) { localName, _, qualifiedName in
            localName.lowercased() == "opml" ? nil : FeedError.notOPML(root: qualifiedName)
        }
        var subscriptions: [FeedSubscription] = []
        var stack: [(outlines: [XMLNode], next: Int, category: [String])] = [
            ((root.child("body") ?? root).elements, 0, [])
        ]
        while let (outlines, next, category) = stack.last {
            guard next < outlines.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let outline = outlines[next]
            guard outline.localName == "outline" else { continue }
            let attributes = Dictionary(
                outline.attributes.map { ($0.key.lowercased(), $0.value) },
                uniquingKeysWith: { first, _ in first })
            let title = [attributes["title"], attributes["text"]]
                .compactMap { $0.map(HTMLText.line) }
                .first { !$0.isEmpty }
            if let url = attributes["xmlurl"]?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty {
                let path = category.isEmpty ? categoryAttribute(attributes["category"]) : category
                subscriptions.append(FeedSubscription(title: title ?? url, xmlUrl: url, category: path))
            }
            let children = outline.elements
            if !children.isEmpty {
                stack.append((children, 0, title.map { category + [$0] } ?? category))
            }
        }
        return subscriptions
    }

    /// The first path of an OPML `category` attribute (`/News/Local,/Weather` gives News, Local).
    private static func categoryAttribute(_ value: String?) -> [String] {
        guard let first = value?.split(separator: ",").first else { return [] }
        return first.split(separator: "/").map { HTMLText.line(String($0)) }.filter { !$0.isEmpty }
    }
}
