/// One feed's section of the list: its header and its rows.
public struct ReaderSection: Sendable, Hashable {
    /// What the header's counts say.
    public enum Status: Sendable, Hashable {
        /// Articles shown, and how many of them are unread.
        case articles(unread: Int, total: Int)
        /// The feed is loading.
        case loading
        /// The feed failed.
        case failed
        /// A section that only holds a note.
        case note
    }

    /// The header's title: the feed's title.
    public var title: String
    /// What the header's counts say.
    public var status: Status
    /// The rows.
    public var rows: [ReaderRow]

    /// Creates a section.
    public init(title: String, status: Status, rows: [ReaderRow]) {
        self.title = title
        self.status = status
        self.rows = rows
    }

    /// The text at the right of the header: `5 unread · 22`, `all read · 22`, `loading…`, `failed`.
    public var countsText: String {
        switch status {
        case .articles(let unread, let total):
            return unread == 0 ? "all read · \(total)" : "\(unread) unread · \(total)"
        case .loading: return "loading…"
        case .failed: return "failed"
        case .note: return ""
        }
    }
}
