import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Generated runs of a source whose answers arrive late, out of order, fail or are cancelled, between random
/// scrolls, cursor moves, marks, resizes and appends, with the promises of sources that answer later checked after
/// every step.
///
/// CI runs a fixed seed and 60 cases of 80 steps. A large local run:
///
/// ```sh
/// TERMTABLE_PREFETCH_CASES=20000 swift test -c release -Xswiftc -enable-testing --filter TablePrefetchingPropertyTests
/// ```
///
/// `TERMTABLE_PREFETCH_SEED` picks another seed; a failure prints the seed, the case and the steps so far.
@Suite("Generated late sources: placeholders, requests and the cursor") @MainActor
struct TablePrefetchingPropertyTests {
    static var budget: Int { ProcessInfo.processInfo.environment["TERMTABLE_PREFETCH_CASES"].flatMap(Int.init) ?? 60 }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PREFETCH_SEED"].flatMap { UInt64($0) } ?? 0x1A7E_5EED
    }

    @Test func lateAnswersEndInTheSourcesDataWithTheCursorAndMarksOnTheirRows() async {
        var rng = SeededRandom(seed: Self.seed)
        for index in 0..<Self.budget {
            if index % 10 == 0 { await Task.yield() }
            if let problem = Self.run(using: &rng) {
                Issue.record("case \(index) of seed \(Self.seed): \(problem)")
                return
            }
        }
    }

    /// One generated case; the first broken promise, with the steps that led to it, or nil.
    static func run(using rng: inout SeededRandom) -> String? {
        func random(_ below: Int) -> Int { Int(rng.next() % UInt64(max(1, below))) }
        let source = LateSource(count: random(400))
        source.tallEvery = random(2) == 0 ? 0 : 2 + random(4)
        source.estimated = random(3) == 0
        source.arrived = Set((0..<source.count).filter { _ in random(8) == 0 })
        let table = makeLateTable(source, width: 10 + random(20), height: 1 + random(12))
        table.followsEnd = random(2) == 0
        var steps: [String] = ["\(source.count) rows, tall every \(source.tallEvery), \(table.frame.size)"]
        func draw() -> [String] { render(table, size: table.frame.size).lines }
        var lines = draw()
        for _ in 0..<80 {
            let cursor = table.indexPathForSelectedRow
            let marks = table.indexPathsForSelectedRows
            let top = (table.state.top, table.state.topLineOffset)
            var inPlace = false  // an answer: nothing may move
            var toggled = false
            let choice = random(100)
            switch choice {
            case 0..<30 where !source.pending.isEmpty:
                // Some pending requests answer, in any order.
                let rows = (0..<(1 + random(8))).map { _ in source.pending[random(source.pending.count)] }
                steps.append("answer \(rows)")
                source.answer(rows)
                inPlace = true
            case 30..<36 where !source.pending.isEmpty:
                let row = source.pending[random(source.pending.count)]
                steps.append("fail \(row)")
                source.fail([row])
                inPlace = true
            case 36..<40 where source.count > 0:
                // A late answer for a row not asked any more (cancelled, or never asked).
                let row = random(source.count)
                steps.append("late answer \(row)")
                source.answer([row])
                inPlace = true
            case 40..<70:
                let commands: [TableCommand] = [.moveDown, .moveUp, .pageDown, .pageUp, .moveToTop, .moveToBottom]
                let command = commands[random(commands.count)]
                steps.append("\(command)")
                _ = table.perform(command)
            case 70..<80:
                steps.append("toggleSelection")
                _ = table.perform(.toggleSelection)
                toggled = true
            case 80..<88:
                let size = Size(width: 10 + random(20), height: 1 + random(12))
                steps.append("resize \(size)")
                table.frame = Rect(origin: .zero, size: size)
            case 88..<94:
                let added = 1 + random(50)
                steps.append("append \(added)")
                source.count += added
                table.reloadData(appendingRows: added)
            default:
                steps.append("draw")
            }
            lines = draw()
            let problem =
                check(source, table, lines: lines)
                ?? (inPlace && table.indexPathForSelectedRow != cursor ? "an answer moved the cursor" : nil)
                ?? (inPlace && (table.state.top, table.state.topLineOffset) != top ? "an answer moved the top" : nil)
                ?? (!toggled && table.indexPathsForSelectedRows != marks ? "the marks changed" : nil)
            if let problem { return "\(problem)\nsteps: \(steps.joined(separator: "; "))\nscreen: \(lines)" }
        }
        // Every answer comes in: the rows on screen are the source's, with no placeholder left.
        for _ in 0..<20 where !source.pending.isEmpty || table.prefetchStatistics.placeholderRowsOnScreen > 0 {
            source.answer()
            lines = draw()
        }
        if let problem = check(source, table, lines: lines) { return "\(problem) (settled)\nsteps: \(steps)" }
        if table.prefetchStatistics.placeholderRowsOnScreen > 0 || !source.pending.isEmpty {
            return "placeholders or requests left after every answer came: \(lines)\nsteps: \(steps)"
        }
        return nil
    }

    /// The promises after any step: requests never duplicated, the table's outstanding rows the source's pending
    /// ones and within two screens of the rows on screen, every row on screen not at hand asked (cancelled ones
    /// again), placeholders exactly for the rows not arrived, and the arrived rows drawn with their data.
    static func check(_ source: LateSource, _ table: TableView, lines: [String]) -> String? {
        if !source.duplicateRequests.isEmpty {
            return "rows asked twice while outstanding: \(source.duplicateRequests)"
        }
        let outstanding = Set(table.indexPathsForOutstandingPrefetches.map(\.row))
        if outstanding != Set(source.pending) {
            return "outstanding \(outstanding.sorted()) is not what the source was asked \(source.pending.sorted())"
        }
        let visible = table.indexPathsForVisibleRows.map(\.row)
        if let first = visible.first, let last = visible.last {
            let ahead = TablePrefetching.ahead(rowsHeight: table.rowsHeight)
            if outstanding.count > (last - first + 1) + 4 * ahead {
                return "\(outstanding.count) requests outstanding for rows \(first)...\(last)"
            }
        }
        for placed in table.placedItems {
            guard let indexPath = placed.item.indexPath, let cell = table.cellForRow(at: indexPath) else { continue }
            let row = indexPath.row
            let arrived = source.arrived.contains(row)
            if cell.isPlaceholder == arrived {
                return "row \(row) \(arrived ? "arrived but shows a placeholder" : "shows data before it arrived")"
            }
            if !arrived && !outstanding.contains(row) { return "row \(row) on screen is not asked for" }
            if arrived, placed.y >= 0, placed.y < lines.count,
                !lines[placed.y].hasPrefix(
                    "Item \(row)".prefix(
                        table.contentWidth))
            {
                return "row \(row) is drawn as '\(lines[placed.y])'"
            }
        }
        return nil
    }
}
