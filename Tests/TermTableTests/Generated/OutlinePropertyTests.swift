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
/// Lazy children too: items marked not loaded, expanded (a load starts, a loading row shows under the item),
/// answered in random order with children or an error, late (after a collapse, a delete or a retry: dropped),
/// collapsed while loading (the load cancelled), retried; after every step each loading row has its load and no
/// load outlives its loading row, and every row (items, loading and error rows) is the model's.
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
        /// Items whose children are not all there (absent: loaded).
        var states: [Int: OutlineChildrenState] = [:]
        /// The token of each load under way, as the data source numbered it.
        var tokens: [Int: Int] = [:]

        /// An item expanded (or revealed through): not loaded or failed children load.
        mutating func expand(_ node: Int) {
            expanded.insert(node)
            switch states[node] {
            case .notLoaded, .failed: states[node] = .loading
            default: break
            }
        }

        /// Loading items that do not show their children any more are not loaded again.
        mutating func stopCollapsedLoads() {
            for (node, state) in states where state == .loading && !expanded.contains(node) {
                states[node] = .notLoaded
            }
        }

        /// Every row: items, and a loading or error row under an expanded item that loads or failed.
        func rows() -> [OutlineRow<Int>] {
            var result: [OutlineRow<Int>] = []
            func visit(_ node: Int) {
                for child in children[node] ?? [] {
                    result.append(.item(child))
                    guard expanded.contains(child) else { continue }
                    if states[child] == .loading { result.append(.loading(parent: child)) }
                    if case .failed(let message) = states[child] {
                        result.append(.failed(parent: child, message: message))
                    }
                    visit(child)
                }
            }
            visit(-1)
            return result
        }

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
                states[gone] = nil
                tokens[gone] = nil
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
            /// Every load started: (item, token), answered or not.
            var issued: [(item: Int, token: Int)] = []
            for step in 0..<40 {
                let cursorRow = fixture.table.state.cursor?.row
                let cursorOutlineRow = fixture.table.state.cursor.flatMap(source.row(for:))
                var deleted: Set<Int> = []
                let all = model.all
                let anyItem: () -> Int? = { all.isEmpty ? nil : all[Int.random(in: 0..<all.count, using: &random)] }
                let operation = all.isEmpty ? 0 : Int.random(in: 0..<15, using: &random)
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
                    model.expand(node)
                    source.expand(node)
                    description = "expand \(node)"
                case 6:
                    let node = anyItem()!
                    model.expanded.remove(node)
                    model.stopCollapsedLoads()
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
                    model.stopCollapsedLoads()
                    source.collapseAll(under: node)
                    description = "collapseAll under \(String(describing: node))"
                case 9:
                    let node = anyItem()!
                    var up = model.parent[node]!
                    while up != -1 {
                        model.expand(up)
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
                case 12:
                    let node = anyItem()!
                    model.states[node] = model.expanded.contains(node) ? .loading : .notLoaded
                    source.update { $0.setChildrenState(.notLoaded, of: node) }
                    description = "not loaded \(node)"
                case 13:
                    // A load answers, in any order, late or not: applied only while it is the item's load.
                    guard !issued.isEmpty else { continue }
                    let (node, token) = issued[Int.random(in: 0..<issued.count, using: &random)]
                    let current = model.tokens[node] == token && model.states[node] == .loading
                    if Int.random(in: 0..<3, using: &random) == 0 {
                        let message = "no\u{1B}[2J access\nhere \(token)"
                        if current {
                            model.states[node] = .failed("no\u{241B}[2J access here \(token)")
                            model.tokens[node] = nil
                        }
                        source.finishLoad(of: node, token: token, .failure(LoadFailure(text: message)))
                        description = "load \(token) of \(node) fails (current: \(current))"
                    } else {
                        let count = Int.random(in: 0...3, using: &random)
                        if current {
                            let made = model.make(count)
                            model.place(made, under: node, at: model.children[node, default: []].count)
                            model.states[node] = nil
                            model.tokens[node] = nil
                            source.finishLoad(of: node, token: token, .success(made))
                        } else {
                            source.finishLoad(of: node, token: token, .success([10_000 + token]))
                        }
                        description = "load \(token) of \(node) answers \(count) (current: \(current))"
                    }
                default:
                    let steps = Int.random(in: -6...6, using: &random)
                    _ = fixture.table.moveCursor(by: steps)
                    description = "cursor by \(steps)"
                }
                fixture.driver.app.renderIfNeeded()
                marked.subtract(deleted)
                let context = "case \(run) step \(step): \(description)"
                // New loads: the model takes their tokens (each load its own).
                for (node, load) in source.loads where model.tokens[node] == nil {
                    #expect(!issued.contains { $0.token == load.token }, "\(context): token \(load.token) reused")
                    model.tokens[node] = load.token
                    issued.append((node, load.token))
                }
                for node in model.tokens.keys where model.states[node] != .loading { model.tokens[node] = nil }
                check(fixture, model, marked: marked, context: context)
                guard ![10, 11, 14].contains(operation), let cursorOutlineRow, let cursorRow else { continue }
                let expected = expectedCursor(model, from: cursorOutlineRow, row: cursorRow)
                #expect(
                    fixture.table.state.cursor.flatMap(source.row(for:)) == expected,
                    "\(context): the cursor left \(cursorOutlineRow)")
            }
        }
    }

    func check(_ fixture: Fixture, _ model: Model, marked: Set<Int>, context: String) {
        let source = fixture.dataSource
        let tree = source.snapshot()
        let shown = model.flattened()
        let all = model.rows()
        #expect(tree.visibleItems == shown, "\(context)")
        #expect(tree.numberOfVisibleItems == all.count, "\(context)")
        #expect(fixture.table.metrics.totalRows == all.count, "\(context)")
        for (row, expected) in all.enumerated() {
            #expect(tree.row(atVisibleRow: row) == expected, "\(context): row \(row)")
            if case .item(let item) = expected {
                #expect(tree.item(atVisibleRow: row) == item && tree.visibleRow(of: item) == row, "\(context): \(row)")
            }
        }
        // The data source's lookups step from the row asked before: down, up, and by two.
        let rows = Array(all.indices)
        for row in rows + rows.reversed() + rows.filter({ $0 % 2 == 0 }) + rows.reversed().filter({ $0 % 2 == 1 }) {
            let found = source.itemIdentifier(for: IndexPath(row: row, section: 0))
            guard case .item(let item) = all[row] else {
                #expect(found == nil, "\(context): the data source's row \(row)")
                continue
            }
            #expect(found == item, "\(context): the data source's row \(row)")
        }
        // Every loading item has its load, and every load its loading item.
        let loading = Set(model.states.filter { $0.value == .loading }.keys)
        #expect(Set(source.loads.keys) == loading, "\(context): loads")
        #expect(Set(tree.loadingItems) == loading, "\(context): loading items")
        for item in model.all {
            let up = model.parent[item]!
            #expect(tree.parent(of: item) == (up == -1 ? nil : up), "\(context): parent of \(item)")
            #expect(tree.level(of: item) == model.level(item), "\(context): level of \(item)")
            #expect(tree.isExpanded(item) == model.expanded.contains(item), "\(context): expansion of \(item)")
            #expect(tree.children(of: item) == model.children[item, default: []], "\(context): children of \(item)")
            if !shown.contains(item) { #expect(tree.visibleRow(of: item) == nil, "\(context): \(item) hidden") }
            #expect(tree.childrenState(of: item) == model.states[item] ?? .loaded, "\(context): state of \(item)")
        }
        #expect(tree.numberOfItems == model.all.count, "\(context)")
        #expect(Set(source.selectedItemIdentifiers) == marked, "\(context): marks")
        let markedRows = Set(fixture.table.indexPathsForSelectedRows.map(\.row))
        let expectedMarks = all.indices.filter {
            if case .item(let item) = all[$0] { marked.contains(item) } else { false }
        }
        #expect(markedRows == Set(expectedMarks), "\(context): marked rows")
        if let cursor = fixture.table.state.cursor { #expect(cursor.row < all.count, "\(context): cursor") }
    }

    /// The cursor after an edit: on its item, else its nearest shown ancestor, else (deleted) its row, clamped; on a
    /// loading or error row, the row under its parent while the parent is expanded with rows under it, else the
    /// parent (or its nearest shown ancestor).
    func expectedCursor(_ model: Model, from before: OutlineRow<Int>, row: Int) -> OutlineRow<Int>? {
        let all = model.rows()
        let node: Int
        switch before {
        case .item(let item): node = item
        case .loading(let parent), .failed(let parent, _):
            node = parent
            if let index = all.firstIndex(of: .item(parent)) {
                let under =
                    model.expanded.contains(parent)
                    && (!model.children[parent, default: []].isEmpty || model.states[parent]?.placeholderRows == 1)
                return all[under ? index + 1 : index]
            }
        }
        var candidate: Int? = node
        while let up = candidate, model.parent[up] != nil {
            if all.contains(.item(up)) { return .item(up) }
            candidate = model.parent[up] == -1 ? nil : model.parent[up]
        }
        return all.isEmpty ? nil : all[min(row, all.count - 1)]
    }
}

/// A load's error whose text would drive a terminal: the error row shows it sanitized, on one line.
struct LoadFailure: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
