/// Whether an item's children are all in an ``OutlineSnapshot``: an item can say it has children before it has
/// them (a directory not read yet), and an ``OutlineDataSource`` loads them when it expands.
public enum OutlineChildrenState: Hashable, Sendable {
    /// The children are the ones appended (the default).
    case loaded
    /// The item has children not asked for yet: it draws as a collapsed parent, and expanding it starts a load.
    case notLoaded
    /// Expanded, its children are being asked for: a loading row shows under it.
    case loading
    /// The last load failed with this message: an error row shows under it while it is expanded; expanding it
    /// again (or collapsing and expanding it) retries.
    case failed(String)

    /// Loading and failed items show a row under them while expanded.
    var placeholderRows: Int {
        switch self {
        case .loading, .failed: return 1
        case .loaded, .notLoaded: return 0
        }
    }
}

/// A row of an outline: an item, or the row under an expanded item whose children are loading or failed to load.
public enum OutlineRow<ItemIdentifier: Hashable & Sendable>: Hashable, Sendable {
    /// The row of an item.
    case item(ItemIdentifier)
    /// The row that stands for the children of `parent` while they load.
    case loading(parent: ItemIdentifier)
    /// The row that tells why the children of `parent` did not load.
    case failed(parent: ItemIdentifier, message: String)
}

extension OutlineSnapshot {
    /// How the children of `item` stand (``OutlineChildrenState/loaded`` when it is not in the tree).
    public func childrenState(of item: ItemIdentifier) -> OutlineChildrenState {
        slots[item].flatMap { childStates[$0] } ?? .loaded
    }

    /// Sets how the children of `item` stand: ``OutlineChildrenState/notLoaded`` for an item whose children come
    /// later (expanding it then makes it ``OutlineChildrenState/loading``); the loading and error rows follow.
    /// An expanded item set to not loaded starts loading; a collapsed one set to loading is not loaded.
    public mutating func setChildrenState(_ state: OutlineChildrenState, of item: ItemIdentifier) {
        let slot = existing(item, "setChildrenState")
        setChildState(slot, state == .loaded ? nil : state)
        if !expanded[slot] {
            stopLoading(slot)
        } else if state == .notLoaded {
            startLoading(slot)
        }
    }

    /// The items whose children are loading (expanded ones: a collapse makes them not loaded again), in no order.
    public var loadingItems: [ItemIdentifier] { loadingSlots.map { items[$0]! } }

    /// The row at `row`: an item, or a loading or error row (O(d log f)); nil past the end.
    public func row(atVisibleRow row: Int) -> OutlineRow<ItemIdentifier>? {
        guard let slot = slot(atVisibleRow: row) else { return nil }
        if slot >= 0 { return .item(items[slot]!) }
        let parent = -slot - 1
        if case .failed(let message) = childStates[parent] { return .failed(parent: items[parent]!, message: message) }
        return .loading(parent: items[parent]!)
    }

    /// The rows shown under `slot` before its children while it is expanded: 1 while loading or failed.
    @usableFromInline func placeholderRows(_ slot: Int) -> Int { childStates[slot]?.placeholderRows ?? 0 }

    /// Sets `slot`'s state (nil: loaded); its size and its ancestors' follow the placeholder row.
    mutating func setChildState(_ slot: Int, _ state: OutlineChildrenState?) {
        let before = placeholderRows(slot)
        childStates[slot] = state
        if state == .loading { loadingSlots.insert(slot) } else { loadingSlots.remove(slot) }
        let after = placeholderRows(slot)
        placeholderCount += after - before
        grow(slot, by: after - before)
    }

    /// An item expanded whose children are not loaded or failed: they load now.
    mutating func startLoading(_ slot: Int) {
        switch childStates[slot] {
        case .notLoaded, .failed: setChildState(slot, .loading)
        default: break
        }
    }
    /// A collapsed item whose children were loading: not loaded (the load is dropped).
    mutating func stopLoading(_ slot: Int) {
        if childStates[slot] == .loading, !expanded[slot] { setChildState(slot, .notLoaded) }
    }

    /// The children of a loading `item` arrived: they are appended and it is loaded (the loading row goes).
    public mutating func finishLoading(_ item: ItemIdentifier, children: [ItemIdentifier]) {
        let slot = existing(item, "finishLoading")
        setChildState(slot, nil)
        append(children, to: item)
    }
}
