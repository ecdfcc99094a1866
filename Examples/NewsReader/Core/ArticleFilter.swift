import Foundation
import NewsKit

/// Which articles a filter keeps: those whose title contains the text, ignoring case and accents.
public struct ArticleFilter: Sendable, Hashable {
    /// The text typed after `/`.
    public var text: String

    /// Creates a filter; an empty text keeps everything.
    public init(_ text: String = "") {
        self.text = text
    }

    /// True when the filter keeps every article.
    public var isEmpty: Bool { text.isEmpty }

    /// True when `article` passes the filter.
    public func matches(_ article: Article) -> Bool {
        text.isEmpty || article.title.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
