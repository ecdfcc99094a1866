import TermTableCore
import TermTableLayout

/// What a table has learnt about its items from the data source and the delegate since the last reload.
///
/// **Owns** the items' heights (``heights``, and by global row in the ``ledger`` when an estimate is set), whether each row can take the cursor (``selectable``),
/// the sections whose header cell is not measured yet (``lazyHeaders``) with a count of late header
/// measurements (``lazyHeaderMeasurements``), and the rows whose cells show old content (``staleItems``).
///
/// **Invariants**: a remembered height or selectability is the answer the data source or delegate would
/// give now; each dictionary holds at most ``limit`` items once a layout pass has begun
/// (``trimToLimit()``); a stale item's cell is never kept on screen nor used to measure it.
///
/// **Reset by**: a reload (``forgetAll()``: heights and selectability; the lazy headers are listed again
/// by the metrics load), `reloadRows` (``forget(_:)``: that row's height and selectability, and its cell
/// is stale), a size or `rowHeight` change (``forgetHeights()``), the next layout pass (stale items,
/// once their cells are replaced). The ledger is reset with the heights, forgets a reloaded row, and is
/// never trimmed (``trimToLimit()`` keeps it): the thumb needs every height measured since the reset.
@MainActor
final class ItemMeasurements {
    /// How many items' heights and selectability the table remembers before it starts over: many screens'
    /// worth, so only a long scroll measures a row again. At 4,096 the two dictionaries were 0.4 MiB of
    /// `scroll-bench`'s peak (heaptrack), with 40 rows on screen.
    static let limit = 1024

    /// The heights measured so far.
    let heights = ItemHeightCache()
    /// Whether each row measured so far can take the cursor.
    var selectable: [TableItem: Bool] {
        get { storedSelectable }
        _modify { yield &storedSelectable }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // looked up for every row the cursor passes or skips
    #endif
    private var storedSelectable: [TableItem: Bool] = [:]
    /// Sections whose header cell has not been measured since the last reload.
    var lazyHeaders: Set<Int> {
        get { storedLazyHeaders }
        _modify { yield &storedLazyHeaders }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // looked up for every section header placed, every frame
    #endif
    private var storedLazyHeaders: Set<Int> = []
    /// The rows' heights measured since the last reload or resize, by global row, for the scroll indicator
    /// when ``estimatedRowHeight`` is set (kept while it is nil: empty). Never trimmed with ``heights``.
    var ledger = RowHeightLedger()
    /// The table's ``TableView/estimatedRowHeight`` (at least 1 when set).
    var estimatedRowHeight: Int?
    /// How many header cells were measured late, so a layout pass knows its metrics changed under it.
    var lazyHeaderMeasurements = 0
    /// Rows reloaded since the last layout pass: their cells on screen show old content.
    var staleItems: Set<TableItem> {
        get { storedStaleItems }
        _modify { yield &storedStaleItems }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // looked up for every item placed, every frame
    #endif
    private var storedStaleItems: Set<TableItem> = []

    /// Rows whose stale cells this layout pass sent back to their queues before measuring them again
    /// (``TableView/recycleStaleCells()``): the cell made to measure one is the cell it shows. Emptied by the
    /// pass's end.
    var replacedItems: Set<TableItem> = []

    /// Nothing measured.
    init() {}

    /// True when `item`'s cell on screen shows old content.
    func isStale(_ item: TableItem) -> Bool {
        !staleItems.isEmpty && staleItems.contains(item)
    }

    /// Forgets heights and selectability (a reload: counts and content may all have changed).
    func forgetAll() {
        heights.removeAll(keepingCapacity: true)
        ledger.reset(rowCount: ledger.rowCount)
        selectable.removeAll(keepingCapacity: true)
    }

    /// Forgets one row's height (in the ledger too, at its global row) and selectability, and marks its cell
    /// stale (`reloadRows`) when one is shown or kept measured (`cellShown`): a row with no cell has none to
    /// replace, so a row answered off screen costs no insert into the stale set (and the next pass no look-up).
    func forget(_ item: TableItem, globalRow: Int, cellShown: Bool = true) {
        if cellShown { staleItems.insert(item) }
        ledger.forget(row: globalRow)
        heights.removeValue(forKey: item)
        selectable.removeValue(forKey: item)
    }

    /// Forgets every height (the width or the fixed row height changed).
    func forgetHeights() {
        heights.removeAll(keepingCapacity: true)
        ledger.reset(rowCount: ledger.rowCount)
    }

    /// Starts over when either dictionary outgrew ``limit`` (at the start of a layout pass).
    func trimToLimit() {
        if heights.count > Self.limit { heights.removeAll(keepingCapacity: true) }
        if selectable.count > Self.limit { selectable.removeAll(keepingCapacity: true) }
    }
}
