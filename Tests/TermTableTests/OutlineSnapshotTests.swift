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
}
