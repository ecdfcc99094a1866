extension AutoresizingLayout {
    /// One view on one line of the design, while the line is solved.
    private struct Member {
        var index: Int
        var width: Int
        var gapBefore: Int
        var minimum: Int
        var priority: Int
        var stretches: Bool
        var pinned: Bool
    }

    /// Solves the horizontal axis: x and width of every item at `width`, line by line (see the type's description).
    static func horizontal(_ items: [Item], designWidth: Int, width: Int) -> [(Int, Int)] {
        var lines: [Int: [Int]] = [:]
        for (index, item) in items.enumerated() {
            for line in item.frame.y..<(item.frame.y + max(1, item.frame.height)) {
                lines[line, default: []].append(index)
            }
        }
        // Each item's columns: the intersection of what every line it is on gives it; nil when hidden.
        var start = items.map { _ in Int.min }
        var end = items.map { _ in Int.max }
        var hidden = [Bool](repeating: false, count: items.count)
        for (_, members) in lines {
            let solved = solveLine(members, items: items, designWidth: designWidth, width: width)
            for index in members {
                guard let (x, w) = solved[index] else {
                    hidden[index] = true
                    continue
                }
                start[index] = max(start[index], x)
                end[index] = min(end[index], x + w)
            }
        }
        let minimums = items.map {
            $0.shrink.effectiveMinimumWidth(designWidth: $0.frame.width, stretches: $0.mask.contains(.flexibleWidth))
        }
        var result: [(Int, Int)] = []
        for (index, item) in items.enumerated() {
            let x = max(0, min(start[index] == Int.min ? item.frame.x : start[index], width))
            let w = hidden[index] ? 0 : max(0, min(end[index], width) - x)
            result.append((x, w < minimums[index] ? 0 : w))
        }
        // Nothing overlaps: cut each item at the next one on its lines (items with no room cut nothing).
        for i in items.indices where result[i].1 > 0 {
            var cut = result[i].0 + result[i].1
            for j in items.indices where j != i && result[j].1 > 0 && sharesLine(items[i].frame, items[j].frame) {
                let other = result[j].0
                if other >= result[i].0 && other < cut && (other > result[i].0 || j > i) { cut = other }
            }
            result[i].1 = max(0, cut - result[i].0)
            if result[i].1 < minimums[i] { result[i].1 = 0 }
        }
        return result
    }

    /// True when two design frames share a line.
    private static func sharesLine(_ a: Rect, _ b: Rect) -> Bool {
        a.y < b.y + max(1, b.height) && b.y < a.y + max(1, a.height)
    }

    /// Solves one line: each member's x and width, nil for a member that takes no room.
    private static func solveLine(
        _ indices: [Int], items: [Item], designWidth: Int,
        width: Int
    ) -> [Int: (Int, Int)] {
        let sorted = indices.sorted { (items[$0].frame.x, $0) < (items[$1].frame.x, $1) }
        var members: [Member] = []
        var previousEnd = 0
        for index in sorted {
            let item = items[index]
            let stretches = item.mask.contains(.flexibleWidth)
            members.append(
                Member(
                    index: index, width: item.frame.width, gapBefore: item.frame.x - previousEnd,
                    minimum: item.shrink.effectiveMinimumWidth(
                        designWidth: item.frame.width,
                        stretches: stretches),
                    priority: item.shrink.effectivePriority(stretches: stretches),
                    stretches: stretches, pinned: item.mask.contains(.flexibleLeftMargin)))
            previousEnd = item.frame.x + item.frame.width
        }
        let trailing = designWidth - previousEnd
        var result: [Int: (Int, Int)] = [:]
        // Views hidden below a width take no room at all.
        for position in members.indices.reversed()
        where (items[members[position].index].shrink.hiddenBelowWidth ?? 0) > width {
            remove(at: position, from: &members)
        }
        while !members.isEmpty {
            let design = members.reduce(trailing) { $0 + $1.gapBefore + $1.width }
            if width >= design {
                for (index, frame) in grow(members, by: width - design) { result[index] = frame }
                return result
            }
            var widths = members.map(\.width)
            var loss = design - width
            for level in Set(members.map(\.priority)).sorted() where loss > 0 {
                while loss > 0 {
                    let pool = members.indices.filter {
                        members[$0].priority == level && widths[$0] > members[$0].minimum
                    }
                    if pool.isEmpty { break }
                    let base = loss / pool.count
                    let remainder = loss % pool.count
                    for (rank, position) in pool.enumerated() {
                        let take = min(widths[position] - members[position].minimum, base + (rank < remainder ? 1 : 0))
                        widths[position] -= take
                        loss -= take
                    }
                }
            }
            if loss > 0 {
                // Everything is at its minimum: the first to give way (the rightmost among equals) is hidden.
                let first = members.map(\.priority).min()!
                remove(at: members.lastIndex { $0.priority == first }!, from: &members)
                continue
            }
            var x = 0
            for (member, w) in zip(members, widths) {
                x += member.gapBefore
                result[member.index] = (x, w)
                x += w
            }
            return result
        }
        return result  // nothing fits, not even the margins: every member takes no room
    }

    /// Takes a member out of its line with the gap after it (before it, for the last one).
    private static func remove(at position: Int, from members: inout [Member]) {
        if position + 1 < members.count { members[position + 1].gapBefore = members[position].gapBefore }
        members.remove(at: position)
    }

    /// Places the members of a line wider than their design: stretching members share the growth, pinned ones follow the right edge.
    private static func grow(_ members: [Member], by delta: Int) -> [(Int, (Int, Int))] {
        let stretching = members.indices.filter { members[$0].stretches }
        var share = [Int](repeating: 0, count: members.count)
        if !stretching.isEmpty {
            let base = delta / stretching.count
            let remainder = delta % stretching.count
            for (rank, position) in stretching.enumerated() { share[position] = base + (rank < remainder ? 1 : 0) }
        }
        var x = 0
        var gained = 0
        var result: [(Int, (Int, Int))] = []
        for (position, member) in members.enumerated() {
            x += member.gapBefore
            let placed = member.pinned ? x + delta : x + gained
            result.append((member.index, (placed, member.width + share[position])))
            x += member.width
            gained += share[position]
        }
        return result
    }
}
