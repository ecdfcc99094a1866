import TermTableCore

extension OutlineDataSource {
    /// Asks for the children of `item` when it expands while its children are not loaded
    /// (``OutlineChildrenState/notLoaded``, or ``OutlineChildrenState/failed(_:)`` again). It runs off the main
    /// actor (`@concurrent`, whatever the caller's default) and is cancelled when the item collapses or goes; an
    /// error becomes the error row under the item.
    public typealias ChildrenLoader = @Sendable @concurrent (ItemIdentifier) async throws -> [ItemIdentifier]

    /// Asks for the children of `item`, as ``ChildrenLoader`` does, each with how its own children stand (a
    /// directory's subdirectories ``OutlineChildrenState/notLoaded``): they land with their disclosure marks in the
    /// same frame as the rows.
    public typealias ChildrenWithStatesLoader =
        @Sendable @concurrent (ItemIdentifier) async throws -> [(
            item: ItemIdentifier, childrenState: OutlineChildrenState
        )]

    /// Makes the cell of a loading or error row.
    public typealias PlaceholderCellProvider =
        @MainActor (TableView, IndexPath, OutlineRow<ItemIdentifier>) ->
        TableViewCell

    /// The row at `indexPath`: an item, or a loading or error row.
    /// While the delegate hears that a deleted item's mark went, the row it had answers that item.
    public func row(for indexPath: IndexPath) -> OutlineRow<ItemIdentifier>? {
        if let departingMark, indexPath == IndexPath(row: departingMark.row, section: 0) {
            return .item(departingMark.item)
        }
        return indexPath.section == 0 ? tree.row(atVisibleRow: indexPath.row) : nil
    }

    /// Starts a load for every loading item without one and cancels the loads of items no longer loading (collapsed,
    /// deleted, answered), in O(loads). While a filter is on, the loading items are those of the rows shown and of
    /// the whole tree: a load the filter hides keeps running.
    func syncLoads() {
        var loading = Set(tree.loadingItems)
        if let full = filterState?.full { loading.formUnion(full.loadingItems) }
        for (item, load) in loads where !loading.contains(item) {
            load.task?.cancel()
            loads[item] = nil
        }
        for item in loading where loads[item] == nil {
            nextLoadToken += 1
            let token = nextLoadToken
            var task: Task<Void, Never>?
            if childrenLoader != nil || childrenWithStatesLoader != nil {
                let loader = childrenLoader
                let withStates = childrenWithStatesLoader
                task = Task { [weak self] in
                    let result: Result<[(item: ItemIdentifier, childrenState: OutlineChildrenState)], any Error>
                    do {
                        if let withStates {
                            result = .success(try await withStates(item))
                        } else if let loader {
                            result = .success(try await loader(item).map { ($0, .loaded) })
                        } else {
                            result = .success([])
                        }
                    } catch {
                        result = .failure(error)
                    }
                    self?.finishLoad(of: item, token: token, withStates: result)
                }
            }
            loads[item] = (token, task)
        }
    }

    /// The answer of load `token` for `item`: its children, with their states, replace the loading row (those
    /// already in the tree are left out), or its error shows in the error row. An answer for a load no longer under
    /// way (the item collapsed, deleted, or expanded again since) is dropped.
    func finishLoad(
        of item: ItemIdentifier, token: Int,
        withStates result: Result<[(item: ItemIdentifier, childrenState: OutlineChildrenState)], any Error>
    ) {
        guard loads[item]?.token == token,
            tree.childrenState(of: item) == .loading || filterState?.full.childrenState(of: item) == .loading
        else { return }
        loads[item] = nil
        switch result {
        case .success(let children):
            var seen = Set<ItemIdentifier>()
            // Left out: children already in the tree they go into (the whole tree: a filter's rows hide some). No
            // copy of a tree is held here: the edit below would then copy it all.
            let fresh = children.filter {
                !(filterState?.full.contains($0.item) ?? tree.contains($0.item)) && seen.insert($0.item).inserted
            }
            update { tree in
                tree.finishLoading(item, children: fresh.map(\.item))
                for child in fresh where child.childrenState != .loaded {
                    tree.setChildrenState(child.childrenState, of: child.item)
                }
            }
        case .failure(let error):
            update { $0.setChildrenState(.failed(Self.message(for: error)), of: item) }
        }
    }

    /// The answer of load `token` for `item` from a loader of items only: its children all loaded.
    func finishLoad(of item: ItemIdentifier, token: Int, _ result: Result<[ItemIdentifier], any Error>) {
        finishLoad(of: item, token: token, withStates: result.map { $0.map { ($0, .loaded) } })
    }

    /// An error as the one line an error row shows: no control characters, at most 200 characters.
    static func message(for error: any Error) -> String {
        let text = String(describing: error).map { $0.isNewline || $0 == "\t" ? " " : $0 }
        let line = TerminalText.sanitize(String(text))
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    /// The default loading or error row: under the guides of a child of its parent, dimmed "Loading…" or the error.
    func placeholderCell(for row: OutlineRow<ItemIdentifier>) -> TableViewCell {
        let cell = BasicCell(reuseIdentifier: nil)
        cell.textLabel.styledText = placeholderText(for: row)
        return cell
    }

    /// The text of a loading or error row, guides first.
    func placeholderText(for row: OutlineRow<ItemIdentifier>) -> StyledText {
        switch row {
        case .item: return StyledText("")
        case .loading(let parent):
            return StyledText(tree.placeholderPrefix(under: parent, guides: guides))
                + StyledText("Loading…", style: Style(role: .dim))
        case .failed(let parent, let message):
            return StyledText(tree.placeholderPrefix(under: parent, guides: guides))
                + StyledText("! " + message, style: Style(role: .error))
        }
    }
}
