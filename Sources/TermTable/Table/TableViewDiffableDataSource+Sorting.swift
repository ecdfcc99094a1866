import TermTableCore

extension TableViewDiffableDataSource: TableSortingDataSource {
    /// True while a ``sortKey`` is set: the data source keeps the table's sort order.
    var sortsItems: Bool { sortKey != nil }

    /// The descriptors changed: the items are sorted again, the cursor and marks on their items.
    func tableViewSortDescriptorsDidChange(_ tableView: TableView) { resortIfNeeded() }

    /// True while a sort runs off the main actor (the first screen shows; the complete order is to come).
    public var isSorting: Bool { sorting.task != nil }

    /// Waits until the sort running off the main actor shows its complete order (at once when none runs; a sort
    /// that replaces it is waited for too).
    public func waitUntilSorted() async {
        while let task = sorting.task {
            let generation = sorting.generation
            await task.value
            if sorting.generation == generation { break }
        }
    }

    /// Sorts the unfiltered items again (the descriptors or the keys changed); keeps the cursor's line.
    func resortIfNeeded() {
        guard sortKey != nil, let tableView, !tableView.sortDescriptors.isEmpty else {
            sorting.cancel()
            // A sort cut short: its first screen gives way to the order applied.
            if let base = sortBase {
                sortBase = nil
                applyInOrder(base, keepingCursorLine: true)
            }
            return
        }
        let items = sortBase ?? unfilteredSnapshot
        guard items.numberOfItems > 1 else { return }
        if let resort = sorting.resort { resort() } else { applySorting(items, keepingCursorLine: true) }
    }

    /// ``apply(_:keepingCursorLine:)`` with a ``sortKey``: each section sorted by the table's descriptors, at once
    /// up to ``sortOffMainActorThreshold`` items, else the rows on screen first and the rest off the main actor.
    @inlinable
    func applySorting(_ snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, keepingCursorLine: Bool) {
        let generation = sorting.cancel()
        sortBase = nil
        guard let tableView, let sortKey, !tableView.sortDescriptors.isEmpty, snapshot.numberOfItems > 1 else {
            applyInOrder(snapshot, keepingCursorLine: keepingCursorLine)
            return
        }
        var flat: [ItemIdentifier] = []
        flat.reserveCapacity(snapshot.numberOfItems)
        var ranges: [Range<Int>] = []
        for items in snapshot.itemsBySection {
            ranges.append(flat.count..<flat.count + items.count)
            flat += items
        }
        let descriptors = tableView.sortDescriptors
        var keys: [TableSortKey] = []
        keys.reserveCapacity(flat.count * descriptors.count)
        for descriptor in descriptors {
            for item in flat { keys.append(sortKey(item, descriptor.column)) }
        }
        let levels = TableSortLevels(keys: keys, count: flat.count, ascending: descriptors.map(\.ascending))
        if flat.count <= sortOffMainActorThreshold {
            let orders = ranges.map { levels.sorted($0) }
            applyInOrder(
                Self.snapshot(snapshot.sectionIdentifiers, flat, orders), keepingCursorLine: keepingCursorLine)
            return
        }
        applyInOrder(
            firstScreen(of: snapshot, flat: flat, ranges: ranges, levels: levels, keepingCursorLine: keepingCursorLine),
            keepingCursorLine: keepingCursorLine)
        sortBase = snapshot
        let sections = snapshot.sectionIdentifiers
        let executor = filterExecutor
        sorting.task = Task { [weak self] in
            let orders = await withTaskExecutorPreference(executor) { await levels.sorted(ranges) }
            guard let self, self.sorting.generation == generation else { return }
            self.sorting.task = nil
            self.sortBase = nil
            guard let orders, !Task.isCancelled else { return }
            self.applyInOrder(Self.snapshot(sections, flat, orders), keepingCursorLine: true)
        }
    }

    /// The snapshot shown before a large sort completes: in the section of the cursor's item (else the first),
    /// the rows the view will show around it (from its screen line) are picked by a selection and put in their
    /// final places, in order; the other rows keep no set order until the sort completes.
    @inlinable
    func firstScreen(
        of snapshot: TableSnapshot<SectionIdentifier, ItemIdentifier>, flat: [ItemIdentifier], ranges: [Range<Int>],
        levels: TableSortLevels, keepingCursorLine: Bool
    ) -> TableSnapshot<SectionIdentifier, ItemIdentifier> {
        var orders = ranges.map { range in (Int32(range.lowerBound)..<Int32(range.upperBound)).map { $0 } }
        guard let tableView else { return snapshot }
        tableView.layoutIfNeeded()
        let height = max(1, tableView.rowsHeight)
        var section = 0
        var window = 0..<0
        if let cursor = cursorItemIdentifier, let at = flat.firstIndex(of: cursor),
            let found = ranges.firstIndex(where: { $0.contains(at) })
        {
            section = found
            let count = ranges[found].count
            let place = levels.place(of: at, in: ranges[found])
            let line = keepingCursorLine ? (tableView.cursorLine ?? 0) : 0
            let start = max(0, min(place - line, count - height))
            window = start..<min(count, start + height)
        } else if let found = ranges.firstIndex(where: { !$0.isEmpty }) {
            section = found
            window = 0..<min(ranges[found].count, height)
        }
        if !ranges.isEmpty { orders[section] = levels.placing(window, of: ranges[section]) }
        return Self.snapshot(snapshot.sectionIdentifiers, flat, orders)
    }

    /// A snapshot of `sections` whose items are `flat` in `orders` (flat indices, one list per section).
    @inlinable
    static func snapshot(_ sections: [SectionIdentifier], _ flat: [ItemIdentifier], _ orders: [[Int32]])
        -> TableSnapshot<SectionIdentifier, ItemIdentifier>
    {
        var result = TableSnapshot<SectionIdentifier, ItemIdentifier>()
        for (section, order) in zip(sections, orders) {
            result.appendSections([section])
            var items: [ItemIdentifier] = []
            items.reserveCapacity(order.count)
            for index in order { items.append(flat[Int(index)]) }
            result.appendItems(items)
        }
        return result
    }
}
