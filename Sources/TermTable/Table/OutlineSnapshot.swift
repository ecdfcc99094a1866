/// A tree of items, each expanded or collapsed, seen as the flat list of its visible items: the content of an
/// ``OutlineDataSource``.
///
/// UIKit's `NSDiffableDataSourceSectionSnapshot` (`append(_:to:)`, `expand`, `collapse`, `visibleItems`) and the
/// questions `NSOutlineView` answers (`parent(forItem:)`, `level(forItem:)`, `isItemExpanded`), for a table that
/// scrolls a million rows. Top-level items have no parent (`nil`); a collapsed item's descendants are hidden.
///
/// ```swift
/// var tree = OutlineSnapshot<String>()
/// tree.append(["src", "README.md"])
/// tree.append(["main.swift", "util.swift"], to: "src")
/// tree.expand(["src"])
/// tree.visibleItems          // ["src", "main.swift", "util.swift", "README.md"]
/// tree.visibleRow(of: "README.md")   // 3
/// ```
///
/// The structure: every item keeps its children in order and a Fenwick tree (prefix sums) of their visible
/// subtree sizes, so nothing is ever flattened. With depth d and fan-out f:
/// - ``item(atVisibleRow:)`` and ``visibleRow(of:)``: O(d log f);
/// - ``expand(_:)``, ``collapse(_:)``, appending children: O(d log f) per item (the size change climbs the
///   ancestors), whatever the size of the subtree shown or hidden;
/// - ``expandAll(under:)``, ``collapseAll(under:)``, deleting: O(size of the subtree); collapsing the whole tree
///   O(expanded items), no sums written;
/// - a loading or error row (``OutlineChildrenState``) counts in its item's size, so rows stay O(d log f).
/// - inserting before or after a sibling, deleting or moving an item: O(f) for the parent's child list, plus the
///   above.
///
/// Identifiers must be unique in the whole tree: adding one that is there is a programmer error.
public struct OutlineSnapshot<ItemIdentifier: Hashable & Sendable>: Sendable {
    /// Slot 0 is the invisible root; the top-level items are its children.
    @usableFromInline var items: [ItemIdentifier?] = [nil]
    @usableFromInline var slots: [ItemIdentifier: Int] = [:]
    @usableFromInline var parents: [Int] = [-1]
    @usableFromInline var children: [[Int]] = [[]]
    /// Each slot's index in its parent's children.
    @usableFromInline var positions: [Int] = [0]
    @usableFromInline var expanded: [Bool] = [true]
    /// The expanded slots (the root is not one), in no order: collapse-all visits only them.
    @usableFromInline var expandedSlots: [Int] = []
    /// Each slot's index in ``expandedSlots`` (-1: collapsed, and the root).
    @usableFromInline var expandedIndex: [Int] = [-1]
    /// 1 (the item) plus, when expanded, its children's sizes: the rows the item's subtree shows when it shows.
    @usableFromInline var sizes: [Int] = [1]
    /// Per slot, the Fenwick tree over its children's sizes (1-based).
    @usableFromInline var sums: [[Int]] = [[0]]
    /// Per slot, true when every child is of size 1 and `sums` is stale: collapse-all sets it instead of writing
    /// every expanded item's sums; the sums are made again before they change.
    @usableFromInline var allOnes: [Bool] = [false]
    @usableFromInline var freeSlots: [Int] = []
    /// The slots whose children are not all there (``OutlineChildrenState``; absent: loaded).
    @usableFromInline var childStates: [Int: OutlineChildrenState] = [:]
    /// How many slots are loading or failed: each shows a placeholder row under it while expanded. While there are
    /// some, a row is found from the root (the step from the last row looked up does not count them).
    @usableFromInline var placeholderCount = 0
    /// The slots whose state is ``OutlineChildrenState/loading``.
    @usableFromInline var loadingSlots: Set<Int> = []

    /// Creates an empty tree.
    public init() {}

    /// Reserves room for `minimumCapacity` items in all (shown or hidden): appending up to that many resizes none of
    /// the tree's per-item storage (its index of items included), as `Array.reserveCapacity(_:)` does.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        let count = minimumCapacity + 1  // and the root's slot
        slots.reserveCapacity(minimumCapacity)
        items.reserveCapacity(count)
        parents.reserveCapacity(count)
        children.reserveCapacity(count)
        positions.reserveCapacity(count)
        expanded.reserveCapacity(count)
        expandedIndex.reserveCapacity(count)
        sizes.reserveCapacity(count)
        sums.reserveCapacity(count)
        allOnes.reserveCapacity(count)
    }

    // MARK: Questions

    /// The number of items, shown or hidden.
    public var numberOfItems: Int { slots.count }
    /// The number of rows of the table: the visible items, and a loading or error row under each expanded item
    /// whose children are loading or failed to load (``OutlineRow``).
    public var numberOfVisibleItems: Int { sizes[0] - 1 }
    /// The visible items in order, loading and error rows left out (O(visible items)).
    public var visibleItems: [ItemIdentifier] {
        var result: [ItemIdentifier] = []
        result.reserveCapacity(numberOfVisibleItems)
        var stack = children[0].reversed() as [Int]
        while let slot = stack.popLast() {
            result.append(items[slot]!)
            if expanded[slot] { stack += children[slot].reversed() }
        }
        return result
    }
    /// The top-level items, in order.
    public var rootItems: [ItemIdentifier] { children[0].map { items[$0]! } }

    /// Whether `item` is in the tree (shown or not).
    public func contains(_ item: ItemIdentifier) -> Bool { slots[item] != nil }

    /// The parent of `item`: nil for a top-level item or one not in the tree.
    public func parent(of item: ItemIdentifier) -> ItemIdentifier? {
        slots[item].flatMap { items[parents[$0]] }
    }

    /// The children of `item` in order (nil: the top-level items); empty when it has none or is not there.
    public func children(of item: ItemIdentifier?) -> [ItemIdentifier] {
        guard let slot = slot(item) else { return [] }
        return children[slot].map { items[$0]! }
    }

    /// The number of children of `item` (nil: the top-level items), 0 when it is not there.
    public func numberOfChildren(of item: ItemIdentifier?) -> Int { slot(item).map { children[$0].count } ?? 0 }

    /// The first child of `item` (nil: the first top-level item), nil when it has none.
    public func firstChild(of item: ItemIdentifier?) -> ItemIdentifier? {
        slot(item).flatMap { children[$0].first }.flatMap { items[$0] }
    }

    /// The depth of `item`: 0 for a top-level item, nil when it is not in the tree.
    public func level(of item: ItemIdentifier) -> Int? {
        guard var slot = slots[item] else { return nil }
        var level = -1
        while slot != 0 {
            level += 1
            slot = parents[slot]
        }
        return level
    }

    /// Whether `item` is expanded (its children show when it shows).
    public func isExpanded(_ item: ItemIdentifier) -> Bool { slots[item].map { expanded[$0] } ?? false }

    /// Whether `item` shows: every ancestor is expanded.
    public func isVisible(_ item: ItemIdentifier) -> Bool { visibleRow(of: item) != nil }

    /// The rows the descendants of `item` would show if it and they were expanded as they are now, minus the ones
    /// they show: for a collapsed item, the rows expanding it would add (O(d log f)).
    public func hiddenDescendantCount(of item: ItemIdentifier) -> Int {
        guard let slot = slots[item], !expanded[slot] else { return 0 }
        return total(slot)
    }

    /// The visible item at `row`, nil past the end (O(d log f)).
    public func item(atVisibleRow row: Int) -> ItemIdentifier? {
        slot(atVisibleRow: row).flatMap { $0 >= 0 ? items[$0] : nil }
    }

    /// The slot of the visible item at `row` (a placeholder row under slot s: -s - 1), nil past the end
    /// (O(d log f)); from `near`, a row looked up before
    /// and its slot, a row one or two away is a step through the visible order instead (O(1) amortized while the
    /// rows are asked for in order, as a scrolling table does).
    func slot(atVisibleRow row: Int, near: (row: Int, slot: Int)? = nil) -> Int? {
        guard row >= 0, row < numberOfVisibleItems else { return nil }
        if let near, placeholderCount == 0, abs(row - near.row) <= 2, near.row >= 0, near.row < numberOfVisibleItems {
            var slot = near.slot
            for _ in near.row..<max(row, near.row) { slot = nextVisible(after: slot) }
            for _ in row..<max(row, near.row) { slot = previousVisible(before: slot) }
            return slot
        }
        var slot = 0
        var rest = row + 1
        while rest > 0 {
            rest -= 1
            if placeholderCount > 0, placeholderRows(slot) > 0 {
                if rest == 0 { return -slot - 1 }
                rest -= 1
            }
            let (index, offset) = find(in: slot, rest)
            slot = children[slot][index]
            rest = offset
        }
        return slot
    }

    /// The visible slot after `slot` (which shows and is not the last row): its first child when it is expanded,
    /// else the next sibling of it or of its nearest ancestor that has one.
    func nextVisible(after slot: Int) -> Int {
        if expanded[slot], let first = children[slot].first { return first }
        var slot = slot
        while true {
            let parent = parents[slot]
            let next = positions[slot] + 1
            if next < children[parent].count { return children[parent][next] }
            slot = parent
        }
    }

    /// The visible slot before `slot` (which shows and is not the first row): its previous sibling's last shown
    /// descendant, else its parent.
    func previousVisible(before slot: Int) -> Int {
        let parent = parents[slot]
        guard positions[slot] > 0 else { return parent }
        var slot = children[parent][positions[slot] - 1]
        while expanded[slot], let last = children[slot].last { slot = last }
        return slot
    }

    /// The row of `item` among the visible items, nil when it is hidden or not there (O(d log f)).
    public func visibleRow(of item: ItemIdentifier) -> Int? {
        guard var slot = slots[item] else { return nil }
        var row = -1
        while slot != 0 {
            let parent = parents[slot]
            guard expanded[parent] else { return nil }
            row += 1 + prefix(parent, positions[slot]) + (placeholderCount > 0 ? placeholderRows(parent) : 0)
            slot = parent
        }
        return row
    }

    // MARK: Slots and sums

    @usableFromInline func slot(_ item: ItemIdentifier?) -> Int? {
        guard let item else { return 0 }
        return slots[item]
    }

    /// The sum of the sizes of the first `count` children of `slot`.
    @usableFromInline func prefix(_ slot: Int, _ count: Int) -> Int {
        if allOnes[slot] { return count }
        var sum = 0
        var index = count
        let tree = sums[slot]
        while index > 0 {
            sum += tree[index]
            index &= index - 1
        }
        return sum
    }

    /// The sum of all the sizes of `slot`'s children.
    @usableFromInline func total(_ slot: Int) -> Int { prefix(slot, children[slot].count) }

    /// The child of `slot` whose rows hold offset `rest` among its children's rows, and the offset within it.
    @usableFromInline func find(in slot: Int, _ rest: Int) -> (index: Int, offset: Int) {
        if allOnes[slot] { return (rest, 0) }
        let tree = sums[slot]
        let count = tree.count - 1
        var position = 0
        var rest = rest
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count, tree[next] <= rest {
                position = next
                rest -= tree[next]
            }
            step /= 2
        }
        return (position, rest)
    }

    mutating func addToSum(_ slot: Int, at index: Int, _ delta: Int) {
        materialize(slot, count: children[slot].count)
        var i = index + 1
        let count = sums[slot].count
        while i < count {
            sums[slot][i] += delta
            i += i & -i
        }
    }

    /// Appends one child's size to `slot`'s sums (O(log f)).
    mutating func appendSum(_ slot: Int, _ size: Int) {
        if allOnes[slot] {
            if size == 1 { return }
            materialize(slot, count: children[slot].count - 1)
        }
        let i = sums[slot].count
        // The new node covers (i - lowbit(i), i]: its value is the sum of that range.
        let low = i - (i & -i)
        let covered = prefix(slot, i - 1) - prefix(slot, low)
        sums[slot].append(covered + size)
    }

    /// Rebuilds `slot`'s sums (and, when `positions`, its children's positions) from its children (O(f)), in
    /// place: expand-all and collapse-all rebuild every node without allocating.
    mutating func rebuild(_ slot: Int, positions renumber: Bool = true) {
        allOnes[slot] = false
        let list = children[slot]
        var tree: [Int] = []
        swap(&tree, &sums[slot])
        tree.removeAll(keepingCapacity: true)
        tree.append(0)
        for (index, child) in list.enumerated() {
            if renumber { positions[child] = index }
            tree.append(sizes[child])
        }
        let count = list.count
        if count > 0 {
            for i in 1...count {
                let up = i + (i & -i)
                if up <= count { tree[up] += tree[i] }
            }
        }
        swap(&tree, &sums[slot])
    }

    /// Writes the sums of an ``allOnes`` slot for its first `count` children (the Fenwick tree of ones: entry i
    /// covers i & -i children).
    mutating func materialize(_ slot: Int, count: Int) {
        guard allOnes[slot] else { return }
        allOnes[slot] = false
        var tree: [Int] = []
        swap(&tree, &sums[slot])
        tree.removeAll(keepingCapacity: true)
        tree.append(0)
        if count > 0 { for index in 1...count { tree.append(index & -index) } }
        swap(&tree, &sums[slot])
    }

    /// `slot`'s size changed by `delta`: its parent's sums and the sizes of its expanded ancestors follow.
    mutating func propagate(from slot: Int, _ delta: Int) {
        var slot = slot
        while delta != 0, slot != 0 {
            let parent = parents[slot]
            addToSum(parent, at: positions[slot], delta)
            guard expanded[parent] else { return }
            sizes[parent] += delta
            slot = parent
        }
    }

    /// Sets whether `slot` (not the root) is expanded, keeping ``expandedSlots`` (O(1)).
    mutating func setExpanded(_ slot: Int, _ value: Bool) {
        guard expanded[slot] != value else { return }
        expanded[slot] = value
        if value {
            expandedIndex[slot] = expandedSlots.count
            expandedSlots.append(slot)
        } else {
            let index = expandedIndex[slot]
            let last = expandedSlots.removeLast()
            if last != slot {
                expandedSlots[index] = last
                expandedIndex[last] = index
            }
            expandedIndex[slot] = -1
        }
    }

    mutating func makeSlot(_ item: ItemIdentifier, parent: Int) -> Int {
        precondition(
            slots[item] == nil, "OutlineSnapshot: the item \(item) is already in the tree; identifiers must be unique")
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            items[slot] = item
            parents[slot] = parent
            children[slot] = []
            setExpanded(slot, false)
            sizes[slot] = 1
            sums[slot] = [0]
            allOnes[slot] = false
        } else {
            slot = items.count
            items.append(item)
            parents.append(parent)
            children.append([])
            positions.append(0)
            expanded.append(false)
            expandedIndex.append(-1)
            sizes.append(1)
            sums.append([0])
            allOnes.append(false)
        }
        slots[item] = slot
        return slot
    }

    /// The slot of `item`, stopping with a clear message when it is not in the tree.
    func existing(_ item: ItemIdentifier, _ operation: String) -> Int {
        guard let slot = slots[item] else {
            preconditionFailure("OutlineSnapshot.\(operation): the item \(item) is not in the tree")
        }
        return slot
    }
}
