import TermTableCore

/// What a table asks a source to show: the find text, the column it is limited to, and the sort.
///
/// A ``TableQuerySource`` answers it where the data is (a file's scan, a SQL `WHERE` and `ORDER BY`); a
/// ``TableQueryController`` sends it and shows the answer.
///
/// ```swift
/// let query = TableQuery(text: "error db", sortDescriptors: [TableSortDescriptor(column: "time")])
/// ```
public struct TableQuery: Hashable, Sendable {
    /// The fuzzy find text (a ``/TermTableCore/FuzzyQuery``'s), "" when the query hides nothing.
    public var text: String
    /// The ``TableColumn/identifier`` of the column the find text is matched in, nil for the whole item.
    public var column: String?
    /// The order to deliver the matches in, the first level deciding first; empty for the source's own order.
    public var sortDescriptors: [TableSortDescriptor]

    /// Creates a query; the defaults ask for every item in the source's own order.
    public init(text: String = "", column: String? = nil, sortDescriptors: [TableSortDescriptor] = []) {
        self.text = text
        self.column = column
        self.sortDescriptors = sortDescriptors
    }

    /// The find text as a fuzzy query (empty when ``text`` has no terms).
    public var fuzzyQuery: FuzzyQuery { FuzzyQuery(text) }

    /// True when the query neither hides nor orders anything: every item, in the source's order.
    public var isEmpty: Bool { fuzzyQuery.isEmpty && sortDescriptors.isEmpty }
}

/// A source that filters and sorts where its data is, and hands the matches back in chunks.
///
/// A ``TableQueryController`` calls ``identifiers(for:firstChunk:deliver:)`` off
/// the main actor for each query it shows. The source delivers the identifiers
/// of the matching items in the query's order, in chunks: the first of about
/// `firstChunk` identifiers as soon as it has them (the first screen shows
/// first), the rest in chunks as large as suits the source. It checks
/// `Task.isCancelled` (or calls `Task.checkCancellation()`) every few thousand
/// items it reads, not only between chunks (a query that matches little fills
/// none for long), and stops when cancelled: a newer query cancels the older,
/// each keystroke of a find prompt one. How the find text
/// matches and ranks is the source's call (a file scan may keep the file's
/// order; a SQL source may rank a page of candidates); a thrown error ends the
/// query with the matches delivered so far.
///
/// Rows appended to the data while a query is in force are matched by a
/// source over them (``TableQueryController/sourceDidAppend(_:)``), whose
/// matches follow the ones shown.
///
/// ```swift
/// struct Names: TableQuerySource {
///     let names: [String]
///
///     func identifiers(
///         for query: TableQuery, firstChunk: Int, deliver: @Sendable ([Int]) async -> Void
///     ) async throws {
///         let fuzzy = query.fuzzyQuery
///         var chunk: [Int] = []
///         for (index, name) in names.enumerated() {
///             if index % 16_384 == 0 { try Task.checkCancellation() }
///             guard fuzzy.isEmpty || fuzzy.matches(name) else { continue }
///             chunk.append(index)
///             if chunk.count == firstChunk {
///                 await deliver(chunk)
///                 chunk = []
///             }
///         }
///         if !chunk.isEmpty { await deliver(chunk) }
///     }
/// }
/// ```
public protocol TableQuerySource<ItemIdentifier>: Sendable {
    /// What identifies an item: unique among the source's items and stable while it has them.
    associatedtype ItemIdentifier: Hashable & Sendable

    /// Delivers, off the main actor, the identifiers of the items that match `query`, in its order, in chunks (the
    /// first of about `firstChunk`), until done or cancelled.
    func identifiers(
        for query: TableQuery, firstChunk: Int, deliver: @Sendable ([ItemIdentifier]) async -> Void
    ) async throws
}
