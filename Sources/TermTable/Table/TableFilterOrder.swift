/// The order a filtered table shows its matching items in (``TableViewDiffableDataSource/filterOrder``).
public enum TableFilterOrder: Sendable, Hashable {
    /// Best match first within each section (then shorter texts, then the items' order), as fzf lists.
    case score
    /// The items' own order: the filter only hides.
    case items
}
