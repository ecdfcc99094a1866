import TermTableCore

/// A data source driven by snapshots of identifiers: marks, the cursor and its screen line follow items, not positions.
///
/// UIKit's `UITableViewDiffableDataSource` in the terminal. Give it the table
/// and a closure that makes the cell for an item; then ``apply(_:keepingCursorLine:)``
/// a ``TableSnapshot`` whenever the data changes. Applying works out where
/// every item went: the cursor stays on its item (on the same screen line),
/// marks stay on their items, and the delegate hears
/// ``TableViewDelegate/tableView(_:didDeselectRowAt:)`` for marks whose items
/// are gone (with the index path they had, while ``itemIdentifier(for:)``
/// still answers for it). A re-sort can never move a mark to another item.
///
/// ```swift
/// let dataSource = TableViewDiffableDataSource<String, Int32>(tableView: table) { table, indexPath, pid in
///     let cell = table.dequeueReusableCell(withIdentifier: "proc", for: indexPath)
///     cell.viewWithTag(1, as: Label.self)?.text = processes[pid]?.command
///     return cell
/// }
/// dataSource.apply(snapshot)
/// let marked = dataSource.selectedItemIdentifiers   // the marked processes, by pid
/// ```
///
/// The table keeps this data source alive (unlike a plain ``TableViewDataSource``,
/// which it holds weakly, as UIKit does). Applying costs O(items) time and
/// memory: a million items take a fraction of a second.
@MainActor
public final class TableViewDiffableDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
    TableViewDataSource
{
    /// Makes the cell for an item.
    public typealias CellProvider = @MainActor (TableView, IndexPath, ItemIdentifier) -> TableViewCell

    /// The table shown (held weakly: the table owns its diffable data source).
    public internal(set) weak var tableView: TableView?
    @usableFromInline let cellProvider: CellProvider
    /// An item's text in a column, for a data source made with `columnText` (nil: made with a cell provider).
    var columnText: (@MainActor (ItemIdentifier, TableColumn) -> StyledText)?
    @usableFromInline var current = TableSnapshot<SectionIdentifier, ItemIdentifier>()
    @usableFromInline var index: [ItemIdentifier: ItemPosition] = [:]

    /// A title for each section's header (nil: no title).
    public var titleProvider: (@MainActor (TableView, Int, SectionIdentifier) -> String?)?
    /// A header cell for each section (nil: none, or the title's).
    public var headerProvider: (@MainActor (TableView, Int, SectionIdentifier) -> TableViewCell?)?
    /// The text each item is found by with ``setFilter(query:)`` (nil: only predicates filter); asked once per
    /// item per applied snapshot, when a query first needs it.
    public var filterText: (@MainActor (ItemIdentifier) -> String)? {
        didSet { filterTexts = nil }
    }
    /// The text each item is found by in a column: in a table whose cursor has a column (cell or column
    /// ``TableView/cursorShape``), ``setFilter(query:)`` matches the cursor's column by it, else ``filterText``.
    /// The column is the cursor's when the query is set (moving the cursor does not filter again).
    public var columnFilterText: (@MainActor (ItemIdentifier, TableColumn) -> String)? {
        didSet { filterTexts = nil }
    }
    /// The identifier of the column ``filterTexts`` were asked for (nil: ``filterText``'s).
    var filterTextsColumn: String?
    /// The order of a query's matches: best first (the default) or the items' own.
    public var filterOrder: TableFilterOrder = .score
    /// Where matching and sorting run (nil: the global concurrent executor); a ``WorkerPool`` keeps libdispatch's
    /// pool asleep.
    public var filterExecutor: (any TaskExecutor)?
    /// The value of an item in a column, for sorting (nil: the items stay in the order applied).
    ///
    /// Set it and the data source keeps its items in the table's ``TableView/sortDescriptors`` order: every
    /// apply sorts each section (stable, so equal items keep the order applied), inserted items land in place,
    /// an item whose key changed moves, and the cursor and the marks stay on their items. Above
    /// ``sortOffMainActorThreshold`` items the keys are read on the main actor and sorted off it (on
    /// ``filterExecutor``, in parallel), the rows the view shows first: see ``apply(_:keepingCursorLine:)``.
    public var sortKey: (@MainActor (ItemIdentifier, _ column: String) -> TableSortKey)? {
        didSet { resortIfNeeded() }
    }
    /// Past this many items a sort runs off the main actor, the rows on screen shown first (default 20,000).
    public var sortOffMainActorThreshold = 20_000
    /// The sort in flight off the main actor.
    @usableFromInline let sorting = TableSortTask()
    /// The snapshot the sort in flight sorts (shown meanwhile as its first screen): a re-sort starts from it, so
    /// equal items keep the order applied.
    @usableFromInline var sortBase: TableSnapshot<SectionIdentifier, ItemIdentifier>?
    /// The filter in force (nil: every item shows).
    @usableFromInline var filter: TableFilterState<SectionIdentifier, ItemIdentifier>?
    /// The items' texts gathered for the last query, kept across filters until a snapshot is applied.
    @usableFromInline var filterTexts: TableFilterTexts<ItemIdentifier>?

    /// Creates the data source, makes it the table's data source and lets the table keep it.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.ownedDataSource = self
        tableView.dataSource = self
    }

    /// The snapshot shown: while a filter is in force, only the items it shows. To edit the data, start from
    /// ``unfilteredSnapshot`` (applying an edited filtered snapshot would make the hidden items go).
    public func snapshot() -> TableSnapshot<SectionIdentifier, ItemIdentifier> { current }

    /// The item at `indexPath`, nil when there is none.
    @inlinable
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
        guard indexPath.section >= 0, indexPath.section < current.itemsBySection.count else { return nil }
        let items = current.itemsBySection[indexPath.section]
        return indexPath.row >= 0 && indexPath.row < items.count ? items[indexPath.row] : nil
    }

    /// Where `item` is, nil when it is not in the snapshot.
    public func indexPath(for item: ItemIdentifier) -> IndexPath? { index[item]?.indexPath }

    /// The section at `index`.
    public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
        index >= 0 && index < current.sectionIdentifiers.count ? current.sectionIdentifiers[index] : nil
    }

    /// The marked items the table shows (its selection), in table order; ``hiddenSelectedItemIdentifiers`` are the
    /// marked items a filter hides.
    public var selectedItemIdentifiers: [ItemIdentifier] {
        (tableView?.indexPathsForSelectedRows ?? []).compactMap(itemIdentifier(for:))
    }

    /// The item under the cursor.
    public var cursorItemIdentifier: ItemIdentifier? { tableView?.state.cursor.flatMap(itemIdentifier(for:)) }

    /// Shows `snapshot` (inlinable, so it is specialised for the app's identifier types): the cursor, the marks and (with `keepingCursorLine`) the cursor's screen line follow their items.
    ///
    /// A cursor whose item is gone moves to the next item of the old order
    /// that is still there, else the one before. Every visible cell is asked
    /// for again, so changed content shows.
    ///
    /// While a filter is in force the snapshot replaces the unfiltered one and the
    /// filter runs on it again (see ``setFilter(query:)``).
    ///
    /// With a ``sortKey`` and ``TableView/sortDescriptors``, each section is sorted first (stable). Past
    /// ``sortOffMainActorThreshold`` items the keys are read here and the rows the view shows are picked at once
    /// (a selection, not a sort): they show in their final places, the other rows in the order applied, until
    /// the sort, run off the main actor, shows the complete order. A sort still running is cancelled by the next
    /// apply or sort; the snapshot applied last is the one shown.
    @inlinable
    public func apply(_ snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, keepingCursorLine: Bool = true) {
        if sortKey != nil {
            if sorting.resort == nil {
                sorting.resort = { [weak self] in
                    guard let self else { return }
                    self.applySorting(self.sortBase ?? self.unfilteredSnapshot, keepingCursorLine: true)
                }
            }
            applySorting(snapshot, keepingCursorLine: keepingCursorLine)
        } else {
            applyInOrder(snapshot, keepingCursorLine: keepingCursorLine)
        }
    }

    /// Shows `snapshot` in its own order (``apply(_:keepingCursorLine:)`` once sorted).
    @inlinable
    func applyInOrder(_ snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, keepingCursorLine: Bool) {
        filterTexts = nil
        if filter != nil {
            applyUnderFilter(snapshot, keepingCursorLine: keepingCursorLine)
            return
        }
        let (newIndex, duplicates) = snapshot.makeIndex()
        if let duplicate = duplicates.first {
            TerminalGuard.fail(
                "TableViewDiffableDataSource.apply: the item \(duplicate) appears twice in the snapshot; identifiers must be unique"
            )
        }
        guard let tableView else {
            current = snapshot
            index = newIndex
            return
        }
        tableView.layoutIfNeeded()
        let line = keepingCursorLine ? tableView.cursorLine : nil
        // Marks whose items are gone: the delegate hears it while the old rows still answer.
        let marks = marksFollowed(to: newIndex) { indexPath, _ in
            tableView.delegate?.tableView(tableView, didDeselectRowAt: indexPath)
        }
        write(
            snapshot, index: newIndex, into: tableView, cursor: cursorFollowed(to: newIndex), marks: marks,
            cursorLine: line, appended: itemsAppended(in: snapshot, newIndex: newIndex), movingRows: true)
    }

    /// The one path that writes a snapshot into the table (``apply(_:keepingCursorLine:)`` and the filter's
    /// `present`): tells the table of the `appended` rows (for ``TableView/followsEnd``), of the rows on screen
    /// followed to their new places when `movingRows` (one that shows what it showed on its line is neither
    /// scrolled nor drawn again), then shows `snapshot` with `cursor` and `marks`, the cursor's row on
    /// `cursorLine` when given.
    @inlinable
    func write(
        _ snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, index newIndex: [ItemIdentifier: ItemPosition],
        into tableView: TableView, cursor: IndexPath?, marks: Set<IndexPath>, cursorLine: Int?, appended: Int,
        movingRows: Bool
    ) {
        tableView.noteRowsToAppend(appended)
        if movingRows {
            let sectionsKept = current.sectionIdentifiers == snapshot.sectionIdentifiers
            tableView.rowsMoved(keepingHeaders: sectionsKept) { indexPath in
                itemIdentifier(for: indexPath).flatMap { newIndex[$0]?.indexPath }
            }
        }
        current = snapshot
        index = newIndex
        tableView.reload(cursor: cursor, selected: marks, cursorLine: cursorLine)
    }

    /// Where the cursor's item is in `newIndex`; when it is gone, the nearest item of the old order still
    /// there (see ``nearestSurvivor(of:in:)``); nil without a cursor.
    @inlinable
    func cursorFollowed(to newIndex: [ItemIdentifier: ItemPosition]) -> IndexPath? {
        guard let old = tableView?.state.cursor, let item = itemIdentifier(for: old) else { return nil }
        return newIndex[item]?.indexPath ?? nearestSurvivor(of: old, in: newIndex)
    }

    /// Where the marked items are in `newIndex`; `gone` hears each mark whose item it leaves out (in row order).
    @inlinable
    func marksFollowed(
        to newIndex: [ItemIdentifier: ItemPosition], gone: (IndexPath, ItemIdentifier) -> Void
    ) -> Set<IndexPath> {
        var marks = Set<IndexPath>()
        for indexPath in (tableView?.state.selected ?? []).sorted() {
            guard let item = itemIdentifier(for: indexPath) else { continue }
            if let moved = newIndex[item] {
                marks.insert(moved.indexPath)
            } else {
                gone(indexPath, item)
            }
        }
        return marks
    }

    /// The items of `snapshot` that are new and placed after the current last item (appended, for
    /// ``TableView/followsEnd``): none when that item is gone, all when there was none.
    @inlinable
    func itemsAppended(
        in snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, newIndex: [ItemIdentifier: ItemPosition]
    ) -> Int {
        guard let last = current.itemsBySection.last(where: { !$0.isEmpty })?.last else {
            return snapshot.itemsBySection.reduce(0) { $0 + $1.count }
        }
        guard let position = newIndex[last]?.indexPath else { return 0 }
        var appended = 0
        var row = position.row + 1
        for section in position.section..<snapshot.itemsBySection.count {
            let items = snapshot.itemsBySection[section]
            while row < items.count {
                if index[items[row]] == nil { appended += 1 }
                row += 1
            }
            row = 0
        }
        return appended
    }

    /// The item nearest after `indexPath` in the old order that is still there (else before), where it is now.
    @inlinable
    func nearestSurvivor(of indexPath: IndexPath, in newIndex: [ItemIdentifier: ItemPosition]) -> IndexPath? {
        let sections = current.itemsBySection
        var section = indexPath.section
        var row = indexPath.row + 1
        while section < sections.count {
            while row < sections[section].count {
                if let found = newIndex[sections[section][row]] { return found.indexPath }
                row += 1
            }
            section += 1
            row = 0
        }
        section = indexPath.section
        row = indexPath.row - 1
        while section >= 0 {
            while row >= 0 {
                if let found = newIndex[sections[section][row]] { return found.indexPath }
                row -= 1
            }
            section -= 1
            if section >= 0 { row = sections[section].count - 1 }
        }
        return nil
    }

    // MARK: TableViewDataSource

    /// The snapshot's sections.
    public func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    /// The items of a section.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section < current.itemsBySection.count ? current.itemsBySection[section].count : 0
    }

    /// The cell provider's cell for the item at `indexPath`.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = itemIdentifier(for: indexPath) else { return TableViewCell(reuseIdentifier: nil) }
        return cellProvider(tableView, indexPath, item)
    }

    /// The title provider's title.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        guard let titleProvider, let id = sectionIdentifier(for: section) else { return nil }
        return titleProvider(tableView, section, id)
    }

    /// The header provider's cell.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell? {
        guard let headerProvider, let id = sectionIdentifier(for: section) else { return nil }
        return headerProvider(tableView, section, id)
    }
}
