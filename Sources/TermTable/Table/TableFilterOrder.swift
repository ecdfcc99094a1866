/// The order a filtered table shows its matching items in (``TableViewDiffableDataSource/filterOrder``).
public enum TableFilterOrder: Sendable, Hashable {
    /// Best match first within each section (then shorter texts, then the items' order), as fzf lists: a sort
    /// (``TableView/sortDescriptors``) orders only matches of equal score and length.
    case score
    /// The items' own order (the sorted order when the data source sorts): the filter only hides.
    case items
}
