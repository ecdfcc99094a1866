import Testing

@testable import TermTable

/// The outline snapshot's sums: edits under a collapsed item show when it expands.
@Suite struct OutlineSnapshotTests {
    @Test func anItemExpandedUnderACollapsedParentShowsItsChildrenWhenTheParentExpands() {
        var tree = OutlineSnapshot<String>()
        tree.append(["a", "z"])
        tree.append(["b"], to: "a")
        tree.append(["c", "d"], to: "b")
        tree.expand(["b"])
        #expect(tree.visibleItems == ["a", "z"] && tree.numberOfVisibleItems == 2)
        tree.expand(["a"])
        #expect(tree.numberOfVisibleItems == 5 && tree.item(atVisibleRow: 4) == "z")
        #expect(tree.visibleRow(of: "z") == 4)
    }

    @Test func reserveCapacityLetsThatManyItemsBeAppendedWithoutResizingTheIndex() {
        var tree = OutlineSnapshot<Int>()
        tree.reserveCapacity(10_000)
        let capacity = tree.slots.capacity
        #expect(capacity >= 10_000 && tree.items.capacity >= 10_001)
        tree.append([0])
        tree.append(Array(1..<5_000), to: 0)
        tree.append(Array(5_000..<10_000))
        #expect(tree.slots.capacity == capacity && tree.numberOfItems == 10_000)
        tree.expand([0])
        #expect(tree.visibleRow(of: 9_999) == 9_999)
    }
}
