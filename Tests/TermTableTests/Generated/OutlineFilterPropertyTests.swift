import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The outline's filter against a reference: on random trees (random expansion, marks) and random queries, the
/// rows are the matches and their ancestors in tree order, every one with children expanded, the ancestors (only)
/// dimmed; collapsing and expanding while filtering, and edits to the whole tree, then clearing the filter bring
/// back the user's expansion with the edits, and the marks.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 200), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite @MainActor
struct OutlineFilterPropertyTests {
    typealias Model = OutlinePropertyTests.Model
    typealias Fixture = OutlinePropertyTests.Fixture

    /// The reference: the items kept (matches and their ancestors) in tree order.
    func kept(_ model: Model, matches: Set<Int>) -> [Int] {
        var keep = Set<Int>()
        for match in matches {
            var node = match
            while node != -1, keep.insert(node).inserted { node = model.parent[node]! }
        }
        var result: [Int] = []
        func visit(_ node: Int) {
            for child in model.children[node] ?? [] where keep.contains(child) {
                result.append(child)
                visit(child)
            }
        }
        visit(-1)
        return result
    }

    @Test func theFilterShowsMatchesUnderTheirAncestorsAndClearingRestoresTheExpansion() {
        var random = SeededRandom(seed: OutlinePropertyTests.seed)
        for run in 0..<OutlinePropertyTests.budget {
            let fixture = Fixture(height: Int.random(in: 3...12, using: &random))
            let source = fixture.dataSource
            source.filterText = { "n\($0)" }
            var model = Model()
            var tree = OutlineSnapshot<Int>()
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let all = model.all
                let up =
                    all.isEmpty || Bool.random(using: &random) ? -1 : all[Int.random(in: 0..<all.count, using: &random)]
                let made = model.make(1)
                model.place(made, under: up, at: model.children[up, default: []].count)
                tree.append(made, to: up == -1 ? nil : up)
            }
            for node in model.all where Bool.random(using: &random) {
                model.expanded.insert(node)
                tree.expand([node])
            }
            source.apply(tree)
            var marked = Set<Int>()
            for node in model.flattened() where Int.random(in: 0..<4, using: &random) == 0 {
                fixture.table.toggleSelection(of: source.indexPath(for: node)!)
                marked.insert(node)
            }
            let query = String(Int.random(in: 0..<20, using: &random))
            source.setFilter(query: query)
            fixture.driver.app.renderIfNeeded()
            var context = "case \(run): query \(query)"
            let query0 = FuzzyQuery(query)
            var matches = Set(model.all.filter { query0.matches("n\($0)") })
            var expected = kept(model, matches: matches)
            #expect(source.snapshot().visibleItems == expected, "\(context)")
            for node in expected {
                #expect(source.isFilterAncestor(node) == !matches.contains(node), "\(context): \(node) dimmed")
            }
            for cell in fixture.table.visibleCellsInOrder {
                guard let indexPath = cell.indexPath, let item = source.itemIdentifier(for: indexPath) else { continue }
                #expect((cell.contextStyle != nil) == !matches.contains(item), "\(context): \(item)'s cell")
            }
            if let first = expected.first(where: { matches.contains($0) }) {
                #expect(source.cursorItemIdentifier == first, "\(context): the cursor on the first match")
            }
            #expect(Set(source.selectedItemIdentifiers) == marked, "\(context): marks kept")
            // Collapse and expand what shows, and edit the whole tree, while filtering.
            for _ in 0..<3 {
                let shown = source.snapshot().visibleItems
                guard !shown.isEmpty else { break }
                let node = shown[Int.random(in: 0..<shown.count, using: &random)]
                source.toggle(node)
            }
            let all = model.all
            let up = all[Int.random(in: 0..<all.count, using: &random)]
            let made = model.make(1)
            model.place(made, under: up, at: model.children[up, default: []].count)
            source.update { $0.append(made, to: up) }
            context += ", appended \(made) to \(up)"
            matches = Set(model.all.filter { query0.matches("n\($0)") })
            expected = kept(model, matches: matches)
            #expect(source.snapshot().visibleItems == expected, "\(context)")
            #expect(source.unfilteredSnapshot.children(of: up) == model.children[up, default: []], "\(context)")
            source.clearFilter()
            fixture.driver.app.renderIfNeeded()
            let restored = source.snapshot()
            #expect(!source.isFiltering && restored.visibleItems == model.flattened(), "\(context): cleared")
            for node in model.all {
                #expect(restored.isExpanded(node) == model.expanded.contains(node), "\(context): \(node) expansion")
            }
            #expect(Set(source.selectedItemIdentifiers) == marked, "\(context): marks after clearing")
            for cell in fixture.table.visibleCellsInOrder { #expect(cell.contextStyle == nil, "\(context): dim left") }
        }
    }

    /// The loads of the whole tree and of the rows shown each have a load, and every load is of such an item.
    func checkLoads(_ source: OutlineDataSource<Int>, _ context: String) {
        var loading = Set(source.snapshot().loadingItems)
        loading.formUnion(source.unfilteredSnapshot.loadingItems)
        #expect(Set(source.loads.keys) == loading, "\(context): loads \(source.loads.keys.sorted()) for \(loading)")
    }

    /// Lazy children under a filter: leaves not loaded (expanded ones loading) before the filter; while filtering,
    /// loads answer in random order (children, an error, or late and dropped) and what shows is expanded and
    /// collapsed (starting and cancelling loads of the rows shown); after every step each loading item (shown or
    /// not) has its load and no load outlives its item's loading; cleared, every row (items, loading and error rows)
    /// is the model's with the expansion from before the filter and every answer that landed.
    @Test func lazyChildrenLoadAndFailUnderAFilterAndClearingShowsEveryAnswer() {
        var random = SeededRandom(seed: OutlinePropertyTests.seed &+ 35)
        for run in 0..<OutlinePropertyTests.budget {
            let fixture = Fixture(height: Int.random(in: 3...12, using: &random))
            let source = fixture.dataSource
            source.filterText = { "n\($0)" }
            var model = Model()
            var tree = OutlineSnapshot<Int>()
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let all = model.all
                let up =
                    all.isEmpty || Bool.random(using: &random) ? -1 : all[Int.random(in: 0..<all.count, using: &random)]
                let made = model.make(1)
                model.place(made, under: up, at: model.children[up, default: []].count)
                tree.append(made, to: up == -1 ? nil : up)
            }
            for node in model.all where Bool.random(using: &random) {
                model.expanded.insert(node)
                tree.expand([node])
            }
            for node in model.all where model.children[node, default: []].isEmpty && Bool.random(using: &random) {
                model.states[node] = model.expanded.contains(node) ? .loading : .notLoaded
                tree.setChildrenState(.notLoaded, of: node)
            }
            source.apply(tree)
            var issued: [(node: Int, token: Int)] = []
            func recordLoads() {
                for (node, load) in source.loads where !issued.contains(where: { $0.token == load.token }) {
                    issued.append((node, load.token))
                }
            }
            recordLoads()
            let query = String(Int.random(in: 0..<20, using: &random))
            source.setFilter(query: query)
            fixture.driver.app.renderIfNeeded()
            var context = "case \(run): query \(query)"
            checkLoads(source, context)
            for step in 0..<8 {
                if !issued.isEmpty, Bool.random(using: &random) {
                    let (node, token) = issued[Int.random(in: 0..<issued.count, using: &random)]
                    let current = source.loads[node]?.token == token
                    if Int.random(in: 0..<3, using: &random) == 0 {
                        if current { model.states[node] = .failed("no access \(token)") }
                        source.finishLoad(of: node, token: token, .failure(LoadFailure(text: "no access \(token)")))
                        context += "; \(step): load \(token) of \(node) fails (current: \(current))"
                    } else if current {
                        let made = model.make(Int.random(in: 0...3, using: &random))
                        model.place(made, under: node, at: model.children[node, default: []].count)
                        model.states[node] = nil
                        source.finishLoad(of: node, token: token, .success(made))
                        context += "; \(step): load \(token) of \(node) answers \(made)"
                    } else {
                        source.finishLoad(of: node, token: token, .success([10_000 + token]))
                        context += "; \(step): late load \(token) of \(node)"
                    }
                } else {
                    let shown = source.snapshot().visibleItems
                    guard !shown.isEmpty else { continue }
                    let node = shown[Int.random(in: 0..<shown.count, using: &random)]
                    source.toggle(node)
                    context += "; \(step): toggle \(node)"
                }
                fixture.driver.app.renderIfNeeded()
                recordLoads()
                checkLoads(source, context)
                #expect(
                    !source.unfilteredSnapshot.items.contains { ($0 ?? 0) >= 10_000 },
                    "\(context): a late answer landed")
            }
            source.clearFilter()
            fixture.driver.app.renderIfNeeded()
            context += "; cleared"
            checkLoads(source, context)
            let snapshot = source.snapshot()
            let rows = (0..<(snapshot.numberOfVisibleItems)).map { source.row(for: IndexPath(row: $0, section: 0)) }
            #expect(rows == model.rows().map { Optional($0) }, "\(context): rows")
            for node in model.all {
                #expect(snapshot.isExpanded(node) == model.expanded.contains(node), "\(context): \(node) expansion")
                #expect(
                    snapshot.children(of: node) == model.children[node, default: []], "\(context): \(node)'s children")
            }
        }
    }
}
