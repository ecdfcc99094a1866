extension TableViewDiffableDataSource {
    /// Shows `snapshot` as ``apply(_:keepingCursorLine:)`` does, or, when it holds an item identifier more
    /// than once, throws naming every such identifier and leaves the table as it was.
    ///
    /// `apply` stops the program on duplicates, as UIKit does: use this form when the identifiers come from
    /// data the app does not control (a feed's article ids, a file's rows), and show the error instead.
    @inlinable
    public func applyChecked(
        _ snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, keepingCursorLine: Bool = true
    ) throws(DuplicateIdentifiersError) {
        let (_, duplicates) = snapshot.makeIndex()
        guard duplicates.isEmpty else {
            var seen = Set<ItemIdentifier>()
            var names: [String] = []
            for item in duplicates where seen.insert(item).inserted { names.append(String(reflecting: item)) }
            throw DuplicateIdentifiersError(duplicates: names)
        }
        apply(snapshot, keepingCursorLine: keepingCursorLine)
    }
}
