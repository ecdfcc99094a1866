import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The outline data source against a model tree: random appends, inserts before and after a sibling, deletes,
/// moves under another parent, expands, collapses, expand-all and collapse-all (under an item or the whole tree),
/// reveals, marks and cursor moves, on a table in memory. After every step the visible items equal the model's
/// flattening (and every row and item answer each other), every item's parent and level are the model's, the
/// marks are on their items (hidden ones kept) and the cursor is on its item, its nearest shown ancestor, or, its
/// item deleted, on its row.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 200), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite @MainActor
struct OutlinePropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 200
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x7AEE_0035
    }

    /// The reference: children lists by parent (-1: the top level) and the expanded items, flattened naively.
    struct Model {
        var children: [Int: [Int]] = [-1: []]
        var parent: [Int: Int] = [:]
        var expanded: Set<Int> = []
        var next = 0

        var all: [Int] { parent.keys.sorted() }

        func flattened() -> [Int] {
            var result: [Int] = []
            func visit(_ node: Int) {
                for child in children[node] ?? [] {
                    result.append(child)
                    if expanded.contains(child) { visit(child) }
                }
            }
            visit(-1)
            return result
        }

        func subtree(_ node: Int) -> [Int] {
            var result = [node]
            var next = 0
            while next < result.count {
                result += children[result[next]] ?? []
                next += 1
            }
            return result
        }

        func level(_ node: Int) -> Int {
            var level = 0
            var up = parent[node]!
            while up != -1 {
                level += 1
                up = parent[up]!
            }
            return level
        }

        mutating func make(_ count: Int) -> [Int] {
            let made = Array(next..<next + count)
            next += count
            return made
        }

        mutating func place(_ nodes: [Int], under up: Int, at index: Int) {
            children[up, default: []].insert(contentsOf: nodes, at: index)
            for node in nodes { parent[node] = up }
        }

        mutating func detach(_ node: Int) {
            let up = parent[node]!
            children[up]!.removeAll { $0 == node }
        }

        mutating func delete(_ node: Int) {
            detach(node)
            for gone in subtree(node) {
                parent[gone] = nil
                children[gone] = nil
                expanded.remove(gone)
            }
        }
    }

    /// An outline table of numbered items on an in-memory screen.
    @MainActor
    final class Fixture {
        let table = TableView()
        let dataSource: OutlineDataSource<Int>
        let driver: AppDriver

        init(height: Int) {
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            table.selectionMode = .multiple
            dataSource = OutlineDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = "\(item)"
                return cell
            }
            driver = AppDriver(rootView: table, size: Size(width: 20, height: height))
        }
    }

    @Test func theVisibleRowsAreTheModelsFlatteningAndTheCursorAndMarksStayOnTheirItems() {
        var random = SeededRandom(seed: Self.seed)
        for run in 0..<Self.budget {
            let fixture = Fixture(height: Int.random(in: 3...10, using: &random))
            let source = fixture.dataSource
            var model = Model()
            var marked: Set<Int> = []
            for step in 0..<40 {
                let cursorItem = source.cursorItemIdentifier
                let cursorRow = fixture.table.state.cursor?.row
                var deleted: Set<Int> = []
                let all = model.all
                let anyItem: () -> Int? = { all.isEmpty ? nil : all[Int.random(in: 0..<all.count, using: &random)] }
                let operation = all.isEmpty ? 0 : Int.random(in: 0..<12, using: &random)
                var description = ""
                switch operation {
                case 0, 1:
                    let up = Int.random(in: 0..<3, using: &random) == 0 ? nil : anyItem()
                    let made = model.make(Int.random(in: 1...4, using: &random))
                    model.place(made, under: up ?? -1, at: model.children[up ?? -1, default: []].count)
                    source.update { $0.append(made, to: up) }
                    description = "append \(made) to \(String(describing: up))"
                case 2:
                    let sibling = anyItem()!
                    let made = model.make(Int.random(in: 1...2, using: &random))
                    let up = model.parent[sibling]!
                    let index = model.children[up]!.firstIndex(of: sibling)!
                    if Bool.random(using: &random) {
                        model.place(made, under: up, at: index)
                        source.update { $0.insert(made, before: sibling) }
                        description = "insert \(made) before \(sibling)"
                    } else {
                        model.place(made, under: up, at: index + 1)
                        source.update { $0.insert(made, after: sibling) }
                        description = "insert \(made) after \(sibling)"
                    }
                case 3:
                    let node = anyItem()!
                    deleted = Set(model.subtree(node))
                    model.delete(node)
                    source.update { $0.delete([node]) }
                    description = "delete \(node)"
                case 4:
                    let node = anyItem()!
                    let inside = Set(model.subtree(node))
                    let targets = all.filter { !inside.contains($0) }
                    let up: Int? =
                        targets.isEmpty || Int.random(in: 0..<4, using: &random) == 0
                        ? nil : targets[Int.random(in: 0..<targets.count, using: &random)]
                    model.detach(node)
                    let count = model.children[up ?? -1, default: []].count
                    let index = Int.random(in: 0...count + 1, using: &random)
                    model.place([node], under: up ?? -1, at: min(index, count))
                    source.update { $0.move(node, toParent: up, at: index) }
                    description = "move \(node) under \(String(describing: up)) at \(index)"
                case 5:
                    let node = anyItem()!
                    model.expanded.insert(node)
                    source.expand(node)
                    description = "expand \(node)"
                case 6:
                    let node = anyItem()!
                    model.expanded.remove(node)
                    source.collapse(node)
                    description = "collapse \(node)"
                case 7:
                    let node = Bool.random(using: &random) ? anyItem() : nil
                    let nodes = node.map { model.subtree($0) } ?? all
                    model.expanded.formUnion(nodes.filter { !model.children[$0, default: []].isEmpty })
                    source.expandAll(under: node)
                    description = "expandAll under \(String(describing: node))"
                case 8:
                    let node = Bool.random(using: &random) ? anyItem() : nil
                    let nodes = node.map { model.subtree($0) } ?? all
                    model.expanded.subtract(nodes)
                    source.collapseAll(under: node)
                    description = "collapseAll under \(String(describing: node))"
                case 9:
                    let node = anyItem()!
                    var up = model.parent[node]!
                    while up != -1 {
                        model.expanded.insert(up)
                        up = model.parent[up]!
                    }
                    source.reveal(node)
                    description = "reveal \(node)"
                case 10:
                    let shown = model.flattened()
                    if !shown.isEmpty {
                        let node = shown[Int.random(in: 0..<shown.count, using: &random)]
                        fixture.table.toggleSelection(of: source.indexPath(for: node)!)
                        if marked.contains(node) { marked.remove(node) } else { marked.insert(node) }
                        description = "mark \(node)"
                    }
                default:
                    let steps = Int.random(in: -6...6, using: &random)
                    _ = fixture.table.moveCursor(by: steps)
                    description = "cursor by \(steps)"
                }
                fixture.driver.app.renderIfNeeded()
                marked.subtract(deleted)
                let context = "case \(run) step \(step): \(description)"
                check(fixture, model, marked: marked, context: context)
                guard operation <= 9, let cursorItem, let cursorRow else { continue }
                // The cursor after an edit: its item, its nearest shown ancestor, or (deleted) its row, clamped.
                let shown = model.flattened()
                var expected: Int? = nil
                var candidate: Int? = cursorItem
                while let node = candidate, model.parent[node] != nil {
                    if shown.contains(node) {
                        expected = node
                        break
                    }
                    candidate = model.parent[node] == -1 ? nil : model.parent[node]
                }
                if expected == nil, !model.parent.keys.contains(cursorItem), !shown.isEmpty {
                    expected = shown[min(cursorRow, shown.count - 1)]
                }
                if expected != nil {
                    #expect(source.cursorItemIdentifier == expected, "\(context): the cursor left \(cursorItem)")
                }
            }
        }
    }

    func check(_ fixture: Fixture, _ model: Model, marked: Set<Int>, context: String) {
        let source = fixture.dataSource
        let tree = source.snapshot()
        let shown = model.flattened()
        #expect(tree.visibleItems == shown, "\(context)")
        #expect(tree.numberOfVisibleItems == shown.count, "\(context)")
        #expect(fixture.table.metrics.totalRows == shown.count, "\(context)")
        for (row, item) in shown.enumerated() {
            #expect(tree.item(atVisibleRow: row) == item && tree.visibleRow(of: item) == row, "\(context): row \(row)")
        }
        // The data source's lookups step from the row asked before: down, up, and by two.
        let rows = Array(shown.indices)
        for row in rows + rows.reversed() + rows.filter({ $0 % 2 == 0 }) + rows.reversed().filter({ $0 % 2 == 1 }) {
            let found = source.itemIdentifier(for: IndexPath(row: row, section: 0))
            #expect(found == shown[row], "\(context): the data source's row \(row)")
        }
        for item in model.all {
            let up = model.parent[item]!
            #expect(tree.parent(of: item) == (up == -1 ? nil : up), "\(context): parent of \(item)")
            #expect(tree.level(of: item) == model.level(item), "\(context): level of \(item)")
            #expect(tree.isExpanded(item) == model.expanded.contains(item), "\(context): expansion of \(item)")
            #expect(tree.children(of: item) == model.children[item, default: []], "\(context): children of \(item)")
            if !shown.contains(item) { #expect(tree.visibleRow(of: item) == nil, "\(context): \(item) hidden") }
        }
        #expect(tree.numberOfItems == model.all.count, "\(context)")
        #expect(Set(source.selectedItemIdentifiers) == marked, "\(context): marks")
        let markedRows = Set(fixture.table.indexPathsForSelectedRows.map(\.row))
        #expect(markedRows == Set(shown.indices.filter { marked.contains(shown[$0]) }), "\(context): marked rows")
        if let cursor = fixture.table.state.cursor { #expect(cursor.row < shown.count, "\(context): cursor") }
    }
}
