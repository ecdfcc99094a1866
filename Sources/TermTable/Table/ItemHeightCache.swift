import TermTableCore
import TermTableLayout

/// The heights of table items measured so far: a dictionary behind a small direct-mapped array.
///
/// Every frame a table asks the height of each visible item two or three
/// times (to reveal the cursor, to place the rows); hashing a ``TableItem`` for
/// the dictionary was a tenth of a frame's time in the `scroll-bench` profile.
/// The array answers those look-ups with one index and one compare; the
/// dictionary keeps everything measured (up to the table's limit).
struct ItemHeightCache {
    private static let slotCount = 256
    private var heights: [TableItem: Int] = [:]
    /// Recent items by slot (a hash of section and row); `row == Int.min` marks an empty slot.
    private var recentItems = [TableItem](repeating: TableItem(section: 0, row: Int.min), count: slotCount)
    private var recentHeights = [Int](repeating: 0, count: slotCount)

    /// The number of items whose heights are kept.
    var count: Int { heights.count }

    private static func slot(of item: TableItem) -> Int {
        (item.row &+ item.section &* 977) & (slotCount - 1)
    }

    /// The height of `item`, if measured.
    subscript(item: TableItem) -> Int? {
        mutating get {
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
                if recentItems[slot] == item { recentItems[slot] = TableItem(section: 0, row: Int.min) }
            }
        }
    }

    /// Forgets the height of `item`.
    mutating func removeValue(forKey item: TableItem) {
        self[item] = nil
    }

    /// Forgets every height.
    mutating func removeAll(keepingCapacity: Bool = false) {
        heights.removeAll(keepingCapacity: keepingCapacity)
        for slot in recentItems.indices { recentItems[slot] = TableItem(section: 0, row: Int.min) }
    }
}
