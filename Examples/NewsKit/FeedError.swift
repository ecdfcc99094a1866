import Foundation

/// Why a document could not be turned into a feed or a subscription list.
public enum FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not well-formed XML; `line` is where the parser stopped, when known.
    case malformed(reason: String, line: Int?)
    /// The document is XML but not a feed (for example an HTML page); `root` is its root element.
    case notAFeed(root: String)
    /// The document is XML but not an OPML subscription list.
    case notOPML(root: String)
    /// The document is empty.
    case empty

    /// A one-line, human-readable explanation.
    public var description: String {
        switch self {
        case .malformed(let reason, let line?): "malformed XML at line \(line): \(reason)"
        case .malformed(let reason, nil): "malformed XML: \(reason)"
        case .notAFeed(let root) where root.lowercased() == "html":
            "not a feed: this is an HTML page, not RSS or Atom"
        case .notAFeed(let root) where root.lowercased() == "opml":
            "not a feed: this is an OPML subscription list"
        case .notAFeed(let root): "not a feed: root element <\(root)> is not rss, rdf:RDF, feed or CHANNEL"
        case .notOPML(let root): "not an OPML file: root element is <\(root)>"
        case .empty: "the document is empty"
        }
    }
}

extension FeedError: LocalizedError {
    /// The same text as `description`, so `localizedDescription` is readable too.
    public var errorDescription: String? { description }
}
