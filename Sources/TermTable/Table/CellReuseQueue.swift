import TermTableCore
import TermTableLayout

/// The cells a table is not showing: its registrations, its reuse queues and the few cells kept from measuring.
///
/// **Owns** the registered templates and cell classes (configuration, shared with a copy of the table),
/// one queue of waiting cells per identifier (``pools``), the most items ever on screen at once
/// (``highWater``), the cells made to measure rows that are not on screen (``measuredCells``) and the
/// ``statistics`` of cells made and reused.
///
/// **Invariants**: a cell is in at most one of: on screen (the table's `onScreen`), a queue, the measured
/// cells; a queue holds only cells of a registered identifier (or the header titles'), at most
/// `max(8, highWater + 4)` of them; at most ``measuredCellLimit`` measured cells are kept (and, within a
/// layout pass, a held one for each row whose cell on screen it replaces), and none survives a layout pass (``returnMeasuredCells()``). Cells ever made stay within the most rows on screen
/// at once plus a small constant, however far one scrolls.
///
/// **Reset by**: nothing clears the queues or the statistics (they survive reloads and resizes, so a
/// screenful is not made again); the table's `reconcileCells` and `recycleAll` (reload) return the measured
/// cells; registering an identifier replaces its template or class, not its queue.
@MainActor
final class CellReuseQueue {
    /// The identifier of the cells that show section titles (not registered, but queued).
    static let headerTitleIdentifier = "termtable.header-title"
    /// The queue of the table's own placeholder cells (rows not available yet, no placeholder identifier named).
    static let placeholderIdentifier = "termtable.placeholder"
    /// How many measured cells are kept: rows measured far off screen (a page, a jump to the end) cycle
    /// through these instead of making one cell per row.
    static let measuredCellLimit = 2

    /// The templates registered, by identifier (factories whose prototypes are never handed out).
    private(set) var templates: [String: CellTemplate] = [:]
    /// The cell classes registered, by identifier.
    private(set) var cellClasses: [String: TableViewCell.Type] = [:]
    /// The cells waiting for reuse, by identifier.
    var pools: [String: [TableViewCell]] {
        get { storedPools }
        _modify { yield &storedPools }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // every cell that scrolls in or out goes through it
    #endif
    private var storedPools: [String: [TableViewCell]] = [:]
    /// The most items ever on screen at once: queues keep that many cells (plus a few).
    private(set) var highWater = 0
    /// The last cells made to measure rows, oldest first: at most ``measuredCellLimit``.
    private(set) var measuredCells: [(item: TableItem, cell: TableViewCell)] {
        get { storedMeasuredCells }
        _modify { yield &storedMeasuredCells }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // searched for every row measured that is not on screen
    #endif
    private var storedMeasuredCells: [(item: TableItem, cell: TableViewCell)] = []
    /// Cells made in a layout pass to measure rows whose cell on screen was replaced (reconfigured, its old cell
    /// back in its queue first): kept past ``measuredCellLimit`` until the pass places them, so such a row is
    /// asked of the data source once, not once to measure and again to show. At most the rows that were on screen.
    private var heldCells: [(item: TableItem, cell: TableViewCell)] = []
    /// Counters of cells made, reused and cloned.
    var statistics = ReuseStatistics()

    /// An empty queue with nothing registered.
    init() {}

    /// A queue with `other`'s registrations (the same templates), and no cells.
    init(copying other: CellReuseQueue) {
        templates = other.templates
        cellClasses = other.cellClasses
    }

    // MARK: Registrations

    /// Registers a template for `identifier`, replacing a class registered for it.
    func register(template: CellTemplate, forIdentifier identifier: String) {
        templates[identifier] = template
        cellClasses[identifier] = nil
    }

    /// Registers a cell class for `identifier`, replacing a template registered for it.
    func register(_ cellClass: TableViewCell.Type, forIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
        templates[identifier] = nil
    }

    /// The identifiers registered, sorted.
    var registeredIdentifiers: [String] {
        (Array(templates.keys) + Array(cellClasses.keys)).sorted()
    }

    // MARK: Queues

    /// A recycled or fresh cell of `identifier`; a fresh cell from a template is copied as `cellClass`.
    ///
    /// `preferred`, when queued, is the one recycled (the cell a row had before rows moved in the data).
    func dequeue(
        _ identifier: String, copyingTemplateAs cellClass: TableViewCell.Type,
        preferring preferred: ObjectIdentifier? = nil
    ) throws -> TableViewCell {
        if let cell = takeQueued(identifier, preferring: preferred) {
            statistics.cellsReused += 1
            cell.prepareForReuse()
            return cell
        }
        if let template = templates[identifier] {
            statistics.cellsCreated += 1
            statistics.cellsCloned += 1
            let cell = template.instantiate(as: cellClass)
            cell.reuseIdentifier = identifier
            return cell
        }
        if let cellClass = cellClasses[identifier] {
            statistics.cellsCreated += 1
            return cellClass.init(reuseIdentifier: identifier)
        }
        let registered = registeredIdentifiers
        throw TableViewError.unregisteredIdentifier(
            identifier, registered: registered, suggestion: LayoutIdentifiers.nearest(to: identifier, in: registered))
    }

    /// Takes a cell out of `identifier`'s queue: `preferred` when it is there, else the last one queued. The queue is
    /// changed in place (`pools[identifier]?.…`): a copy taken out of the dictionary and put back (`if var pool =
    /// pools[identifier]`) copied every queued cell on every dequeue, the dictionary still holding the array.
    private func takeQueued(_ identifier: String, preferring preferred: ObjectIdentifier? = nil) -> TableViewCell? {
        if let preferred,
            let index = pools[identifier]?.lastIndex(where: { ObjectIdentifier($0) == preferred })
        {
            return pools[identifier]?.remove(at: index)
        }
        return pools[identifier]?.popLast()
    }

    /// Puts a cell in its queue for reuse (cells not made for a registered identifier are dropped).
    func enqueue(_ cell: TableViewCell) {
        cell.removeFromSuperview()
        guard let identifier = cell.reuseIdentifier,
            templates[identifier] != nil || cellClasses[identifier] != nil
                || identifier == Self.headerTitleIdentifier || identifier == Self.placeholderIdentifier
        else { return }
        // A data source that makes its own cells instead of dequeuing would grow the queue
        // without end; keep at most the largest screenful seen (plus a few) per identifier,
        // so a view that shrinks and grows back does not make its cells again.
        let limit = max(8, highWater + 4)
        if pools[identifier, default: []].count < limit { pools[identifier, default: []].append(cell) }
    }

    /// The cells waiting in the queue of `identifier`.
    func queuedCellCount(forIdentifier identifier: String) -> Int {
        pools[identifier]?.count ?? 0
    }

    /// A cell for a title header: a queued one, or a new unselectable ``BasicCell``.
    func dequeueHeaderTitleCell() -> BasicCell {
        if pools[Self.headerTitleIdentifier]?.last is BasicCell,
            let cell = pools[Self.headerTitleIdentifier]?.popLast() as? BasicCell
        {
            cell.prepareForReuse()
            return cell
        }
        let cell = BasicCell(reuseIdentifier: Self.headerTitleIdentifier)
        cell.isSelectable = false
        cell.selectionStyle = .none
        return cell
    }

    /// A placeholder for a row not available yet: a queued one, or a new ``BasicCell`` showing a dim `…`.
    func dequeuePlaceholderCell() -> TableViewCell {
        if let cell = takeQueued(Self.placeholderIdentifier) {
            cell.prepareForReuse()
            statistics.cellsReused += 1
            return cell
        }
        let cell = BasicCell(reuseIdentifier: Self.placeholderIdentifier)
        cell.textLabel.text = "…"
        cell.textLabel.textStyle = Style(role: .dim)
        statistics.cellsCreated += 1
        return cell
    }

    /// Records that `count` items are on screen at once (raises ``highWater``).
    func noteOnScreen(_ count: Int) {
        highWater = max(highWater, count)
    }

    /// Counts a cell made by copying one the data source handed out twice.
    func noteCellCopied() {
        statistics.cellsCreated += 1
    }

    /// Counts a request to the data source for a row's cell.
    func noteCellRequested() {
        statistics.cellRequests += 1
    }

    // MARK: Measured cells

    /// The measured cell kept for `item`, nil when none is.
    func measuredCell(for item: TableItem) -> TableViewCell? {
        if let index = measuredCells.firstIndex(where: { $0.item == item }) { return measuredCells[index].cell }
        guard !heldCells.isEmpty, let index = heldCells.firstIndex(where: { $0.item == item }) else { return nil }
        return heldCells[index].cell
    }

    /// Sends the oldest measured cell back to its queue when ``measuredCellLimit`` are kept, before the data
    /// source is asked for another: the new row or header can then reuse it instead of a new cell being made.
    func makeRoomForAMeasuredCell() {
        if measuredCells.count >= Self.measuredCellLimit { enqueue(measuredCells.removeFirst().cell) }
    }

    /// Keeps `cell`, made to measure `item` (call ``makeRoomForAMeasuredCell()`` before making it); `held`: a
    /// row whose replaced cell went back to its queue this pass, kept past the limit until the pass places it.
    func keepMeasuredCell(_ cell: TableViewCell, for item: TableItem, held: Bool = false) {
        if held {
            heldCells.append((item, cell))
        } else {
            measuredCells.append((item, cell))
        }
    }

    /// Takes the measured cell of an item, if one is kept.
    func takeMeasuredCell(for item: TableItem) -> TableViewCell? {
        if let index = measuredCells.firstIndex(where: { $0.item == item }) {
            return measuredCells.remove(at: index).cell
        }
        guard !heldCells.isEmpty, let index = heldCells.firstIndex(where: { $0.item == item }) else { return nil }
        return heldCells.remove(at: index).cell
    }

    /// Sends every measured cell back to its queue (at the end of a layout pass, and on reload).
    func returnMeasuredCells(keepingCapacity: Bool = false) {
        for (_, cell) in measuredCells { enqueue(cell) }
        measuredCells.removeAll(keepingCapacity: keepingCapacity)
        for (_, cell) in heldCells { enqueue(cell) }
        heldCells.removeAll(keepingCapacity: keepingCapacity)
    }
}
