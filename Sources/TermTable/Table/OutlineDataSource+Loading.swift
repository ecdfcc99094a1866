import TermTableCore

extension OutlineDataSource {
    /// Asks for the children of `item` when it expands while its children are not loaded
    /// (``OutlineChildrenState/notLoaded``, or ``OutlineChildrenState/failed(_:)`` again). It runs off the main
    /// actor (`@concurrent`, whatever the caller's default) and is cancelled when the item collapses or goes; an
    /// error becomes the error row under the item.
    public typealias ChildrenLoader = @Sendable @concurrent (ItemIdentifier) async throws -> [ItemIdentifier]

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
    /// deleted, answered), in O(loads).
    func syncLoads() {
        let loading = Set(tree.loadingItems)
        for (item, load) in loads where !loading.contains(item) {
            load.task?.cancel()
            loads[item] = nil
        }
        for item in loading where loads[item] == nil {
            nextLoadToken += 1
            let token = nextLoadToken
            var task: Task<Void, Never>?
            if let loader = childrenLoader {
                task = Task { [weak self] in
                    let result: Result<[ItemIdentifier], any Error>
                    do {
                        result = .success(try await loader(item))
                    } catch {
                        result = .failure(error)
                    }
                    self?.finishLoad(of: item, token: token, result)
                }
            }
            loads[item] = (token, task)
        }
    }

    /// The answer of load `token` for `item`: its children replace the loading row (those already in the tree are
    /// left out), or its error shows in the error row. An answer for a load no longer under way (the item collapsed,
    /// deleted, or expanded again since) is dropped.
    func finishLoad(of item: ItemIdentifier, token: Int, _ result: Result<[ItemIdentifier], any Error>) {
        guard loads[item]?.token == token, tree.childrenState(of: item) == .loading else { return }
        loads[item] = nil
        switch result {
        case .success(let children):
            var seen = Set<ItemIdentifier>()
            let fresh = children.filter { !tree.contains($0) && seen.insert($0).inserted }
            update { $0.finishLoading(item, children: fresh) }
        case .failure(let error):
            update { $0.setChildrenState(.failed(Self.message(for: error)), of: item) }
        }
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
                + StyledText("Loading…", style: Style(attributes: .dim))
        case .failed(let parent, let message):
            return StyledText(tree.placeholderPrefix(under: parent, guides: guides))
                + StyledText("! " + message, style: Style(foreground: .red))
        }
    }
}
