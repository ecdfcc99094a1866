import TermTableCore

/// The rules every filter of the toolkit keeps, whatever shows its rows: ``TableQueryController`` (a source's
/// matches) and ``TableViewDiffableDataSource``'s in-memory filter each keep one, so the rules are written once.
///
/// - Marks on items the filter hides are kept, counted and marked again when
///   they show (``hiddenMarks``, ``marks(for:at:)``, ``reveal(_:from:)``).
/// - When the filter begins, the cursor's item, its screen line and the item
///   at the top of the view are saved; clearing puts them back unless the user
///   moved the cursor since the filter last chose where it goes, and then the
///   cursor stays on its item, on its line (``restoration(cursor:line:)``). Rows
///   shown with the cursor kept on its item (a sort, data applied) choose
///   nothing: a move the user made before them stays a move (``followed(from:to:)``).
/// - A sort keeps the cursor on its item, on its screen line where it can
///   (``keptCursor``: the controller's, whose sorted rows come in chunks; the
///   diffable data source's sort re-applies its snapshot, which keeps the cursor
///   on its item by itself).
struct TableFilterRules<ItemIdentifier: Hashable> {
    /// Marked items the filter hides: kept, counted, marked again when they show.
    var hiddenMarks: Set<ItemIdentifier> = []
    /// Before the filter began: the cursor's item and screen line, and the item at the top of the view (the scroll
    /// place when the cursor was off screen).
    var savedCursor: ItemIdentifier?
    var savedLine: Int?
    var savedTop: ItemIdentifier?
    /// The cursor's item when the filter last placed it: another one when clearing means the user moved.
    var placedCursor: ItemIdentifier?
    /// True when the user had moved the cursor from where the filter chose to put it before rows shown since kept it
    /// on its item (``followed(from:to:)``): clearing keeps it where it is.
    var userMovedCursor = false
    /// The item (and its screen line) a sort keeps the cursor on, until the rows shown hold it or the user moves.
    var keptCursor: (item: ItemIdentifier, line: Int?)?

    /// No filter began: nothing saved.
    init() {}

    /// Rules for a filter beginning on `tableView`, whose rows `item` names: the cursor's item and line, and the
    /// item at the top of the view, saved.
    @MainActor
    init(tableView: TableView?, item: (IndexPath) -> ItemIdentifier?) {
        guard let tableView else { return }
        tableView.layoutIfNeeded()
        savedCursor = tableView.indexPathForSelectedRow.flatMap(item)
        savedLine = tableView.cursorLine
        savedTop = tableView.topItem.flatMap { $0.isHeader ? nil : $0.indexPath }.flatMap(item)
        placedCursor = savedCursor
    }

    /// Where clearing puts the cursor, given its item and line now: the saved item, line and top item unless the
    /// user moved it since the filter placed it; then where it is (its item, on its line).
    func restoration(cursor: ItemIdentifier?, line: Int?) -> (item: ItemIdentifier?, line: Int?, top: ItemIdentifier?) {
        userMoved(cursor: cursor) ? (cursor, line, nil) : (savedCursor, savedLine, savedTop)
    }

    /// True when the user moved the cursor (now on `cursor`) from where the filter last chose to put it.
    func userMoved(cursor: ItemIdentifier?) -> Bool { userMovedCursor || cursor != placedCursor }

    /// The filter chose where the cursor goes (a query's first or last match): clearing puts it back as saved unless
    /// the user moves it from `cursor`.
    mutating func placed(_ cursor: ItemIdentifier?) {
        placedCursor = cursor
        userMovedCursor = false
    }

    /// Rows were shown with the cursor kept on its item (a sort, a snapshot applied), `before` its item before them:
    /// a move the user had made stays a move.
    mutating func followed(from before: ItemIdentifier?, to cursor: ItemIdentifier?) {
        if before != placedCursor { userMovedCursor = true }
        placedCursor = cursor
    }

    /// The positions to mark in a new set of rows: those of `marked` (the marks on the rows shown now) and of the
    /// hidden marks that `position` finds; the others are the hidden marks now.
    mutating func marks<Position>(
        for marked: some Sequence<ItemIdentifier>, at position: (ItemIdentifier) -> Position?
    ) -> [Position] {
        var all = hiddenMarks
        all.formUnion(marked)
        hiddenMarks = []
        var result: [Position] = []
        for item in all {
            if let at = position(item) { result.append(at) } else { hiddenMarks.insert(item) }
        }
        return result
    }

    /// The rows (`start` and on) of `rows` now shown that hold hidden marks: marked again, no longer hidden.
    mutating func reveal(_ rows: some Sequence<ItemIdentifier>, from start: Int) -> [Int] {
        guard !hiddenMarks.isEmpty else { return [] }
        var result: [Int] = []
        for (offset, item) in rows.enumerated() where hiddenMarks.remove(item) != nil {
            result.append(start + offset)
            if hiddenMarks.isEmpty { break }
        }
        return result
    }

    /// Where the kept cursor's item is among `rows` (the first at `start`), nil when not there; the item is no
    /// longer kept once found, or once the user `moved` the cursor from where the filter placed it.
    mutating func keptCursorRow(in rows: some Sequence<ItemIdentifier>, from start: Int, moved: Bool)
        -> (row: Int, line: Int?)?
    {
        guard let kept = keptCursor else { return nil }
        guard !moved else {
            keptCursor = nil
            return nil
        }
        for (offset, item) in rows.enumerated() where item == kept.item {
            keptCursor = nil
            return (start + offset, kept.line)
        }
        return nil
    }

    /// The marks in words for a status line: "3 marked, 1 hidden", "3 marked", or "" when none.
    static func summary(_ counts: (marked: Int, hidden: Int)) -> String {
        guard counts.marked > 0 else { return "" }
        return counts.hidden > 0 ? "\(counts.marked) marked, \(counts.hidden) hidden" : "\(counts.marked) marked"
    }
}
