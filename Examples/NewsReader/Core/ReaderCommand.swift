/// What a key asks the reader to do.
public enum ReaderCommand: String, Sendable, CaseIterable {
    /// Open the article under the cursor.
    case open
    /// Open the article's link with `$BROWSER`.
    case openLink
    /// Mark the article read or unread.
    case toggleRead
    /// Go to the next unread article (and open it, in the article view).
    case nextUnread
    /// Filter titles as you type.
    case filter
    /// Clear the filter (Esc in the list).
    case clearFilter
    /// Switch between two-line and one-line articles.
    case toggleCompact
    /// Load every feed again.
    case reload
    /// Show the keys.
    case help
    /// Go back (from the article view or a filter), or quit.
    case quit
}
