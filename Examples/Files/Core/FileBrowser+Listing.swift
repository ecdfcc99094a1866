import TermTable

extension FileBrowser {
    /// The children loader: off the main actor, refuses a symbolic link that leads back to a directory above it,
    /// opens the directory (an error becomes the error row: permission denied, gone, not a directory), reads its
    /// first batch and hands the rest to a stream; the first batch is the answer, its directories not loaded (drawn
    /// ▸ in the same frame as their rows).
    nonisolated static func loadChildren(
        of item: FileItem, root: String, browser: FileBrowser?
    ) async throws -> [(item: FileItem, childrenState: OutlineChildrenState)] {
        guard item.entry.isExpandable else { return [] }
        if item.entry.kind == .symlink { try DirectoryListing.checkNotLoop(path: item.path, root: root) }
        let listing = try DirectoryListing(path: item.path)
        let first = listing.next(firstBatch).map { FileItem(entry: $0, in: item.path) }
        await browser?.opened(listing, for: item)
        let descriptors = await browser?.table.sortDescriptors ?? []
        return sorted(first, by: descriptors).map { ($0, $0.entry.isExpandable ? .notLoaded : .loaded) }
    }

    /// The order the sort in force asks.
    var currentOrder: @Sendable (FileItem, FileItem) -> Bool { Self.order(table.sortDescriptors) }

    /// A directory's listing opened by a load: watched; once the load's answer (the first batch, its directories not
    /// loaded) is in the tree, the rest streamed if there is more.
    func opened(_ listing: DirectoryListing, for item: FileItem) {
        watcher?.watch(item.path, for: item)
        Task { [weak self] in
            var turns = 0
            while let self, self.dataSource.unfilteredSnapshot.childrenState(of: item) == .loading {
                turns += 1
                if turns < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(5)) }
            }
            guard let self else { return }
            let tree = self.dataSource.unfilteredSnapshot
            guard tree.contains(item), tree.childrenState(of: item) == .loaded else { return }
            if !listing.isAtEnd { self.stream(listing, into: item) }
            self.app?.setNeedsDisplay()
        }
    }

    /// Reads the rest of `listing` on a task of its own, a batch at a time, appending each batch under `parent`
    /// (nil: the top level) once the parent's first batch is in the tree; when done, sorts the directory's entries.
    func stream(_ listing: DirectoryListing, into parent: FileItem?) {
        nextStreamToken += 1
        let token = nextStreamToken
        streams[parent] = token
        let path = listing.path
        Task.detached { [weak self] in
            while true {
                let batch = listing.next(FileBrowser.streamBatch).map { FileItem(entry: $0, in: path) }
                let done = listing.isAtEnd
                guard let self, await self.appendStreamed(batch, to: parent, token: token, done: done), !done else {
                    return
                }
            }
        }
    }

    /// One streamed batch under `parent`: false when the stream is to stop (the parent went, or its children were
    /// dropped, or a newer stream replaced it).
    func appendStreamed(_ batch: [FileItem], to parent: FileItem?, token: Int, done: Bool) -> Bool {
        guard streams[parent] == token else { return false }
        if let parent {
            let tree = dataSource.unfilteredSnapshot
            guard tree.contains(parent), tree.childrenState(of: parent) == .loaded else {
                streams[parent] = nil
                return false
            }
        }
        dataSource.update { tree in Self.append(batch, to: parent, in: &tree) }
        if done {
            streams[parent] = nil
            let descriptors = table.sortDescriptors
            dataSource.update { $0 = Self.rebuilt($0, by: descriptors) }
        }
        updateBars()
        app?.setNeedsDisplay()
        return !done
    }

    /// Appends `items` not in `tree` under `parent`, directories (and links to them) not loaded.
    static func append(_ items: [FileItem], to parent: FileItem?, in tree: inout OutlineSnapshot<FileItem>) {
        var seen = Set<FileItem>()
        let fresh = items.filter { !tree.contains($0) && seen.insert($0).inserted }
        tree.append(fresh, to: parent)
        for item in fresh where item.entry.isExpandable { tree.setChildrenState(.notLoaded, of: item) }
    }

    /// Directories first, then by name; or by the first sort descriptor's column (size, modified), ties by name.
    nonisolated static func order(_ descriptors: [TableSortDescriptor]) -> @Sendable (FileItem, FileItem) -> Bool {
        let column = descriptors.first?.column ?? "name"
        let ascending = descriptors.first?.ascending ?? true
        return { a, b in
            let (x, y) = ascending ? (a.entry, b.entry) : (b.entry, a.entry)
            switch column {
            case "size" where x.size != y.size: return x.size < y.size
            case "modified" where x.modified != y.modified: return x.modified < y.modified
            case "size", "modified": return x.name < y.name
            default:
                if a.entry.isExpandable != b.entry.isExpandable { return a.entry.isExpandable }
                return x.name < y.name
            }
        }
    }

    /// `items` in the order of `descriptors` (as ``order(_:)``), sorted by keys taken once (an item's copy is four
    /// reference counts: a sort that compares items spends most of its time on them).
    nonisolated static func sorted(_ items: [FileItem], by descriptors: [TableSortDescriptor]) -> [FileItem] {
        let column = descriptors.first?.column ?? "name"
        let ascending = descriptors.first?.ascending ?? true
        let byName = column != "size" && column != "modified"
        let keys = items.map { item in
            (
                first: byName && item.entry.isExpandable,
                value: column == "size" ? item.entry.size : column == "modified" ? Int64(item.entry.modified) : 0,
                name: item.entry.name
            )
        }
        let order = keys.indices.sorted { i, j in
            if keys[i].first != keys[j].first { return keys[i].first }
            if keys[i].value != keys[j].value {
                return ascending ? keys[i].value < keys[j].value : keys[j].value < keys[i].value
            }
            return ascending ? keys[i].name < keys[j].name : keys[j].name < keys[i].name
        }
        return order.map { items[$0] }
    }

    /// `tree` with every directory's entries in the order of `descriptors`, its expansion and loading states kept
    /// (O(items log fan-out)).
    nonisolated static func rebuilt(
        _ tree: OutlineSnapshot<FileItem>, by descriptors: [TableSortDescriptor]
    ) -> OutlineSnapshot<FileItem> {
        var result = OutlineSnapshot<FileItem>()
        result.reserveCapacity(tree.numberOfItems)  // no resizes of its index while it is filled
        var expanded: [FileItem] = []
        var states: [(FileItem, OutlineChildrenState)] = []
        var stack: [FileItem?] = [nil]
        while let parent = stack.popLast() {
            let children = sorted(tree.children(of: parent), by: descriptors)
            result.append(children, to: parent)
            for child in children {
                if tree.isExpanded(child) { expanded.append(child) }
                let state = tree.childrenState(of: child)
                if state != .loaded { states.append((child, state == .loading ? .notLoaded : state)) }
                if tree.numberOfChildren(of: child) > 0 { stack.append(child) }
            }
        }
        result.expand(expanded)
        for (item, state) in states { result.setChildrenState(state, of: item) }
        return result
    }
}
