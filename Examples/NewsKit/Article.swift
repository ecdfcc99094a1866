import Foundation

/// One entry of a feed, with every text field already converted to plain text.
///
/// The `id` is, in order of preference: the RSS `guid` or Atom `id`; else the article's
/// link (made absolute against the feed's link); else `ArticleID.hash(title:date:)` of the
/// title as shown and the date string exactly as the document gives it (empty if none), a
/// 16-digit hexadecimal FNV-1a 64-bit hash, so the id is stable across runs.
///
/// An item without a title is shown with the first line of its summary, else its link without
/// the scheme (at most 80 characters), or "Untitled" when it has neither.
public struct Article: Sendable, Hashable, Identifiable {
    /// A stable identifier: guid/Atom id, else link, else a hash of title and date.
    public var id: String
    /// The title as a single line of plain text (entities decoded, tags removed).
    public var title: String
    /// The article's web page, if the feed gives one.
    public var link: URL?
    /// The summary as plain text; paragraphs are separated by a blank line, list items start with "• ".
    public var summary: String
    /// The publication (or, failing that, update) date; `nil` when missing or unparseable.
    public var published: Date?
    /// The author's name, if the feed gives one.
    public var author: String?
    /// The title of the feed the article came from.
    public var feedTitle: String

    /// Creates an article from its parts.
    public init(
        id: String, title: String, link: URL? = nil, summary: String = "",
        published: Date? = nil, author: String? = nil, feedTitle: String
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.summary = summary
        self.published = published
        self.author = author
        self.feedTitle = feedTitle
    }
}

/// Builds fallback article identifiers.
public enum ArticleID {
    /// The FNV-1a 64-bit hash of `title`, a U+001F separator and `date`, as 16 lowercase hex digits.
    public static func hash(title: String, date: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in title.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash = (hash ^ 0x1f) &* 0x0000_0100_0000_01b3
        for byte in date.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
