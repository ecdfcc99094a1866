import TermTable

/// A row of the list as the table's diffable data source knows it: its place in the model's sections.
///
/// The place, not the article: an article id may occur twice in a feed, and the
/// snapshot's items must be unique. Loading, error and notice rows are items too.
/// When the feeds change, ``Reader`` puts the cursor back on its article by id.
public struct ReaderItem: Hashable, Sendable {
    /// The section in ``ReaderModel/sections`` (one per feed).
    public var section: Int
    /// The row in that section.
    public var row: Int

    /// The item at `indexPath` of the model's sections.
    public init(_ indexPath: IndexPath) {
        section = indexPath.section
        row = indexPath.row
    }

    /// Where the row is in ``ReaderModel/sections``.
    public var indexPath: IndexPath { IndexPath(row: row, section: section) }
}
