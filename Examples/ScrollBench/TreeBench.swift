import TermTable

/// `--workload tree --nodes N`: an outline of N nodes (random depth up to 12, one node with 10^5 children when N
/// allows), timed for expand-all, collapse-all, expanding the big node and scrolling it, beside a flat list of the
/// same rows.
@MainActor
enum TreeBench {
    /// The figures, in milliseconds (frames: p50 in microseconds).
    struct Result: Codable {
        var nodes: Int
        var visibleAfterExpandAll: Int
        var buildMs: Double
        var expandAllMs: Double
        var collapseAllMs: Double
        var expandBigMs: Double
        var collapseBigMs: Double
        /// Copying the shown snapshot, moving 1,000 random nodes under other parents in it, applying it.
        var moveThousandMs: Double
        /// Of which the apply.
        var applyMovedMs: Double
        /// Moving 1,000 other nodes in place (``OutlineDataSource/update(keepingCursorLine:_:)``: no copy).
        var updateMoveThousandMs: Double
        var bigChildren: Int
        var treeFrameP50Us: Double
        var flatFrameP50Us: Double
        var frames: Int
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// Builds a tree of `nodes` items: node 1 gets `big` children, the rest hang under random earlier nodes no
    /// deeper than 12.
    static func makeTree(nodes: Int, big: Int) -> OutlineSnapshot<Int> {
        var tree = OutlineSnapshot<Int>()
        var depth = [0, 0]
        tree.append([0, 1])
        tree.append(Array(2..<2 + big), to: 1)
        depth += Array(repeating: 1, count: big)
        var seed: UInt64 = 0x7AEE_0035
        var id = 2 + big
        var batch: [Int: [Int]] = [:]
        var order: [Int] = []
        while id < nodes {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Parents among the last nodes made (deep chains) or anywhere (wide levels), at most depth 11.
            let span = UInt64(min(id, seed % 3 == 0 ? 50 : id))
            var parent = id - 1 - Int((seed >> 33) % span)
            if parent >= 1 && parent < 2 + big || depth[parent] >= 11 { parent = 0 }
            depth.append(depth[parent] + 1)
            if batch[parent] == nil { order.append(parent) }
            batch[parent, default: []].append(id)
            id += 1
        }
        // Children are appended in id order per parent: a parent is always made before its children.
        var made: Set<Int> = [0, 1]
        var pending = order
        while !pending.isEmpty {
            var next: [Int] = []
            for parent in pending {
                if made.contains(parent) || parent < 2 + big {
                    tree.append(batch[parent]!, to: parent)
                    made.formUnion(batch[parent]!)
                } else {
                    next.append(parent)
                }
            }
            pending = next
        }
        return tree
    }

    /// Frame p50 in microseconds while the cursor moves down `frames` rows.
    static func scrollFrames(_ table: TableView, _ app: Application, frames: Int) -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(frames)
        app.render()
        for _ in 0..<frames {
            let start = clock.now
            app.handle(.key(.down))
            app.render()
            times.append(milliseconds(clock.now - start) * 1e3)
        }
        times.sort()
        return times.isEmpty ? 0 : times[times.count / 2]
    }

    /// Moves 1,000 random nodes of `tree` under random other parents (never under themselves).
    static func moveThousand(_ tree: inout OutlineSnapshot<Int>, seed: UInt64) {
        var seed = seed
        func random(_ below: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(below))
        }
        let nodes = tree.numberOfItems
        var moved = 0
        while moved < 1_000 {
            let node = 2 + random(nodes - 2)
            var parent: Int? = random(nodes)
            var ancestor = parent
            while let up = ancestor, up != node { ancestor = tree.parent(of: up) }
            if ancestor == node { continue }
            if parent == 0 && random(2) == 0 { parent = nil }
            tree.move(node, toParent: parent, at: random(8))
            moved += 1
        }
    }

    /// Milliseconds to take the shown snapshot, move 1,000 nodes in it and apply it, and of those the apply's;
    /// then to move 1,000 others in place.
    static func moveThousand(_ source: OutlineDataSource<Int>) -> (total: Double, apply: Double, inPlace: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var tree = source.snapshot()
        moveThousand(&tree, seed: 0x0035_1000)
        let applyStart = clock.now
        source.apply(tree)
        let end = clock.now
        tree = OutlineSnapshot()
        source.update { moveThousand(&$0, seed: 0x0035_2000) }
        return (milliseconds(end - start), milliseconds(end - applyStart), milliseconds(clock.now - end))
    }

    static func run(nodes: Int, frames: Int, width: Int, height: Int) -> Result {
        let clock = ContinuousClock()
        let big = min(100_000, nodes / 10)
        var start = clock.now
        var tree = makeTree(nodes: nodes, big: big)
        let buildMs = milliseconds(clock.now - start)
        tree.expand([0])

        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "row")
        table.showsScrollIndicator = false
        var outline: OutlineDataSource<Int>?
        let source = OutlineDataSource<Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! BasicCell
            cell.textLabel.text = (outline?.prefix(for: item) ?? "") + Workload.title(item)
            return cell
        }
        outline = source
        source.apply(tree)
        let nodeCount = tree.numberOfItems
        tree = OutlineSnapshot()  // the table's tree is not shared: the edits below copy nothing
        let app = Application(screen: BufferScreen(width: width, height: height), rootView: table)
        app.render()

        start = clock.now
        source.expandAll()
        let expandAllMs = milliseconds(clock.now - start)
        app.render()
        let visible = source.snapshot().numberOfVisibleItems
        start = clock.now
        source.collapseAll()
        let collapseAllMs = milliseconds(clock.now - start)
        app.render()
        start = clock.now
        source.expand(1)
        let expandBigMs = milliseconds(clock.now - start)
        app.render()
        table.setCursor(IndexPath(row: 1, section: 0))
        let treeFrame = scrollFrames(table, app, frames: frames)
        let flatItems = [0, 1] + Array(2..<2 + big)
        let texts = flatItems.map { source.prefix(for: $0) + Workload.title($0) }
        start = clock.now
        source.collapse(1)
        let collapseBigMs = milliseconds(clock.now - start)
        let (moveThousandMs, applyMovedMs, updateMoveThousandMs) = moveThousand(source)

        // The same rows in a flat list (a diffable data source of the visible rows after expanding the big node),
        // each with the text the tree's row shows (its guides made once, as an app that flattens a tree does).
        let flat = TableView()
        flat.register(BasicCell.self, forCellReuseIdentifier: "row")
        flat.showsScrollIndicator = false
        let flatSource = TableViewDiffableDataSource<Int, Int>(tableView: flat) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! BasicCell
            cell.textLabel.text = texts[item]
            return cell
        }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(flatItems)
        flatSource.apply(snapshot)
        let flatApp = Application(screen: BufferScreen(width: width, height: height), rootView: flat)
        flat.setCursor(IndexPath(row: 1, section: 0))
        let flatFrame = scrollFrames(flat, flatApp, frames: frames)
        return Result(
            nodes: nodeCount, visibleAfterExpandAll: visible, buildMs: buildMs, expandAllMs: expandAllMs,
            collapseAllMs: collapseAllMs, expandBigMs: expandBigMs, collapseBigMs: collapseBigMs,
            moveThousandMs: moveThousandMs, applyMovedMs: applyMovedMs, updateMoveThousandMs: updateMoveThousandMs,
            bigChildren: big,
            treeFrameP50Us: treeFrame, flatFrameP50Us: flatFrame, frames: frames)
    }
}
