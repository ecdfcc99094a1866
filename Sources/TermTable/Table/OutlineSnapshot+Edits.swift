extension OutlineSnapshot {
    /// Appends `items` as the last children of `parent` (nil: top-level items), collapsed (O(k log f + d log f)).
    public mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier? = nil) {
        let parentSlot = parent.map { existing($0, "append") } ?? 0
        for item in items {
            let slot = makeSlot(item, parent: parentSlot)
            positions[slot] = children[parentSlot].count
            children[parentSlot].append(slot)
            appendSum(parentSlot, 1)
        }
        grow(parentSlot, by: items.count)
    }

    /// Inserts `items` before `sibling`, under its parent (O(f)).
    public mutating func insert(_ items: [ItemIdentifier], before sibling: ItemIdentifier) {
        let slot = existing(sibling, "insert(_:before:)")
        insert(items, under: parents[slot], at: positions[slot])
    }

    /// Inserts `items` after `sibling`, under its parent (O(f)).
    public mutating func insert(_ items: [ItemIdentifier], after sibling: ItemIdentifier) {
        let slot = existing(sibling, "insert(_:after:)")
        insert(items, under: parents[slot], at: positions[slot] + 1)
    }

    /// Deletes `items` with their descendants (items not in the tree are ignored).
    public mutating func delete(_ items: [ItemIdentifier]) {
        for item in items {
            guard let slot = slots[item] else { continue }
            detach(slot)
            var stack = [slot]
            while let gone = stack.popLast() {
                stack += children[gone]
                slots[self.items[gone]!] = nil
                self.items[gone] = nil
                setExpanded(gone, false)
                children[gone] = []
                sums[gone] = [0]
                allOnes[gone] = false
                if let state = childStates.removeValue(forKey: gone) {
                    placeholderCount -= state.placeholderRows
                    loadingSlots.remove(gone)
                }
                freeSlots.append(gone)
            }
        }
    }

    /// Moves `item` with its descendants to be the child of `parent` (nil: top level) at `index` (nil: the last).
    ///
    /// Moving an item under itself or one of its descendants is a programmer error.
    public mutating func move(_ item: ItemIdentifier, toParent parent: ItemIdentifier?, at index: Int? = nil) {
        let slot = existing(item, "move")
        let parentSlot = parent.map { existing($0, "move") } ?? 0
        var ancestor = parentSlot
        while ancestor != 0 {
            precondition(ancestor != slot, "OutlineSnapshot.move: \(item) cannot move under itself")
            ancestor = parents[ancestor]
        }
        detach(slot)
        let count = children[parentSlot].count
        attach(slot, under: parentSlot, at: min(max(0, index ?? count), count))
    }

    /// Expands `items`: their children show when they show (O(d log f) each, whatever they hold).
    public mutating func expand(_ items: [ItemIdentifier]) {
        for item in items {
            let slot = existing(item, "expand")
            startLoading(slot)
            guard !expanded[slot] else { continue }
            setExpanded(slot, true)
            let delta = total(slot) + placeholderRows(slot)
            sizes[slot] += delta
            propagate(from: slot, delta)
        }
    }

    /// Collapses `items`: their descendants hide, keeping their own expansion for the next expand.
    public mutating func collapse(_ items: [ItemIdentifier]) {
        for item in items {
            let slot = existing(item, "collapse")
            guard expanded[slot] else { continue }
            setExpanded(slot, false)
            let delta = 1 - sizes[slot]
            sizes[slot] = 1
            propagate(from: slot, delta)
            stopLoading(slot)
        }
    }

    /// Expands `item` and every descendant that has children (nil: the whole tree), in O(size of the subtree).
    ///
    /// Leaves keep their state (as `NSOutlineView`'s `expandItem(_:expandChildren:)` expands only expandable
    /// items): a leaf expanded here would show children appended later, and collapse-all would have to visit it.
    /// It starts no load: an item whose children are not loaded (``OutlineChildrenState/notLoaded``) and has none
    /// stays collapsed.
    public mutating func expandAll(under item: ItemIdentifier? = nil) {
        expandAll(under: item.map { existing($0, "expandAll") } ?? 0)
    }

    /// Collapses `item` and every descendant (nil: every item of the tree): for the whole tree in O(children of
    /// the expanded items), never visiting a collapsed item's leaves; under an item in O(size of its subtree).
    public mutating func collapseAll(under item: ItemIdentifier? = nil) {
        collapseAll(under: item.map { existing($0, "collapseAll") } ?? 0)
    }

    /// Expands the ancestors of `item` so it shows (O(d² log f)).
    public mutating func reveal(_ item: ItemIdentifier) {
        var slot = parents[existing(item, "reveal")]
        var path: [ItemIdentifier] = []
        while slot > 0 {
            path.append(items[slot]!)
            slot = parents[slot]
        }
        expand(path.reversed())
    }

    // MARK: Helpers

    /// `slot`'s children's sizes grew by `delta`: its size and its ancestors' follow when it is expanded.
    mutating func grow(_ slot: Int, by delta: Int) {
        guard expanded[slot], delta != 0 else { return }
        sizes[slot] += delta
        propagate(from: slot, delta)
    }

    mutating func insert(_ items: [ItemIdentifier], under parentSlot: Int, at index: Int) {
        let made = items.map { makeSlot($0, parent: parentSlot) }
        children[parentSlot].insert(contentsOf: made, at: index)
        rebuild(parentSlot)
        grow(parentSlot, by: made.count)
    }

    /// Takes `slot` (with its subtree) out of its parent's children.
    mutating func detach(_ slot: Int) {
        let parentSlot = parents[slot]
        children[parentSlot].remove(at: positions[slot])
        rebuild(parentSlot)
        grow(parentSlot, by: -sizes[slot])
    }

    mutating func attach(_ slot: Int, under parentSlot: Int, at index: Int) {
        parents[slot] = parentSlot
        children[parentSlot].insert(slot, at: index)
        rebuild(parentSlot)
        grow(parentSlot, by: sizes[slot])
    }

    /// Expands `top` (unless it is the root) and every descendant, sizes and sums rebuilt bottom-up, then tells
    /// the ancestors.
    mutating func expandAll(under top: Int) {
        let before = sizes[top]
        var order: [Int] = [top]
        var next = 0
        while next < order.count {
            order += children[order[next]]
            next += 1
        }
        for slot in order.reversed() {
            guard !children[slot].isEmpty else { continue }  // a leaf: its size is 1 and its sums empty
            if slot != 0 { setExpanded(slot, true) }
            rebuild(slot, positions: false)
            sizes[slot] = 1 + total(slot) + placeholderRows(slot)
        }
        propagate(from: top, sizes[top] - before)
    }

    /// Collapses `top` (unless it is the root) and every descendant. Only the expanded items change: each becomes
    /// of size 1 and ``allOnes`` (every child of it is then of size 1; no sums written); a collapsed item keeps its
    /// size 1, and its sums follow its expanded children's change. The whole tree's expanded items are ``expandedSlots``;
    /// under an item they are found by walking the subtree.
    mutating func collapseAll(under top: Int) {
        let before = sizes[top]
        var found: [Int]
        if top == 0 {
            found = expandedSlots
        } else {
            found = []
            var stack = [top]
            while let slot = stack.popLast() {
                if expanded[slot] { found.append(slot) }
                for child in children[slot] {
                    if !children[child].isEmpty {
                        stack.append(child)
                    } else if expanded[child] {
                        found.append(child)
                    }
                }
            }
        }
        for slot in found where slot != top && !expanded[parents[slot]] {
            addToSum(parents[slot], at: positions[slot], 1 - sizes[slot])
        }
        for slot in found {
            if top == 0 {
                expanded[slot] = false
                expandedIndex[slot] = -1
            } else {
                setExpanded(slot, false)
            }
            sizes[slot] = 1
            allOnes[slot] = true
        }
        if top == 0 {
            expandedSlots.removeAll(keepingCapacity: true)
            allOnes[0] = true
            sizes[0] = 1 + children[0].count
        }
        propagate(from: top, sizes[top] - before)
        for slot in loadingSlots where !expanded[slot] { stopLoading(slot) }
    }
}
