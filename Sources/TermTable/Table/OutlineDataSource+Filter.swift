import TermTableCore

/// The whole tree while a filter shows part of it, and what the filter keeps.
struct OutlineFilterState<ItemIdentifier: Hashable & Sendable> {
    /// The tree the app gave, with the user's expansion: shown again when the filter is cleared.
    var full: OutlineSnapshot<ItemIdentifier>
    /// Whether an item matches.
    var isMatch: (ItemIdentifier) -> Bool
    /// The fuzzy query, nil for a predicate.
    var query: FuzzyQuery?
    /// The items that match (the others shown are their ancestors).
    var matches: Set<ItemIdentifier> = []
}

extension OutlineDataSource {
    /// The style merged under an ancestor a filter keeps only for its matches below.
    static var ancestorStyle: Style { Style(role: .dim) }

    /// True while a query or a predicate hides items.
    public var isFiltering: Bool { filterState != nil }

    /// The fuzzy query in force, "" when none.
    public var filterQuery: String { filterState?.query?.text ?? "" }

    /// The whole tree, whatever the filter hides, with the expansion clearing the filter brings back.
    public var unfilteredSnapshot: OutlineSnapshot<ItemIdentifier> { filterState?.full ?? tree }

    /// True for an item a filter shows only because a match is below it (drawn dimmed).
    public func isFilterAncestor(_ item: ItemIdentifier) -> Bool {
        guard let filterState else { return false }
        return !filterState.matches.contains(item) && tree.contains(item)
    }

    /// The match of `item`'s ``filterText`` with the query in force (ranges to highlight), nil when it does not
    /// match or there is no query.
    public func filterMatch(for item: ItemIdentifier) -> FuzzyMatch? {
        guard let query = filterState?.query, let filterText else { return nil }
        return query.match(filterText(item))
    }

    /// Shows the items whose ``filterText`` matches `query` (a ``/TermTableCore/FuzzyQuery``) with their
    /// ancestors, dimmed, every one expanded so the matches show; an empty query clears the filter.
    ///
    /// Matches every item on the main actor (O(items)). The cursor goes to the first match; marks on hidden items
    /// are kept; expanding and collapsing act on the rows shown, and ``clearFilter()`` brings back the expansion
    /// as it was. Edits (``update(keepingCursorLine:_:)``, ``apply(_:keepingCursorLine:)``) go to the whole tree
    /// and the filter runs again.
    public func setFilter(query text: String) {
        let query = FuzzyQuery(text)
        guard !query.isEmpty else { return clearFilter() }
        guard let filterText else {
            TerminalGuard.fail("OutlineDataSource.setFilter(query:): set filterText first")
        }
        startFilter(query: query) { query.matches(filterText($0)) }
    }

    /// Shows the items for which `predicate` is true with their ancestors, as ``setFilter(query:)`` does.
    public func setFilter(where predicate: @escaping @MainActor (ItemIdentifier) -> Bool) {
        startFilter(query: nil, predicate)
    }

    /// Shows the whole tree again, expanded as it was before the filter (with the edits made since); the cursor
    /// stays on its item, else goes to its nearest shown ancestor; marks come back.
    public func clearFilter() {
        guard let filter = filterState else { return }
        filterState = nil
        show { $0 = filter.full }
    }

    func startFilter(query: FuzzyQuery?, _ isMatch: @escaping (ItemIdentifier) -> Bool) {
        let full = filterState?.full ?? tree
        let (filtered, matches) = Self.filtered(full, matching: isMatch)
        filterState = OutlineFilterState(full: full, isMatch: isMatch, query: query, matches: matches)
        show(keepingCursorLine: false) { $0 = filtered }
        let first = filtered.visibleItems.first { matches.contains($0) }
        tableView?.setCursor(first.flatMap(indexPath(for:)))
    }

    /// `full` cut to the items that match and their ancestors, in its order, every one with children expanded
    /// (O(items)). A lazy item keeps how its children stand: not loaded (collapsed, with its disclosure mark), and
    /// loading or failed with its row under it where it is expanded in `full`; no load starts.
    static func filtered(
        _ full: OutlineSnapshot<ItemIdentifier>, matching isMatch: (ItemIdentifier) -> Bool
    ) -> (OutlineSnapshot<ItemIdentifier>, Set<ItemIdentifier>) {
        var keep = [Bool](repeating: false, count: full.items.count)
        var matches = Set<ItemIdentifier>()
        for slot in full.items.indices.dropFirst() {
            guard let item = full.items[slot], isMatch(item) else { continue }
            matches.insert(item)
            var up = slot
            while up != 0, !keep[up] {
                keep[up] = true
                up = full.parents[up]
            }
        }
        var result = OutlineSnapshot<ItemIdentifier>()
        var stack = full.children[0].reversed().filter { keep[$0] }
        while let slot = stack.popLast() {
            let parent = full.parents[slot]
            result.append([full.items[slot]!], to: parent == 0 ? nil : full.items[parent])
            stack += full.children[slot].reversed().filter { keep[$0] }
        }
        result.expandAll()
        for (slot, state) in full.childStates where keep[slot] {
            let item = full.items[slot]!
            switch state {
            case .notLoaded:
                // One with children kept shows them expanded: it stays as it is (loaded) rather than load.
                if !result.isExpanded(item) { result.setChildrenState(.notLoaded, of: item) }
            case .loading, .failed:
                if full.expanded[slot] { result.expand([item]) }
                result.setChildrenState(state, of: item)
            case .loaded: break
            }
        }
        return (result, matches)
    }
}
