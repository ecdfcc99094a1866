import Testing

@testable import TermTable

/// Sort descriptors over ``TableSortKey``s: the direction, empty values last both ways, and the sorter's prefixes.
@Suite struct TableSortDescriptorTests {
    /// A descending level reverses values but keeps empty values last.
    @Test func emptyValuesComeLastInBothDirections() {
        let keys: [TableSortKey] = [.integer(2), .empty, .integer(1), .empty, .integer(3)]
        for ascending in [true, false] {
            let sorted = keys.sorted { TableSortDescriptor.order($0, $1, ascending: ascending) < 0 }
            #expect(sorted == (ascending ? [1, 2, 3] : [3, 2, 1]).map { .integer($0) } + [.empty, .empty])
        }
    }

    /// The prefixes the sorter compares first keep the keys' order (equal keys, equal prefixes).
    @Test func prefixesKeepTheOrderOfKeys() {
        let keys: [TableSortKey] = [
            .integer(.min), .decimal(-1e300), .integer(-1), .decimal(-0.0), .integer(0), .decimal(0.5),
            .integer(1 << 60),
            .decimal(.infinity), .decimal(.nan), .text(""), .text("a"), .text("abcdefgh"), .text("abcdefghi"),
            .text("b"), .boolean(false), .boolean(true),
        ]
        for a in keys {
            for b in keys where a.kindRank == b.kindRank && a < b {
                #expect(TableSortLevels.prefix(of: a) <= TableSortLevels.prefix(of: b), "\(a) \(b)")
            }
        }
        #expect(TableSortLevels.prefix(of: .decimal(-0.0)) == TableSortLevels.prefix(of: .integer(0)))
    }

    @Test func aDescriptorReverses() {
        let descriptor = TableSortDescriptor(column: "cpu")
        #expect(descriptor.ascending)
        #expect(descriptor.reversed == TableSortDescriptor(column: "cpu", ascending: false))
        #expect(descriptor.reversed.reversed == descriptor)
    }
}
