import TermTableCore
import TermTableLayout

/// What a diffable data source keeps while a filter hides items: the whole snapshot, the hidden marks, where the
/// cursor was, and the last query's hits (a longer query searches only those).
@MainActor
@usableFromInline
final class TableFilterState<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// The snapshot the app applied: every item, filtered or not.
    var full: TableSnapshot<SectionIdentifier, ItemIdentifier>
    /// The filter's rules (hidden marks, the cursor saved and restored), shared with ``TableQueryController``.
    var rules: TableFilterRules<ItemIdentifier>
    /// The fuzzy query in force (nil: a predicate, or none yet).
    var query: FuzzyQuery?
    /// The predicate in force (nil: the query).
    var predicate: ((ItemIdentifier) -> Bool)?
    /// The items of `full`, flattened, their sections (indices), and their texts; gathered when a query first
    /// needs them (and kept by the data source until the next snapshot).
    var texts: TableFilterTexts<ItemIdentifier>?
    /// The last complete query and its hits (indices in `flat`, ascending), for narrowing.
    var lastQuery: FuzzyQuery?
    var lastHits: [Int32]?
    /// Items that a snapshot applied while filtering added after the last item before it (rows appended to the
    /// data): those the filter shows after the rows shown before count as appended for ``TableView/followsEnd``
    /// when the filter next shows a complete result.
    var appended: Set<ItemIdentifier> = []
    /// The matching in flight, and a counter that tells a stale result from the current one.
    var task: Task<Void, Never>?
    var generation = 0

    init(full: TableSnapshot<SectionIdentifier, ItemIdentifier>, rules: TableFilterRules<ItemIdentifier>) {
        self.full = full
        self.rules = rules
    }

    /// Forgets everything made from `full` (it changed).
    func invalidateCorpus() {
        texts = nil
        lastQuery = nil
        lastHits = nil
    }
}

/// The unfiltered items in order, the section of each, and their texts in one ``/TermTableCore/FuzzyCorpus``.
@usableFromInline
final class TableFilterTexts<ItemIdentifier: Hashable> {
    let flat: [ItemIdentifier]
    let sectionOfFlat: [Int32]
    let corpus: FuzzyCorpus

    init(flat: [ItemIdentifier], sectionOfFlat: [Int32], corpus: FuzzyCorpus) {
        self.flat = flat
        self.sectionOfFlat = sectionOfFlat
        self.corpus = corpus
    }
}
