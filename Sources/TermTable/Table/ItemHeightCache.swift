import TermTableCore

/// The heights of table items measured so far: a dictionary behind a small direct-mapped array.
///
/// Every frame a table asks the height of each visible item two or three
/// times (to reveal the cursor, to place the rows); hashing a ``TableItem`` for
/// the dictionary was a tenth of a frame's time in the `scroll-bench` profile.
/// The array answers those look-ups with one index and one compare; the
/// dictionary keeps everything measured (up to the table's limit).
///
/// A class the table holds in a `let`, with its slots in fixed buffers: as a
/// struct in a `var` of the table, each look-up was a `modify` access with the
/// runtime's exclusivity check and a copy-on-write check of both arrays (1-2% of a
/// frame in `perf`). One table's ``ItemMeasurements`` owns one cache; it is never shared.
final class ItemHeightCache {
    private static let slotCount = 256
    private static let emptySlot = TableItem(section: 0, row: Int.min)
    private var heights: [TableItem: Int] = [:]
    private let recentItems = UnsafeMutableBufferPointer<TableItem>.allocate(capacity: slotCount)
    private let recentHeights = UnsafeMutableBufferPointer<Int>.allocate(capacity: slotCount)

    init() {
        recentItems.initialize(repeating: Self.emptySlot)
        recentHeights.initialize(repeating: 0)
    }

    deinit {
        recentItems.deallocate()
        recentHeights.deallocate()
    }

    /// How many items the dictionary holds.
    var count: Int { heights.count }

    private static func slot(of item: TableItem) -> Int {
        (item.row &+ item.section &* 977) & (slotCount - 1)
    }

    /// The height measured for `item`, or nil; setting nil forgets it.
    subscript(item: TableItem) -> Int? {
        get {
            let slot = Self.slot(of: item)
            if recentItems[slot] == item { return recentHeights[slot] }
            guard let height = heights[item] else { return nil }
            recentItems[slot] = item
            recentHeights[slot] = height
            return height
        }
        set {
            let slot = Self.slot(of: item)
            if let newValue {
                heights[item] = newValue
                recentItems[slot] = item
                recentHeights[slot] = newValue
            } else {
                heights.removeValue(forKey: item)
                if recentItems[slot] == item { recentItems[slot] = Self.emptySlot }
            }
        }
    }

    /// Forgets `item`'s height.
    func removeValue(forKey item: TableItem) {
        self[item] = nil
    }

    /// Forgets every height.
    func removeAll(keepingCapacity: Bool = false) {
        heights.removeAll(keepingCapacity: keepingCapacity)
        recentItems.update(repeating: Self.emptySlot)
    }
}
