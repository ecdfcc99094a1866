import TermTableTesting
import Testing

@testable import TermTable

/// The position's operations that need the table's shape, on random tables (rows 1 to 8 lines, headers 0 to 2,
/// views 1 to 10 lines, sticky headers or not, scroll padding 0 to 3) from random positions: a revealed row is
/// fully visible when it fits (a taller one fills the view), with its padding where the rows allow; a scroll by
/// items stays inside the table, never past the end, and says whether it moved; a cursor move lands on a row the
/// cursor may stop on, the number of rows asked away or the last one that way.
extension TableViewStatePropertyTests {
    /// A random table's shape: its metrics, each item's height and a view.
    static func randomGeometry(_ random: inout SeededRandom) -> TableViewGeometry {
        let metrics = randomMetrics(&random)
        var heights: [TableItem: Int] = [:]
        var item = metrics.firstItem
        while let current = item {
            heights[current] =
                current.isHeader ? metrics.headerHeights[current.section] : Int.random(in: 1...8, using: &random)
            item = metrics.next(after: current)
        }
        return TableViewGeometry(
            metrics: metrics, viewport: Int.random(in: 1...10, using: &random),
            stickyHeaders: Bool.random(using: &random), scrollPadding: Int.random(in: 0...3, using: &random),
            itemHeight: { heights[$0] ?? 0 })
    }

    /// Every item of `metrics`, in order.
    static func items(of metrics: TableMetrics) -> [TableItem] {
        var items: [TableItem] = []
        var item = metrics.firstItem
        while let current = item {
            items.append(current)
            item = metrics.next(after: current)
        }
        return items
    }

    /// A random position on an existing item, its line offset one the layout pass leaves.
    static func randomPosition(
        _ random: inout SeededRandom, items: [TableItem], geometry: TableViewGeometry
    ) -> TableViewState {
        var state = TableViewState()
        guard let top = items.randomElement(using: &random) else { return state }
        // Inside the item: up to a tall row's far edge (as the layout pass keeps it), or a row cut by padding.
        let height = geometry.itemHeight(top)
        let most = height > geometry.viewport ? height - geometry.viewport : height - 1
        state.setTop(top, lineOffset: most > 0 ? Int.random(in: 0...most, using: &random) : 0)
        return state
    }

    @Test func revealShowsTheRowWholeWithItsPadding() {
        var random = SeededRandom(seed: Self.seed)
        for run in 0..<Self.budget {
            let geometry = Self.randomGeometry(&random)
            let rows = Self.items(of: geometry.metrics).filter { !$0.isHeader }
            guard let target = rows.randomElement(using: &random) else { continue }
            var state = Self.randomPosition(&random, items: Self.items(of: geometry.metrics), geometry: geometry)
            let before = state
            state.reveal(target, in: geometry)
            let context =
                "case \(run): reveal \(target) from \(before) in \(geometry.viewport) lines, "
                + "sticky \(geometry.stickyHeaders), padding \(geometry.scrollPadding)"
            let height = geometry.itemHeight(target)
            let viewport = geometry.viewport
            if height > viewport {
                #expect(state.top == target, "\(context): a tall row is the top")
                #expect(
                    state.topLineOffset >= 0 && state.topLineOffset <= height - viewport,
                    "\(context): a tall row fills the view (\(state.topLineOffset) lines out)")
                continue
            }
            let placed = TableLayout.visibleItems(
                from: state.top, topOffset: state.topLineOffset, height: viewport, metrics: geometry.metrics,
                stickyHeaders: geometry.stickyHeaders, itemHeight: geometry.itemHeight)
            let sticky = placed.first(where: \.isSticky)?.height ?? 0
            guard let shown = placed.first(where: { $0.item == target && !$0.isSticky }) else {
                Issue.record("\(context): the row is not on screen (top \(state))")
                continue
            }
            #expect(shown.y >= sticky && shown.y + height <= viewport, "\(context): the row shows whole at \(shown.y)")
            #expect(state.line(of: target, in: geometry) == shown.y, "\(context): line(of:) is where it is placed")
            // Without sticky headers the padding fits by construction: it is kept where the rows allow.
            guard !geometry.stickyHeaders else { continue }
            let padding = geometry.effectivePadding(for: target, rowHeight: height)
            #expect(
                shown.y >= min(padding, geometry.linesAbove(target, atMost: padding)),
                "\(context): \(padding) lines of context above, \(shown.y) shown")
            #expect(
                shown.y + height + min(padding, geometry.linesBelow(target, atMost: padding)) <= viewport,
                "\(context): \(padding) lines of context below")
        }
    }

    @Test func aPlacedRowStartsAtItsLineOrAbove() {
        var random = SeededRandom(seed: Self.seed &+ 3)
        for run in 0..<Self.budget {
            let geometry = Self.randomGeometry(&random)
            let items = Self.items(of: geometry.metrics)
            guard let item = items.filter({ !$0.isHeader }).randomElement(using: &random) else { continue }
            var state = Self.randomPosition(&random, items: items, geometry: geometry)
            let line = Int.random(in: -1...geometry.viewport, using: &random)
            state.scroll(to: item, at: .line(line), in: geometry)
            let context = "case \(run): \(item) at line \(line) in \(geometry.viewport) lines"
            #expect(state.topLineOffset == 0, "\(context): a placed row's top shows whole")
            guard let top = state.top, geometry.metrics.contains(top), top <= item else {
                Issue.record("\(context): top \(state)")
                continue
            }
            let height = geometry.itemHeight(item)
            let wanted = max(0, min(line, geometry.viewport - height))
            // From its top, the row starts at the wanted line or above it (as near as the rows above allow).
            var y = geometry.stickyLines(above: top)
            var walked = top
            while walked < item, let next = geometry.metrics.next(after: walked) {
                y += geometry.itemHeight(walked)
                walked = next
            }
            #expect(y <= max(wanted, geometry.stickyLines(above: item)), "\(context): the row starts at \(y)")
            if let previous = geometry.metrics.previous(before: top), geometry.itemHeight(previous) > 0, y < wanted {
                // A row above that would still fit (under its own sticky header) is not left out.
                let above = y - geometry.stickyLines(above: top) + geometry.itemHeight(previous)
                #expect(
                    geometry.stickyLines(above: previous) + above > wanted,
                    "\(context): \(previous) would fit above")
            }
        }
    }

    @Test func scrollByItemsStaysInTheTable() {
        var random = SeededRandom(seed: Self.seed &+ 1)
        for run in 0..<Self.budget {
            let geometry = Self.randomGeometry(&random)
            let items = Self.items(of: geometry.metrics)
            var state = Self.randomPosition(&random, items: items, geometry: geometry)
            guard let start = state.top else { continue }
            let before = state
            let steps = Int.random(in: -6...6, using: &random)
            let moved = state.scroll(byItems: steps, in: geometry)
            let context = "case \(run): scroll \(steps) from \(before) in \(geometry.viewport) lines"
            guard let top = state.top else {
                Issue.record("\(context): no top")
                continue
            }
            #expect(geometry.metrics.contains(top), "\(context): top \(top) exists")
            #expect(
                moved == (state != before) && (steps != 0 || !moved), "\(context): moved \(moved), now \(state)")
            let height = geometry.itemHeight(top)
            #expect(
                state.topLineOffset >= 0 && (state.topLineOffset == 0 || state.topLineOffset < height),
                "\(context): \(state.topLineOffset) lines out of a \(height)-line top")
            if height > geometry.viewport {
                #expect(state.topLineOffset <= height - geometry.viewport, "\(context): past a tall row's edge")
            }
            if steps > 0 {
                #expect(top >= start && top <= max(start, geometry.lastTop()), "\(context): past the end")
            } else if steps < 0 {
                #expect(top <= start, "\(context): scrolled down")
            }
        }
    }

    @Test func aCursorMoveLandsOnARowItMayStopOn() {
        var random = SeededRandom(seed: Self.seed &+ 2)
        for run in 0..<Self.budget {
            let metrics = Self.randomMetrics(&random)
            let rows = Self.items(of: metrics).compactMap(\.indexPath)
            guard let start = rows.randomElement(using: &random) else { continue }
            let stoppable = Set(rows.filter { _ in Int.random(in: 0..<10, using: &random) < 7 })
            let steps = Int.random(in: -4...4, using: &random)
            var state = TableViewState()
            state.moveCursor(to: Bool.random(using: &random) ? start : nil)
            let target = state.cursorTarget(
                movedBy: steps, from: start, in: metrics, isHighlightable: stoppable.contains)
            let context = "case \(run): \(steps) from \(start), cursor \(String(describing: state.cursor))"
            if state.cursor == nil {
                // No cursor yet: the first row from the start, down, where it may stop.
                #expect(target == rows.first { $0 >= start && stoppable.contains($0) }, "\(context): \(target as Any)")
                continue
            }
            let way = steps > 0 ? rows.filter { $0 > start } : rows.filter { $0 < start }.reversed()
            let reachable = way.filter(stoppable.contains)
            let expected = reachable.isEmpty || steps == 0 ? nil : reachable[min(abs(steps), reachable.count) - 1]
            #expect(target == expected, "\(context): landed on \(target as Any), not \(expected as Any)")
            if let target { #expect(metrics.contains(target) && stoppable.contains(target), "\(context)") }
        }
    }
}
