import Testing

@testable import ScrollBench

/// `scroll-bench --workload tree`: the generated tree has the nodes asked for, expand-all shows them all, and
/// the arguments are checked.
@MainActor
@Suite struct TreeBenchTests {
    @Test func theTreeWorkloadExpandsEveryNodeAndScrollsBesideAFlatList() {
        let result = TreeBench.run(nodes: 5_000, frames: 20, width: 60, height: 10)
        #expect(result.nodes == 5_000 && result.visibleAfterExpandAll == 5_000)
        #expect(result.bigChildren == 500 && result.frames == 20)
        #expect(result.moveThousandMs >= result.applyMovedMs && result.applyMovedMs > 0)
        let tree = TreeBench.makeTree(nodes: 5_000, big: 500)
        #expect(tree.children(of: 1).count == 500)
        #expect(tree.visibleItems.count == 2 && (2..<5_000).allSatisfy { (tree.level(of: $0) ?? 99) <= 11 })
    }

    @Test func theTreeWorkloadTakesNodesOfTenOrMore() throws {
        #expect(throws: ScrollBench.UsageError.self) { try ScrollBench.parse(["--workload", "tree", "--nodes", "3"]) }
        let command = try ScrollBench.parse(["--workload", "tree", "--nodes", "2000"])
        #expect(command.nodes == 2_000)
    }
}
