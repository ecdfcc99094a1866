import TermTableCore

/// The keys of a sort, read on the main actor and compared off it: per level, each item's key with a kind rank
/// and an order-keeping 64-bit prefix, so that most comparisons are two integer comparisons.
///
/// Items are numbered in the snapshot's order, section by section (the "flat" index). The order is total: the
/// levels, then the flat index, so every sort is stable and any algorithm gives the same result.
@usableFromInline
struct TableSortLevels: Sendable {
    /// The number of items.
    let count: Int
    /// The direction of each level.
    let ascending: [Bool]
    /// Level `l`'s key of item `i` at `l * count + i`.
    let keys: [TableSortKey]
    /// The kind rank of each key (4: empty, last in both directions).
    let ranks: [UInt8]
    /// A prefix of each key, in the key's order within its kind: `a < b` gives `prefix(a) <= prefix(b)`.
    let prefixes: [UInt64]

    /// The rank of ``/TermTableCore/TableSortKey/empty``.
    static let emptyRank: UInt8 = 4

    /// The levels of `keys` (level `l`'s key of item `i` at `l * count + i`), in the directions `ascending`.
    @usableFromInline
    init(keys: [TableSortKey], count: Int, ascending: [Bool]) {
        self.count = count
        self.ascending = ascending
        var ranks: [UInt8] = []
        var prefixes: [UInt64] = []
        ranks.reserveCapacity(keys.count)
        prefixes.reserveCapacity(keys.count)
        for value in keys {
            ranks.append(UInt8(value.kindRank))
            prefixes.append(Self.prefix(of: value))
        }
        self.keys = keys
        self.ranks = ranks
        self.prefixes = prefixes
    }

    /// A 64-bit prefix in the key's order within its kind (equal keys, equal prefixes).
    static func prefix(of key: TableSortKey) -> UInt64 {
        switch key {
        case .empty: return 0
        case .integer(let value): return orderedBits(Double(value))
        case .decimal(let value), .date(let value): return orderedBits(value)
        case .boolean(let value): return value ? 1 : 0
        case .text(let value):
            var prefix: UInt64 = 0
            var shift = 56
            for byte in value.utf8 {
                prefix |= UInt64(byte) << UInt64(shift)
                shift -= 8
                if shift < 0 { break }
            }
            return prefix
        }
    }

    /// The bits of a double as an unsigned integer in the double's order (NaN after +infinity, -0 as 0).
    static func orderedBits(_ value: Double) -> UInt64 {
        if value.isNaN { return .max }
        let bits = (value == 0 ? 0 : value).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    /// The keys as buffers, for the comparisons of one sort.
    func withComparator<Result>(_ body: (Comparator) throws -> Result) rethrows -> Result {
        try keys.withUnsafeBufferPointer { keys in
            try ranks.withUnsafeBufferPointer { ranks in
                try prefixes.withUnsafeBufferPointer { prefixes in
                    try body(
                        Comparator(count: count, ascending: ascending, keys: keys, ranks: ranks, prefixes: prefixes))
                }
            }
        }
    }

    /// Compares items by their flat indices.
    struct Comparator {
        let count: Int
        let ascending: [Bool]
        let keys: UnsafeBufferPointer<TableSortKey>
        let ranks: UnsafeBufferPointer<UInt8>
        let prefixes: UnsafeBufferPointer<UInt64>

        /// True when item `a` comes before item `b`.
        @inline(__always)
        func less(_ a: Int32, _ b: Int32) -> Bool {
            var offset = 0
            for level in 0..<ascending.count {
                let order = compare(offset + Int(a), offset + Int(b), ascending: ascending[level])
                if order != 0 { return order < 0 }
                offset += count
            }
            return a < b
        }

        @inline(__always)
        private func compare(_ a: Int, _ b: Int, ascending: Bool) -> Int {
            let rankA = ranks[a]
            let rankB = ranks[b]
            if rankA != rankB {
                if rankA == TableSortLevels.emptyRank { return 1 }
                if rankB == TableSortLevels.emptyRank { return -1 }
                return (rankA < rankB) == ascending ? -1 : 1
            }
            if rankA == TableSortLevels.emptyRank { return 0 }
            let prefixA = prefixes[a]
            let prefixB = prefixes[b]
            if prefixA != prefixB { return (prefixA < prefixB) == ascending ? -1 : 1 }
            let order = TableSortKey.order(keys[a], keys[b])
            return ascending ? order : -order
        }
    }

    // MARK: Sorting

    /// The flat indices of `range`, sorted (on the caller's thread).
    @usableFromInline
    func sorted(_ range: Range<Int>) -> [Int32] {
        var order = (Int32(range.lowerBound)..<Int32(range.upperBound)).map { $0 }
        withComparator { comparator in order.sort { comparator.less($0, $1) } }
        return order
    }

    /// The flat indices of each range, sorted in parallel chunks merged pairwise (on the executor the caller's
    /// task prefers); nil when the task was cancelled (checked between chunks and merges).
    @usableFromInline
    func sorted(_ ranges: [Range<Int>]) async -> [[Int32]]? {
        var result: [[Int32]] = []
        for range in ranges {
            guard let order = await sortedInParallel(range) else { return nil }
            result.append(order)
        }
        return result
    }

    private func sortedInParallel(_ range: Range<Int>) async -> [Int32]? {
        let chunks = max(1, min(FuzzyCorpus.coreCount * 2, range.count / 16_384))
        let levels = self
        var parts = await withTaskGroup(of: (Int, [Int32]?).self) { group -> [[Int32]]? in
            for chunk in 0..<chunks {
                let start = range.lowerBound + range.count * chunk / chunks
                let end = range.lowerBound + range.count * (chunk + 1) / chunks
                group.addTask { (chunk, Task.isCancelled ? nil : levels.sorted(start..<end)) }
            }
            var parts = [[Int32]](repeating: [], count: chunks)
            for await (chunk, part) in group {
                guard let part else {
                    group.cancelAll()
                    return nil
                }
                parts[chunk] = part
            }
            return parts
        }
        while let current = parts, current.count > 1 {
            parts = await withTaskGroup(of: (Int, [Int32]?).self) { group -> [[Int32]]? in
                for pair in stride(from: 0, to: current.count, by: 2) {
                    let left = current[pair]
                    let right = pair + 1 < current.count ? current[pair + 1] : []
                    group.addTask { (pair / 2, Task.isCancelled ? nil : levels.merged(left, right)) }
                }
                var merged = [[Int32]](repeating: [], count: (current.count + 1) / 2)
                for await (index, part) in group {
                    guard let part else {
                        group.cancelAll()
                        return nil
                    }
                    merged[index] = part
                }
                return merged
            }
        }
        guard let parts, !Task.isCancelled else { return nil }
        return parts.first ?? []
    }

    /// Two sorted runs merged.
    func merged(_ left: [Int32], _ right: [Int32]) -> [Int32] {
        if right.isEmpty { return left }
        if left.isEmpty { return right }
        var result: [Int32] = []
        result.reserveCapacity(left.count + right.count)
        withComparator { comparator in
            var i = 0
            var j = 0
            while i < left.count, j < right.count {
                if comparator.less(right[j], left[i]) {
                    result.append(right[j])
                    j += 1
                } else {
                    result.append(left[i])
                    i += 1
                }
            }
            result += left[i...]
            result += right[j...]
        }
        return result
    }

    // MARK: The first screen

    /// The flat indices of `range` with the items of sorted places `window` (relative to the range) in those
    /// places, in order, and the others around them in no set order: O(items) comparisons (a selection).
    @usableFromInline
    func placing(_ window: Range<Int>, of range: Range<Int>) -> [Int32] {
        var order = (Int32(range.lowerBound)..<Int32(range.upperBound)).map { $0 }
        guard !window.isEmpty else { return order }
        withComparator { comparator in
            order.withUnsafeMutableBufferPointer { buffer in
                Self.select(window.lowerBound, in: buffer, from: 0, to: buffer.count, comparator)
                Self.select(window.upperBound - 1, in: buffer, from: window.lowerBound, to: buffer.count, comparator)
                buffer[window].sort { comparator.less($0, $1) }
            }
        }
        return order
    }

    /// The sorted place item `item` takes among the items of `range`: how many come before it.
    @usableFromInline
    func place(of item: Int, in range: Range<Int>) -> Int {
        withComparator { comparator in
            var before = 0
            for other in range where comparator.less(Int32(other), Int32(item)) { before += 1 }
            return before
        }
    }

    /// Quickselect: the item of sorted place `k` at `k`, smaller ones before it, larger after (within
    /// `lower..<upper`; the items are distinct in the comparator's total order).
    private static func select(
        _ k: Int, in buffer: UnsafeMutableBufferPointer<Int32>, from lower: Int, to upper: Int, _ comparator: Comparator
    ) {
        var low = lower
        var high = upper - 1
        while low < high {
            let middle = low + (high - low) / 2
            if comparator.less(buffer[middle], buffer[low]) { buffer.swapAt(middle, low) }
            if comparator.less(buffer[high], buffer[low]) { buffer.swapAt(high, low) }
            if comparator.less(buffer[high], buffer[middle]) { buffer.swapAt(high, middle) }
            let pivot = buffer[middle]
            var i = low
            var j = high
            while i <= j {
                while comparator.less(buffer[i], pivot) { i += 1 }
                while comparator.less(pivot, buffer[j]) { j -= 1 }
                if i <= j {
                    buffer.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }
}

/// The sort a diffable data source runs off the main actor, and a counter that tells a stale result from the
/// current one.
@MainActor
@usableFromInline
final class TableSortTask {
    /// The sort in flight.
    @usableFromInline var task: Task<Void, Never>?
    /// Bumped by every new sort and every cancellation.
    @usableFromInline private(set) var generation = 0
    /// Sorts the data source's items again, made by its inlinable `apply` so that it runs code specialised for the
    /// app's identifier types (called through a protocol, the generic code is several times slower).
    @usableFromInline var resort: (@MainActor () -> Void)?

    @usableFromInline init() {}

    /// Cancels the sort in flight (its result is dropped) and returns the generation of the next one.
    @discardableResult
    @usableFromInline
    func cancel() -> Int {
        task?.cancel()
        task = nil
        generation += 1
        return generation
    }
}
