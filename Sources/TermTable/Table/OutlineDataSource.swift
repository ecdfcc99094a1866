import TermTableCore

/// A data source that shows a tree (an ``OutlineSnapshot``) as the flat list of its visible items, one row each:
/// `NSOutlineView`'s data in a ``TableView``.
///
/// Expanding or collapsing a node touches only that node's rows: the tree is never flattened, and finding the row
/// of an item or the item of a row costs O(depth × log fan-out), so a table of a million nodes scrolls, expands and
/// collapses as fast as a flat one. Through every change (``expand(_:)``, ``collapse(_:)``, ``apply(_:keepingCursorLine:)``,
/// ``update(keepingCursorLine:_:)``) the cursor, the marks and the cursor's screen line stay on their items:
/// - a cursor whose item is hidden by a collapse moves to the nearest visible ancestor;
/// - a cursor whose item is deleted stays on its row (the next item of the old order), else the last row;
/// - marked items that are hidden stay marked, and show marked again when revealed; marks of deleted items go,
///   the delegate hearing ``TableViewDelegate/tableView(_:didDeselectRowAt:)`` with the row they had, for which
///   ``itemIdentifier(for:)`` still answers the gone item during the call.
///
/// ```swift
/// let dataSource = OutlineDataSource<String>(tableView: table) { table, indexPath, path in
///     let cell = table.dequeueReusableCell(withIdentifier: "file", for: indexPath)
///     cell.viewWithTag(1, as: Label.self)?.text = path
///     return cell
/// }
/// var tree = OutlineSnapshot<String>()
/// tree.append(["src"])
/// tree.append(["src/main.swift"], to: "src")
/// dataSource.apply(tree)
/// dataSource.expand("src")
/// ```
///
/// The table keeps this data source alive, as it keeps a ``TableViewDiffableDataSource``. The table has one
/// section; ``level(of:)`` gives the indentation of a row's item.
@MainActor
public final class OutlineDataSource<ItemIdentifier: Hashable & Sendable>: TableViewDataSource {
    /// Makes the cell for an item.
    public typealias CellProvider = @MainActor (TableView, IndexPath, ItemIdentifier) -> TableViewCell

    /// The table shown (held weakly: the table owns this data source).
    public internal(set) weak var tableView: TableView?
    let cellProvider: CellProvider
    var tree = OutlineSnapshot<ItemIdentifier>()
    /// Marked items a collapse hides: marked again when they show.
    var hiddenMarks: Set<ItemIdentifier> = []
    /// The last row looked up and its slot: a table asks for rows in order, so the next one is a step away
    /// (``OutlineSnapshot/slot(atVisibleRow:near:)``). Forgotten at every change of the tree.
    var lastLookup: (row: Int, slot: Int)?
    /// While the delegate hears that a deleted item's mark went: the row the mark had and its item, which
    /// ``itemIdentifier(for:)`` answers for that row during the call.
    var departingMark: (row: Int, item: ItemIdentifier)?
    /// Asks for the children of an item whose children are not loaded when it expands (see ``ChildrenLoader``).
    public var childrenLoader: ChildrenLoader?
    /// Asks for the children of an item with their own children's states (see ``ChildrenWithStatesLoader``); used
    /// instead of ``childrenLoader`` when set.
    public var childrenWithStatesLoader: ChildrenWithStatesLoader?
    /// Makes the cell of a loading or error row (nil: a dimmed "Loading…" or the error's text, under the guides of
    /// ``guides``).
    public var placeholderCellProvider: PlaceholderCellProvider?
    /// The guides the rows are drawn with (the outline column's, the default loading and error rows', and
    /// ``prefix(for:guides:)``'s): those the app set, else those of the screen the table is shown on
    /// (``OutlineGuides/ascii`` where its ``/TermTableCore/ScreenGlyphs`` is ``/TermTableCore/ScreenGlyphs/ascii``,
    /// ``OutlineGuides/plain`` where it is ``/TermTableCore/ScreenGlyphs/plain``, ``OutlineGuides/unicode``
    /// otherwise).
    public var guides: OutlineGuides {
        get {
            if let chosenGuides { return chosenGuides }
            switch tableView?.host?.glyphs {
            case .ascii: return .ascii
            case .plain: return .plain
            default: return .unicode
            }
        }
        set { chosenGuides = newValue }
    }
    /// The guides the app set, nil while they follow the screen.
    var chosenGuides: OutlineGuides?
    /// The loads under way, by item: a token (an answer with another is dropped) and the task.
    var loads: [ItemIdentifier: (token: Int, task: Task<Void, Never>?)] = [:]
    var nextLoadToken = 0
    /// In a table with ``TableView/tableColumns``: the identifier of the column that draws the guides and
    /// disclosure marks before its text (`NSOutlineView`'s `outlineTableColumn`; see
    /// ``init(tableView:outlineColumn:columnText:)``).
    public var outlineColumnIdentifier: String?
    /// An item's text in a column (a data source made with ``init(tableView:outlineColumn:columnText:)``).
    var columnText: (@MainActor (ItemIdentifier, TableColumn) -> StyledText)?
    /// The text ``setFilter(query:)`` matches an item by.
    public var filterText: (@MainActor (ItemIdentifier) -> String)?
    /// While a filter shows part of the tree: the whole tree (with the user's expansion) and the matches.
    var filterState: OutlineFilterState<ItemIdentifier>?

    /// Creates the data source, makes it the table's data source and lets the table keep it.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.ownedDataSource = self
        tableView.dataSource = self
    }

    /// The tree shown, with its expansion (while filtering: the matches and their ancestors; see
    /// ``unfilteredSnapshot``).
    public func snapshot() -> OutlineSnapshot<ItemIdentifier> { tree }

    /// Shows `snapshot`; the cursor, the marks and (with `keepingCursorLine`) the cursor's line follow their items.
    public func apply(_ snapshot: OutlineSnapshot<ItemIdentifier>, keepingCursorLine: Bool = true) {
        update(keepingCursorLine: keepingCursorLine) { $0 = snapshot }
    }

    /// Edits the tree in place (no copy of it) and shows the result, as ``apply(_:keepingCursorLine:)`` does.
    ///
    /// Costs the edit plus O((marks + rows on screen) × depth × log fan-out): nothing proportional to the tree.
    /// While a filter is on, the edit is to the whole tree (``unfilteredSnapshot``) and the filter runs again
    /// (O(items)).
    public func update(keepingCursorLine: Bool = true, _ edit: (inout OutlineSnapshot<ItemIdentifier>) -> Void) {
        guard var filter = filterState else { return show(keepingCursorLine: keepingCursorLine, edit) }
        filterState = nil
        edit(&filter.full)
        let (filtered, matches) = Self.filtered(filter.full, matching: filter.isMatch)
        filter.matches = matches
        filterState = filter
        show(keepingCursorLine: keepingCursorLine) { $0 = filtered }
    }

    /// Shows the tree `edit` makes of the one shown; the cursor, marks and line follow their items.
    func show(keepingCursorLine: Bool = true, _ edit: (inout OutlineSnapshot<ItemIdentifier>) -> Void) {
        guard let tableView else {
            lastLookup = nil
            edit(&tree)
            syncLoads()
            return
        }
        tableView.layoutIfNeeded()
        let line = keepingCursorLine ? tableView.cursorLine : nil
        let cursorRow = tableView.state.cursor?.row
        let cursorOutlineRow = cursorRow.flatMap(tree.row(atVisibleRow:))
        var marked: [(item: ItemIdentifier, row: Int?)] = hiddenMarks.map { ($0, nil) }
        for indexPath in tableView.state.selected.sorted() {
            if let item = tree.item(atVisibleRow: indexPath.row) { marked.append((item, indexPath.row)) }
        }
        var onScreen: [Int: ItemIdentifier] = [:]
        for indexPath in tableView.indexPathsForVisibleRows {
            onScreen[indexPath.row] = itemIdentifier(for: indexPath)
        }

        lastLookup = nil
        edit(&tree)

        hiddenMarks = []
        var marks = Set<IndexPath>()
        for (item, row) in marked {
            if let new = tree.visibleRow(of: item) {
                marks.insert(IndexPath(row: new, section: 0))
            } else if tree.contains(item) || filterState?.full.contains(item) == true {
                hiddenMarks.insert(item)
            } else if let row {
                // Told with the row the mark had while that row still answers its item (as the diffable data
                // source does): ``itemIdentifier(for:)`` and ``row(for:)`` give the gone item during the call.
                departingMark = (row, item)
                tableView.delegate?.tableView(tableView, didDeselectRowAt: IndexPath(row: row, section: 0))
                departingMark = nil
            }
        }
        tableView.rowsMoved(keepingHeaders: true) { indexPath in
            onScreen[indexPath.row].flatMap { tree.visibleRow(of: $0) }.map { IndexPath(row: $0, section: 0) }
        }
        tableView.reload(cursor: cursorFollowed(cursorOutlineRow, row: cursorRow), selected: marks, cursorLine: line)
        syncLoads()
    }

    /// Where the cursor goes after an edit: its item's row, else its nearest visible ancestor's, else (its item
    /// deleted) the row it had, clamped to the rows there are.
    /// A cursor on a loading or error row follows its parent, to the row under it while it is expanded.
    func cursorFollowed(_ outlineRow: OutlineRow<ItemIdentifier>?, row: Int?) -> IndexPath? {
        guard let row else { return nil }
        var found: Int?
        var candidate: ItemIdentifier?
        switch outlineRow {
        case .item(let item): candidate = item
        case .loading(let parent), .failed(let parent, _):
            if let parentRow = tree.visibleRow(of: parent), let slot = tree.slots[parent] {
                let under = tree.isExpanded(parent) && (tree.placeholderRows(slot) > 0 || !tree.children[slot].isEmpty)
                return IndexPath(row: under ? parentRow + 1 : parentRow, section: 0)
            }
            candidate = parent
        case nil: candidate = nil
        }
        while let current = candidate, tree.contains(current) {
            if let visible = tree.visibleRow(of: current) {
                found = visible
                break
            }
            candidate = tree.parent(of: current)
        }
        if found == nil {
            let count = tree.numberOfVisibleItems
            guard count > 0 else { return nil }
            found = min(row, count - 1)
        }
        return found.map { IndexPath(row: $0, section: 0) }
    }

    // MARK: Expansion

    // While a filter is on, these act on the rows shown; clearing the filter brings back the expansion as it was.

    /// Expands `item` (its children show).
    public func expand(_ item: ItemIdentifier) { show { $0.expand([item]) } }
    /// Collapses `item` (its descendants hide; a cursor among them moves to it).
    public func collapse(_ item: ItemIdentifier) { show { $0.collapse([item]) } }
    /// Expands `item` when collapsed, else collapses it.
    public func toggle(_ item: ItemIdentifier) {
        if tree.isExpanded(item) { collapse(item) } else { expand(item) }
    }
    /// Expands `item` and all its descendants (nil: the whole tree).
    public func expandAll(under item: ItemIdentifier? = nil) { show { $0.expandAll(under: item) } }
    /// Collapses `item` and all its descendants (nil: the whole tree).
    public func collapseAll(under item: ItemIdentifier? = nil) { show { $0.collapseAll(under: item) } }
    /// Expands the ancestors of `item` so it shows (the cursor does not move).
    /// While filtering, an item the filter hides is left as it is.
    public func reveal(_ item: ItemIdentifier) {
        let filtering = filterState != nil
        show { if !filtering || $0.contains(item) { $0.reveal(item) } }
    }

    // MARK: Questions

    /// The item at `indexPath`, nil when there is none (or the row is a loading or error row).
    /// While the delegate hears that a deleted item's mark went, the row it had answers that item.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
        if let departingMark, indexPath == IndexPath(row: departingMark.row, section: 0) { return departingMark.item }
        guard indexPath.section == 0, let slot = tree.slot(atVisibleRow: indexPath.row, near: lastLookup), slot >= 0
        else {
            return nil
        }
        lastLookup = (indexPath.row, slot)
        return tree.items[slot]
    }
    /// Where `item` is, nil when it is hidden or not in the tree.
    public func indexPath(for item: ItemIdentifier) -> IndexPath? {
        tree.visibleRow(of: item).map { IndexPath(row: $0, section: 0) }
    }
    /// The parent of `item` (nil: top level or not there).
    public func parent(of item: ItemIdentifier) -> ItemIdentifier? { tree.parent(of: item) }
    /// The children of `item` (nil: the top-level items).
    public func children(of item: ItemIdentifier?) -> [ItemIdentifier] { tree.children(of: item) }
    /// The depth of `item`: 0 at the top level.
    public func level(of item: ItemIdentifier) -> Int? { tree.level(of: item) }
    /// Whether `item` is expanded.
    public func isExpanded(_ item: ItemIdentifier) -> Bool { tree.isExpanded(item) }
    /// The item under the cursor.
    public var cursorItemIdentifier: ItemIdentifier? { tableView?.state.cursor.flatMap(itemIdentifier(for:)) }
    /// The marked items: the ones shown, in row order, then the ones a collapse hides (in no set order).
    public var selectedItemIdentifiers: [ItemIdentifier] {
        (tableView?.indexPathsForSelectedRows ?? []).compactMap(itemIdentifier(for:)) + Array(hiddenMarks)
    }

    // MARK: TableViewDataSource

    /// One section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// The visible items.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? tree.numberOfVisibleItems : 0
    }
    /// The cell provider's cell for the item at `indexPath`.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if let item = itemIdentifier(for: indexPath) {
            let cell =
                columnText == nil
                ? cellProvider(tableView, indexPath, item)
                : tableView.columnCell(at: indexPath) { self.tableView(tableView, textFor: $0, at: indexPath) }
            cell.contextStyle = isFilterAncestor(item) ? Self.ancestorStyle : nil
            return cell
        }
        guard let row = row(for: indexPath) else { return TableViewCell(reuseIdentifier: nil) }
        if let placeholderCellProvider { return placeholderCellProvider(tableView, indexPath, row) }
        if columnText != nil {
            let text = placeholderText(for: row)
            return tableView.columnCell(at: indexPath) {
                $0.identifier == outlineColumnIdentifier ? text : StyledText("")
            }
        }
        return placeholderCell(for: row)
    }
}

/// A data source that runs the outline commands (``TableCommand/expandItem`` and the others, and ←/→ in a
/// table without columns): ``OutlineDataSource``.
@MainActor
protocol OutlineCommandHandling: AnyObject {
    /// Runs `command` on the cursor's item of `tableView`; true when the key is the tree's (even if nothing moved).
    func performOutlineCommand(_ command: TableCommand, in tableView: TableView) -> Bool
    /// Toggles the item whose disclosure mark `point` (in the table) falls on; true when it did.
    func handleDisclosureClick(at point: Point, row indexPath: IndexPath, in tableView: TableView) -> Bool
}

extension OutlineDataSource: OutlineCommandHandling {
    /// → expands a collapsed item with children, else goes to its first child; ← collapses an expanded item, else
    /// goes to its parent; `+`, `-` and `*` expand, collapse and expand all below.
    func performOutlineCommand(_ command: TableCommand, in tableView: TableView) -> Bool {
        guard let cursor = tableView.state.cursor, let row = row(for: cursor) else { return false }
        guard case .item(let item) = row else {
            // A loading or error row: ← goes to its parent.
            if command == .moveLeft, case .loading(let parent) = row { tableView.setCursor(indexPath(for: parent)) }
            if command == .moveLeft, case .failed(let parent, _) = row { tableView.setCursor(indexPath(for: parent)) }
            return command == .moveLeft || command == .moveRight
        }
        let expandable = tree.numberOfChildren(of: item) > 0 || tree.childrenState(of: item) != .loaded
        switch command {
        case .moveRight:
            if expandable {
                if tree.isExpanded(item), let itemRow = tree.visibleRow(of: item) {
                    tableView.setCursor(IndexPath(row: itemRow + 1, section: 0))
                } else {
                    expand(item)
                }
            }
        case .moveLeft:
            if tree.isExpanded(item), expandable {
                collapse(item)
            } else if let parent = tree.parent(of: item) {
                tableView.setCursor(indexPath(for: parent))
            }
        case .expandItem: expand(item)
        case .collapseItem: collapse(item)
        case .expandAllBelow: expandAll(under: item)
        default: return false
        }
        return true
    }
}

extension OutlineDataSource {
    /// The guides and disclosure mark `item`'s row starts with (see ``OutlineSnapshot/prefix(for:guides:)``), in
    /// `guides` or, when nil, in ``guides``.
    public func prefix(for item: ItemIdentifier, guides: OutlineGuides? = nil) -> String {
        tree.prefix(for: item, guides: guides ?? self.guides)
    }

    /// The rows expanding `item` would add: for a collapsed item, the count of hidden replies a mail index shows.
    public func hiddenDescendantCount(of item: ItemIdentifier) -> Int { tree.hiddenDescendantCount(of: item) }
}
