import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The scroll position's own operations, without a table or a screen: random sequences of scrolls, tall-row line
/// scrolls, cursor moves, marks, inserted and deleted rows and clamps to new metrics. After a clamp the top, the
/// cursor and every mark name items that exist; a tall top row never scrolls past its far edge; inserted and
/// deleted rows leave the cursor and the marks on the same data.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of sequences (default 500), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite struct TableViewStatePropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 500
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x5C20_11ED
    }

    static func randomMetrics(_ random: inout SeededRandom) -> TableMetrics {
        let sections = Int.random(in: 0...4, using: &random)
        let counts = (0..<sections).map { _ in Int.random(in: 0...6, using: &random) }
        let headers = (0..<sections).map { _ in Int.random(in: 0...2, using: &random) }
        return TableMetrics(rowCounts: counts, headerHeights: headers)
    }

    static func randomIndexPath(_ random: inout SeededRandom) -> IndexPath {
        IndexPath(row: Int.random(in: 0...7, using: &random), section: Int.random(in: 0...4, using: &random))
    }

    /// The rows' identities: each row of the model is a number that follows it through inserts and deletes.
    struct Model {
        var rows: [[Int]] = Array(repeating: [], count: 5)
        var next = 0
        mutating func id(_ p: IndexPath) -> Int? {
            guard p.section < rows.count else { return nil }
            while rows[p.section].count <= p.row {
                rows[p.section].append(next)
                next += 1
            }
            return rows[p.section][p.row]
        }
    }

    @Test func theOperationsKeepTheirInvariants() {
        var random = SeededRandom(seed: Self.seed)
        for run in 0..<Self.budget {
            var state = TableViewState()
            var metrics = Self.randomMetrics(&random)
            var model = Model()
            for step in 0..<30 {
                let before = state
                let context = "case \(run) step \(step) from \(before)"
                switch Int.random(in: 0..<9, using: &random) {
                case 0:
                    let p = Self.randomIndexPath(&random)
                    state.setTop(
                        TableItem(section: p.section, row: p.row - 1),
                        lineOffset: Int.random(in: 0...5, using: &random))
                case 1:
                    let viewport = Int.random(in: 0...6, using: &random)
                    let rowHeight = Int.random(in: 1...12, using: &random)
                    state.setTopLineOffset(Int.random(in: 0...max(0, rowHeight - viewport), using: &random))
                    let start = state.topLineOffset
                    let lines = Int.random(in: 1...8, using: &random) * (Bool.random(using: &random) ? 1 : -1)
                    let moved = state.scrollTopRow(by: lines, rowHeight: rowHeight, viewport: viewport)
                    let end = rowHeight - viewport
                    if moved {
                        #expect(viewport > 0 && rowHeight > viewport, "\(context): a row that fits is not scrolled")
                        #expect(
                            state.topLineOffset >= 0 && state.topLineOffset <= end,
                            "\(context): \(lines) lines of a \(rowHeight)-line row in \(viewport) go past its edge")
                        #expect(
                            lines > 0 ? state.topLineOffset > start : state.topLineOffset < start,
                            "\(context): scrolled the wrong way")
                        #expect(
                            abs(state.topLineOffset - start) <= abs(lines), "\(context): scrolled more than asked")
                        #expect(
                            state.topLineOffset == (lines > 0 ? min(end, start + lines) : max(0, start + lines)),
                            "\(context): a scroll stops at the far edge, not before")
                    } else {
                        #expect(state.topLineOffset == start, "\(context): a refused scroll changes nothing")
                    }
                case 2:
                    state.moveCursor(to: Bool.random(using: &random) ? nil : Self.randomIndexPath(&random))
                case 3:
                    state.select(Self.randomIndexPath(&random))
                case 4:
                    if let p = state.selected.randomElement(using: &random) {
                        #expect(state.deselect(p) && !state.selected.contains(p), "\(context)")
                    }
                case 5:
                    let p = Self.randomIndexPath(&random)
                    let count = Int.random(in: 1...3, using: &random)
                    let cursorID = state.cursor.flatMap { model.id($0) }
                    let markIDs = Set(state.selected.compactMap { model.id($0) })
                    _ = model.id(IndexPath(row: max(p.row, 7), section: p.section))
                    if p.section < model.rows.count, p.row <= model.rows[p.section].count {
                        for offset in 0..<count {
                            model.rows[p.section].insert(model.next, at: p.row + offset)
                            model.next += 1
                        }
                        state.rowsInserted(at: p, count: count)
                        #expect(state.cursor.flatMap { model.id($0) } == cursorID, "\(context): insert at \(p)")
                        #expect(Set(state.selected.compactMap { model.id($0) }) == markIDs, "\(context): insert")
                    }
                case 6:
                    let p = Self.randomIndexPath(&random)
                    _ = model.id(IndexPath(row: 7, section: p.section))
                    let gone = model.id(p)
                    let cursorID = state.cursor.flatMap { model.id($0) }
                    let markIDs = Set(state.selected.compactMap { model.id($0) }).subtracting(gone.map { [$0] } ?? [])
                    model.rows[p.section].remove(at: p.row)
                    state.rowDeleted(at: p)
                    if cursorID != gone {
                        #expect(state.cursor.flatMap { model.id($0) } == cursorID, "\(context): delete at \(p)")
                    }
                    #expect(Set(state.selected.compactMap { model.id($0) }) == markIDs, "\(context): delete at \(p)")
                case 7 where Bool.random(using: &random):
                    // Single selection: the selection follows the cursor, and the delegate hears what changed.
                    let target = Bool.random(using: &random) ? nil : Self.randomIndexPath(&random)
                    let marks = state.moveCursorSelecting(target)
                    #expect(state.cursor == target, "\(context): the cursor moves")
                    if target == before.cursor {
                        #expect(
                            marks.deselected == nil && marks.selected == nil && state.selected == before.selected,
                            "\(context): a cursor that stays changes no mark")
                    } else {
                        #expect(
                            state.selected
                                == (target.map { [$0] } ?? before.selected.subtracting(before.cursor.map { [$0] } ?? [])),
                            "\(context): the only mark is the cursor's row")
                        #expect(marks.selected == target, "\(context): the new row is reported marked")
                        #expect(
                            marks.deselected == before.cursor.flatMap { before.selected.contains($0) ? $0 : nil },
                            "\(context): the old cursor row is reported unmarked when it was marked")
                    }
                case 7:
                    state.setSelection(
                        Set(
                            (0..<Int.random(in: 0...3, using: &random)).map { _ in
                                Self.randomIndexPath(&random)
                            }))
                default:
                    metrics = Self.randomMetrics(&random)
                    model = Model()
                }
                // Clamped to the metrics, the position names what exists.
                var clamped = state
                clamped.clamp(to: metrics)
                let hasItems = metrics.firstItem != nil
                #expect((clamped.top != nil) == hasItems, "\(context): top \(String(describing: clamped.top))")
                if let top = clamped.top { #expect(metrics.contains(top), "\(context): top \(top) in \(metrics)") }
                if let cursor = clamped.cursor {
                    #expect(metrics.contains(cursor), "\(context): cursor \(cursor) in \(metrics)")
                }
                #expect(clamped.selected.allSatisfy(metrics.contains), "\(context): marks \(clamped.selected)")
                #expect(clamped.selected.isSubset(of: state.selected), "\(context): a clamp adds no mark")
                if clamped.top != state.top { #expect(clamped.topLineOffset == 0, "\(context): a new top, offset") }
                if let top = state.top, clamped.top == top {
                    #expect(clamped.topLineOffset == state.topLineOffset, "\(context): the same top keeps its lines")
                }
                if let cursor = state.cursor, metrics.contains(cursor) {
                    #expect(clamped.cursor == cursor, "\(context): a cursor on a row that exists stays")
                }
            }
        }
    }
}
