import Foundation
import TermTableCore
import TermTableTesting
import Testing

@testable import TermTable

/// Generated runs of a query source whose chunks arrive late and in varied sizes, cancelled by newer queries, between
/// random cursor moves, marks, appends and clears: once the scans end, the rows shown are the in-memory reference
/// (the full data filtered and sorted), no mark is lost, and the cursor is on its item.
///
/// CI runs a fixed seed and 40 cases of 40 steps. A large local run:
///
/// ```sh
/// TERMTABLE_QUERY_CASES=5000 swift test -c release -Xswiftc -enable-testing --filter TableQueryPropertyTests
/// ```
///
/// `TERMTABLE_QUERY_SEED` picks another seed; a failure prints the seed, the case and the steps so far.
@Suite("Generated query sources: late chunks, cancels, marks, appends and the cursor") @MainActor
struct TableQueryPropertyTests {
    static var budget: Int { ProcessInfo.processInfo.environment["TERMTABLE_QUERY_CASES"].flatMap(Int.init) ?? 40 }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_QUERY_SEED"].flatMap { UInt64($0) } ?? 0x9E_2F11
    }

    @Test func lateChunksEndInTheReferenceWithMarksKeptAndTheCursorOnItsItem() async {
        var rng = SeededRandom(seed: Self.seed)
        for index in 0..<Self.budget {
            if let problem = await Self.run(using: &rng) {
                Issue.record("case \(index) of seed \(Self.seed): \(problem)")
                return
            }
        }
    }

    /// One generated case; the first broken promise, with the steps that led to it, or nil.
    static func run(using rng: inout SeededRandom) async -> String? {
        func random(_ below: Int) -> Int { Int(rng.next() % UInt64(max(1, below))) }
        var items = fakeQueryItems(random(80))
        func source(_ items: [FakeQueryItem]) -> FakeQuerySource {
            FakeQuerySource(items: items, chunkSizes: (0..<3).map { _ in 1 + random(9) }, yields: random(4))
        }
        let (table, data, controller) = makeQueryTable(items, source: source(items), height: 1 + random(10))
        controller.chunkInterval = random(2) == 0 ? .zero : .seconds(60)
        var steps = ["\(items.count) items, \(table.frame.size.height) lines"]
        var marks: Set<Int> = []
        var saved: Int?  // the cursor's item when the query began
        var moved: Int?  // the item the user moved the cursor to after the query's first result showed
        let texts = ["a", "al", "alpha", "e", "ga", "m", "sig", "z", "a 1", "ta"]
        for _ in 0..<40 {
            switch random(100) {
            case 0..<20:
                var query = TableQuery(text: texts[random(texts.count)])
                if random(3) == 0 {
                    query.sortDescriptors = [TableSortDescriptor(column: "key", ascending: random(2) == 0)]
                }
                if !controller.isQuerying {
                    table.layoutIfNeeded()  // the cursor as the user sees it
                    saved = controller.cursorItemIdentifier
                }
                moved = nil
                steps.append("query \(query.text) \(query.sortDescriptors.first.map { "\($0.ascending)" } ?? "")")
                controller.setQuery(query)
            case 20..<40:
                let yields = random(6)
                steps.append("yield \(yields)")
                for _ in 0..<yields { await Task.yield() }
            case 40..<55:
                let command: TableCommand = random(2) == 0 ? .moveDown : .moveUp
                steps.append("\(command)")
                _ = table.perform(command)
                if controller.isQuerying, controller.firstShown { moved = controller.cursorItemIdentifier }
            case 55..<68:
                guard let item = controller.cursorItemIdentifier, let row = table.indexPathForSelectedRow else { break }
                steps.append("mark \(item)")
                table.toggleSelection(of: row)
                if marks.contains(item) { marks.remove(item) } else { marks.insert(item) }
            case 68..<82:
                let more = fakeQueryItems(1 + random(12), from: items.count)
                steps.append("append \(more.count)")
                items += more
                data.items = items
                data.reindex()
                controller.source = source(items)
                if controller.isQuerying {
                    if controller.query.sortDescriptors.isEmpty {
                        controller.sourceDidAppend(source(more))
                    } else {
                        // A sorted query places appended items among the others: it runs again.
                        moved = nil
                        controller.reload()
                    }
                } else {
                    table.reloadData(appendingRows: more.count)
                }
            case 82..<92:
                guard controller.isQuerying else { break }
                // Where the controller last put the cursor: elsewhere now, the user moved it, and it stays.
                let current = controller.cursorItemIdentifier
                let expected = current != controller.placedCursor ? current : saved ?? current
                steps.append("clear")
                controller.clear()
                if let expected, controller.cursorItemIdentifier != expected {
                    return
                        "the cursor is on \(String(describing: controller.cursorItemIdentifier)), not \(expected): \(steps)"
                }
                moved = nil
            default:
                steps.append("settle")
                await controller.settle()
            }
            if let problem = check(controller, table, items, marks, moved, settled: false) {
                return "\(problem): \(steps)"
            }
        }
        await controller.settle()
        return check(controller, table, items, marks, moved, settled: true).map { "\($0): \(steps)" }
    }

    /// The promises after a step: every mark shown or hidden, never both; once settled, the reference rows and the
    /// cursor on the first match, or on the item the user moved it to.
    static func check(
        _ controller: TableQueryController<FakeQuerySource>, _ table: TableView, _ items: [FakeQueryItem],
        _ marks: Set<Int>, _ moved: Int?, settled: Bool
    ) -> String? {
        let shownMarks = Set(controller.selectedItemIdentifiers)
        let hidden = controller.hiddenSelectedItemIdentifiers
        if !shownMarks.isDisjoint(with: hidden) { return "marks both shown and hidden: \(shownMarks), \(hidden)" }
        if shownMarks.union(hidden) != marks { return "marks \(shownMarks) + hidden \(hidden), not \(marks)" }
        guard settled, controller.isQuerying else { return nil }
        let expected = FakeQuerySource.reference(items, controller.query)
        if controller.shownIdentifiers != expected {
            return "shown \(String(describing: controller.shownIdentifiers)), not \(expected)"
        }
        let cursor = controller.cursorItemIdentifier
        if let moved, cursor != moved { return "the cursor is on \(String(describing: cursor)), not moved \(moved)" }
        if moved == nil, cursor != expected.first {
            return "the cursor is on \(String(describing: cursor)), not the first match"
        }
        return nil
    }
}
