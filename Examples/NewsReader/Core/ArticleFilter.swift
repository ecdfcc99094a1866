import Foundation
import NewsKit
import TermTable

/// Which articles a filter keeps: those whose title matches the text as the toolkit's fuzzy query
/// (``/TermTableCore/FuzzyQuery``: the letters in order, smart case, space-separated terms), accents ignored.
///
/// `hrbr brdg` finds "Harbour bridge reopens". A title is first matched as written (so the matched
/// letters can be highlighted: ``match(_:)``), then with its accents taken off (`cafe` finds "Café").
public struct ArticleFilter: Sendable, Hashable {
    /// The text typed after `/`.
    public var text: String
    /// The text as a fuzzy query.
    let query: FuzzyQuery
    /// The query with accents taken off, for titles that match only without theirs.
    let foldedQuery: FuzzyQuery

    /// Creates a filter; an empty text keeps everything.
    public init(_ text: String = "") {
        self.text = text
        query = FuzzyQuery(text)
        foldedQuery = FuzzyQuery(text.folding(options: .diacriticInsensitive, locale: nil))
    }

    /// True when the filter keeps every article.
    public var isEmpty: Bool { query.isEmpty }

    /// True when `article` passes the filter.
    public func matches(_ article: Article) -> Bool {
        isEmpty || query.matches(article.title)
            || foldedQuery.matches(article.title.folding(options: .diacriticInsensitive, locale: nil))
    }

    /// The matched letters of `title` (UTF-8 ranges to highlight), nil when it does not match as written.
    public func match(_ title: String) -> FuzzyMatch? {
        isEmpty ? nil : query.match(title)
    }

    /// Two filters are equal when their texts are.
    public static func == (lhs: ArticleFilter, rhs: ArticleFilter) -> Bool { lhs.text == rhs.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
