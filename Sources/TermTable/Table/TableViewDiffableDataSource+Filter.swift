import TermTableCore
import TermTableLayout

/// Where the cursor goes when a filter shows a new set of items.
enum FilterCursorRule<ItemIdentifier: Hashable> {
    /// The first item, at the top of the view (a new query: its best match).
    case first
    /// Its item if shown, else the nearest shown item after it (then before), on the same screen line.
    case follow
    /// This item (else the cursor's item, else the first) with its row on `line` (nil: the top as `top` says).
    case item(ItemIdentifier?, line: Int?, top: ItemIdentifier?)
}

extension TableViewDiffableDataSource {
    /// True while a query or a predicate hides items.
    public var isFiltering: Bool { filter != nil }

    /// The fuzzy query in force, "" when none.
    public var filterQuery: String { filter?.query?.text ?? "" }

    /// Every item, whatever the filter hides: the snapshot the app last applied.
    public var unfilteredSnapshot: TableSnapshot<SectionIdentifier, ItemIdentifier> { filter?.full ?? current }

    /// The marked items the filter hides, in the unfiltered snapshot's order: kept, never dropped by a query.
    public var hiddenSelectedItemIdentifiers: [ItemIdentifier] {
        guard let filter, !filter.rules.hiddenMarks.isEmpty else { return [] }
        var result: [ItemIdentifier] = []
        for section in filter.full.itemsBySection {
            for item in section where filter.rules.hiddenMarks.contains(item) { result.append(item) }
        }
        return result
    }

    /// Every marked item: those shown (in table order), then those the filter hides.
    public var allSelectedItemIdentifiers: [ItemIdentifier] {
        selectedItemIdentifiers + hiddenSelectedItemIdentifiers
    }

    /// How many items are marked in all, and how many of those the filter hides.
    public var markCounts: (marked: Int, hidden: Int) {
        let hidden = filter?.rules.hiddenMarks.count ?? 0
        return ((tableView?.state.selected.count ?? 0) + hidden, hidden)
    }

    /// The marks in words for a status line: "3 marked, 1 hidden", "3 marked", or "" when none.
    public var markSummary: String { TableFilterRules<ItemIdentifier>.summary(markCounts) }

    /// The match of `item`'s ``filterText`` with the query in force (ranges to highlight), nil without a query.
    ///
    /// ```swift
    /// if let match = dataSource.filterMatch(for: item) {
    ///     label.styledText = StyledText(title, highlighting: match.ranges, style: .underline)
    /// }
    /// ```
    public func filterMatch(for item: ItemIdentifier) -> FuzzyMatch? {
        guard let query = filter?.query, let text = findingText() else { return nil }
        return query.match(text(item))
    }

    /// Shows only the items whose ``filterText`` matches `query` (a ``/TermTableCore/FuzzyQuery``), in
    /// ``filterOrder``; an empty query clears the filter.
    ///
    /// The first screen of matches shows at once; the rest are matched off the
    /// main actor, in parallel (on ``filterExecutor``), and shown when complete.
    /// The next call cancels matching still in flight; a query that extends the
    /// last one searches only its matches. The cursor goes to the first match.
    /// Marks on items the query hides are kept (``hiddenSelectedItemIdentifiers``)
    /// and come back when they show again. Sections keep their order; a section
    /// with no match is left out. Returns the matching task (nil when done at once).
    @discardableResult
    public func setFilter(query text: String) -> Task<Void, Never>? {
        let query = FuzzyQuery(text)
        guard !query.isEmpty else {
            clearFilter()
            return nil
        }
        guard filterText != nil || columnFilterText != nil else {
            TerminalGuard.fail("TableViewDiffableDataSource.setFilter(query:): set filterText first")
        }
        let filter = beginFilter()
        let column = findingColumn()?.identifier
        if column != filterTextsColumn {
            filterTexts = nil
            filter.invalidateCorpus()
            filterTextsColumn = column
        }
        filter.predicate = nil
        filter.query = query
        return runFilter(resetCursor: true)
    }

    /// ``setFilter(query:)`` and wait until its matches show (or a later query replaced it).
    public func filter(query text: String) async {
        await setFilter(query: text)?.value
    }

    /// Shows only the items for which `predicate` is true, in their own order (matched at once, on the main actor).
    ///
    /// Marks, cursor and clearing behave as with ``setFilter(query:)``; the
    /// predicate runs again whenever a snapshot is applied.
    public func setFilter(where predicate: @escaping @MainActor (ItemIdentifier) -> Bool) {
        let filter = beginFilter()
        filter.query = nil
        filter.predicate = predicate
        runFilter(resetCursor: true)
    }

    /// Shows every item again: the marks (those the filter hid too) and, unless the user moved the cursor while
    /// filtering, the cursor's item and its screen line as they were before the filter; a moved cursor stays on
    /// its item, on its line.
    public func clearFilter() {
        guard let filter else { return }
        filter.task?.cancel()
        filter.generation += 1
        var marks = filter.rules.hiddenMarks
        for item in selectedItemIdentifiers { marks.insert(item) }
        self.filter = nil
        let target = filter.rules.restoration(cursor: cursorItemIdentifier, line: tableView?.cursorLine)
        present(filter.full, cursor: .item(target.item, line: target.line, top: target.top), extraMarks: marks)
    }

    /// The filter state, made (remembering the cursor and the scroll place) when no filter is in force.
    func beginFilter() -> TableFilterState<SectionIdentifier, ItemIdentifier> {
        if let filter { return filter }
        let filter = TableFilterState(
            full: current, rules: TableFilterRules(tableView: tableView) { self.itemIdentifier(for: $0) })
        self.filter = filter
        return filter
    }

    /// A snapshot applied while filtering: it becomes the unfiltered one and the filter runs on it again.
    ///
    /// Shown marks whose items are gone are reported to the delegate as by ``apply(_:keepingCursorLine:)``;
    /// hidden marks whose items are gone are dropped (they have no row to report).
    @usableFromInline
    func applyUnderFilter(_ snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, keepingCursorLine: Bool) {
        guard let filter else { return }
        let (fullIndex, duplicates) = snapshot.makeIndex()
        if let duplicate = duplicates.first {
            TerminalGuard.fail(
                "TableViewDiffableDataSource.apply: the item \(duplicate) appears twice in the snapshot; identifiers must be unique"
            )
        }
        if let tableView {
            tableView.layoutIfNeeded()
            var gone: [IndexPath] = []
            for indexPath in tableView.state.selected.sorted() {
                if let item = itemIdentifier(for: indexPath), fullIndex[item] == nil {
                    tableView.delegate?.tableView(tableView, didDeselectRowAt: indexPath)
                    gone.append(indexPath)
                }
            }
            for indexPath in gone { tableView.state.deselect(indexPath) }
        }
        filter.rules.hiddenMarks = filter.rules.hiddenMarks.filter { fullIndex[$0] != nil }
        filter.appended.formUnion(Self.itemsAppended(to: filter.full, in: snapshot, newIndex: fullIndex))
        filter.full = snapshot
        filter.invalidateCorpus()
        runFilter(resetCursor: false)
    }

    /// Runs the filter in force over the unfiltered snapshot and shows the result (the first screen at once).
    @discardableResult
    func runFilter(resetCursor: Bool) -> Task<Void, Never>? {
        guard let filter else { return nil }
        filter.task?.cancel()
        filter.task = nil
        filter.generation += 1
        if let predicate = filter.predicate {
            var shown = TableSnapshot<SectionIdentifier, ItemIdentifier>()
            for (section, items) in zip(filter.full.sectionIdentifiers, filter.full.itemsBySection) {
                var kept: [ItemIdentifier] = []
                for item in items where predicate(item) { kept.append(item) }
                if kept.isEmpty { continue }
                shown.appendSections([section])
                shown.appendItems(kept)
            }
            let before = cursorItemIdentifier
            present(shown, cursor: resetCursor ? .first : .follow)
            notePlacement(resetCursor: resetCursor, from: before)
            return nil
        }
        guard let query = filter.query else { return nil }
        let corpus = preparedCorpus(filter)
        var candidates: [Int32]? = nil
        if let last = filter.lastQuery, query.narrows(last) { candidates = filter.lastHits }
        let total = candidates?.count ?? corpus.count
        if total <= 16_384 {
            show(corpus.hits(query, in: 0..<total, among: candidates) ?? [], of: query, resetCursor: resetCursor)
            return nil
        }
        let screen = max(1, tableView?.frame.height ?? 50)
        var first = corpus.firstScreen(query, count: screen, among: candidates).hits
        if filterOrder == .items { first.sort { $0.index < $1.index } }
        let before = cursorItemIdentifier
        present(snapshot(of: first, in: filter), cursor: resetCursor ? .first : .follow, countingAppends: false)
        notePlacement(resetCursor: resetCursor, from: before)
        let generation = filter.generation
        let executor = filterExecutor
        let task = Task { [weak self] in
            let hits = await withTaskExecutorPreference(executor) {
                await corpus.rank(query, among: candidates, order: .items)
            }
            guard let self, let hits, !Task.isCancelled, let filter = self.filter, filter.generation == generation
            else { return }
            let moved = self.cursorItemIdentifier != filter.rules.placedCursor
            self.show(hits, of: query, resetCursor: resetCursor && !moved)
        }
        filter.task = task
        return task
    }

    /// Shows the complete `hits` (in corpus order) of `query` and remembers them for a longer query.
    func show(_ hits: [FuzzyCorpus.Hit], of query: FuzzyQuery, resetCursor: Bool) {
        guard let filter else { return }
        filter.lastQuery = query
        var indices: [Int32] = []
        indices.reserveCapacity(hits.count)
        for hit in hits { indices.append(hit.index) }
        filter.lastHits = indices
        var ordered = hits
        if filterOrder == .score { FuzzyCorpus.sortByRank(&ordered) }
        let before = cursorItemIdentifier
        present(snapshot(of: ordered, in: filter), cursor: resetCursor ? .first : .follow)
        notePlacement(resetCursor: resetCursor, from: before)
    }

    /// After rows were shown: a cursor put on the first match was placed by the filter; one kept on its item (`before`
    /// it) was not, and a move the user made before stays a move when the filter is cleared.
    func notePlacement(resetCursor: Bool, from before: ItemIdentifier?) {
        if resetCursor {
            filter?.rules.placed(cursorItemIdentifier)
        } else {
            filter?.rules.followed(from: before, to: cursorItemIdentifier)
        }
    }

    /// The unfiltered snapshot's items at `hits`, in the hits' order within each section.
    func snapshot(of hits: [FuzzyCorpus.Hit], in filter: TableFilterState<SectionIdentifier, ItemIdentifier>)
        -> TableSnapshot<SectionIdentifier, ItemIdentifier>
    {
        var bySection = [[ItemIdentifier]](repeating: [], count: filter.full.numberOfSections)
        for hit in hits {
            let index = Int(hit.index)
            guard let texts = filter.texts else { break }
            bySection[Int(texts.sectionOfFlat[index])].append(texts.flat[index])
        }
        var snapshot = TableSnapshot<SectionIdentifier, ItemIdentifier>()
        for (section, items) in bySection.enumerated() where !items.isEmpty {
            snapshot.appendSections([filter.full.sectionIdentifiers[section]])
            snapshot.appendItems(items)
        }
        return snapshot
    }

    /// The column a query matches: the cursor's, when ``columnFilterText`` is set and the cursor has a column.
    func findingColumn() -> TableColumn? {
        guard columnFilterText != nil, let tableView, let index = tableView.cursorColumn,
            tableView.tableColumns.indices.contains(index)
        else { return nil }
        return tableView.tableColumns[index]
    }

    /// The text a query matches an item by: ``columnFilterText`` in the cursor's column, else ``filterText``.
    func findingText() -> (@MainActor (ItemIdentifier) -> String)? {
        if let columnFilterText, let column = findingColumn() { return { columnFilterText($0, column) } }
        return filterText
    }

    /// The texts of the unfiltered items, asked of ``filterText`` once per applied snapshot (kept across filters).
    func preparedCorpus(_ filter: TableFilterState<SectionIdentifier, ItemIdentifier>) -> FuzzyCorpus {
        if let texts = filter.texts { return texts.corpus }
        if let texts = filterTexts {
            filter.texts = texts
            return texts.corpus
        }
        var strings: [String] = []
        var flat: [ItemIdentifier] = []
        var sections: [Int32] = []
        let total = filter.full.numberOfItems
        strings.reserveCapacity(total)
        flat.reserveCapacity(total)
        sections.reserveCapacity(total)
        let text = findingText() ?? { _ in "" }
        for (section, items) in filter.full.itemsBySection.enumerated() {
            for item in items {
                flat.append(item)
                sections.append(Int32(section))
                strings.append(text(item))
            }
        }
        let texts = TableFilterTexts(flat: flat, sectionOfFlat: sections, corpus: FuzzyCorpus(strings))
        filter.texts = texts
        filterTexts = texts
        return texts.corpus
    }

    /// Shows `snapshot` (a filtered one, or the whole one when clearing): marks on items it leaves out become
    /// hidden marks while filtering, hidden marks on items it shows are marked again, `extraMarks` are marked.
    ///
    /// A complete result (`countingAppends`) tells the table how many of the items it shows were appended to the
    /// data since the last one (``TableFilterState/appended``) and come after every row shown before, so a table
    /// that follows its end keeps following through a filter; a first screen shown before the rest is matched
    /// counts none.
    func present(
        _ snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, cursor rule: FilterCursorRule<ItemIdentifier>,
        extraMarks: Set<ItemIdentifier> = [], countingAppends: Bool = true
    ) {
        let (newIndex, _) = snapshot.makeIndex()
        guard let tableView else {
            current = snapshot
            index = newIndex
            return
        }
        tableView.layoutIfNeeded()
        let multiple = tableView.selectionMode == .multiple
        var marks = Set<IndexPath>()
        if multiple {
            // Clearing (no filter): the marks the filter hid come as `extraMarks`, and none is hidden after.
            var rules = filter?.rules ?? TableFilterRules()
            let shown = tableView.state.selected.compactMap(itemIdentifier(for:))
            marks = Set(rules.marks(for: shown + extraMarks, at: { newIndex[$0]?.indexPath }))
            filter?.rules.hiddenMarks = rules.hiddenMarks
        }
        let first = snapshot.numberOfItems > 0 ? IndexPath(row: 0, section: 0) : nil
        var cursor: IndexPath?
        var line: Int?
        var top: TableItem?
        switch rule {
        case .first:
            cursor = first
            line = 0
        case .follow:
            line = tableView.cursorLine
            cursor = cursorFollowed(to: newIndex) ?? first
        case .item(let item, let savedLine, let savedTop):
            cursor =
                item.flatMap { newIndex[$0]?.indexPath } ?? cursorItemIdentifier.flatMap { newIndex[$0]?.indexPath }
            if cursor == nil { cursor = first }
            line = cursor != nil && item.flatMap({ newIndex[$0] }) != nil ? savedLine : nil
            if line == nil, let savedTop, let position = newIndex[savedTop]?.indexPath {
                top = TableItem(section: position.section, row: position.row)
            }
        }
        var appended = 0
        if countingAppends, let filter, !filter.appended.isEmpty {
            appended = shownAppends(of: filter.appended, in: snapshot, newIndex: newIndex)
            filter.appended = []
        }
        write(
            snapshot, index: newIndex, into: tableView, cursor: cursor, marks: marks, cursorLine: line,
            appended: appended, movingRows: false)
        if let top {
            // The reload reveals the cursor; the view was scrolled away from it, so put the view back after that.
            tableView.layoutIfNeeded()
            tableView.topItem = top
        }
    }

    /// How many of `appended` the shown `snapshot` places after the last row shown now (all it shows of them when
    /// nothing is shown now; none when that row is gone from it).
    func shownAppends(
        of appended: Set<ItemIdentifier>, in snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>,
        newIndex: [ItemIdentifier: ItemPosition]
    ) -> Int {
        var section = 0
        var row = 0
        if let last = current.itemsBySection.last(where: { !$0.isEmpty })?.last {
            guard let position = newIndex[last]?.indexPath else { return 0 }
            section = position.section
            row = position.row + 1
        }
        var count = 0
        while section < snapshot.itemsBySection.count {
            let items = snapshot.itemsBySection[section]
            while row < items.count {
                if appended.contains(items[row]) { count += 1 }
                row += 1
            }
            section += 1
            row = 0
        }
        return count
    }

    /// The items of `new` that are not in `old` and come after `old`'s last item (rows appended to the data);
    /// every item of `new` when `old` is empty, none when its last item is gone.
    static func itemsAppended(
        to old: TableSnapshot<SectionIdentifier, ItemIdentifier>,
        in new: TableSnapshot<SectionIdentifier, ItemIdentifier>,
        newIndex: [ItemIdentifier: ItemPosition]
    ) -> Set<ItemIdentifier> {
        var section = 0
        var row = 0
        if let last = old.itemsBySection.last(where: { !$0.isEmpty })?.last {
            guard let position = newIndex[last]?.indexPath else { return [] }
            section = position.section
            row = position.row + 1
        }
        var after: [ItemIdentifier] = []
        while section < new.itemsBySection.count {
            let items = new.itemsBySection[section]
            if row < items.count { after += items[row...] }
            section += 1
            row = 0
        }
        guard !after.isEmpty else { return [] }
        let before = Set(old.itemsBySection.joined())
        return Set(after.filter { !before.contains($0) })
    }
}
