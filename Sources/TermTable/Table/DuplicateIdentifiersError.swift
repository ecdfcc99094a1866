/// A snapshot that holds an item identifier more than once, refused by
/// ``TableViewDiffableDataSource/applyChecked(_:keepingCursorLine:)``.
///
/// ```swift
/// do {
///     try dataSource.applyChecked(snapshot)
/// } catch {
///     status.text = "\(error)"  // the snapshot holds these item identifiers more than once: "b", "c"
/// }
/// ```
public struct DuplicateIdentifiersError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Each identifier that appears more than once, as `String(reflecting:)` shows it, in snapshot order.
    public var duplicates: [String]

    /// Creates the error for these identifiers.
    public init(duplicates: [String]) {
        self.duplicates = duplicates
    }

    /// `the snapshot holds these item identifiers more than once: "b", "c"`.
    public var description: String {
        let shown = duplicates.prefix(10).joined(separator: ", ")
        let more = duplicates.count > 10 ? " and \(duplicates.count - 10) more" : ""
        let which = duplicates.count == 1 ? "this item identifier" : "these item identifiers"
        return "the snapshot holds \(which) more than once: \(shown)\(more)"
    }
}
