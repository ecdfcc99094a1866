import Foundation
import TermTableTesting

@testable import TermTable

extension GeneratedTableSource {
    /// The rows' weights for the scroll indicator hook: row `id` stands for `1 + (id * mapping) % 7` units.
    func extentWeight(_ row: GeneratedTableCase.Row, mapping: Int) -> Double {
        Double(1 + (row.id &* mapping) % 7)
    }

    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    {
        guard let mapping = extentMapping else { return .counted }
        var total = 0.0
        var start = 0.0
        var end = 0.0
        for section in sections.indices {
            for (index, row) in self.rows(section).enumerated() {
                let path = IndexPath(row: index, section: section)
                if path < rows.lowerBound { start += extentWeight(row, mapping: mapping) }
                total += extentWeight(row, mapping: mapping)
                if path <= rows.upperBound { end = total }
            }
        }
        guard total > 0 else { return .counted }
        return .fractions(start / total...max(start, end) / total)
    }
}

extension GeneratedTableCase {
    /// Estimated heights, the scroll indicator hook and clicks on the scroll bar (issue 23), drawn from a third
    /// generator seeded by the case, so the main random stream (and every earlier case's data) stays as it was.
    /// A quarter of the cases with an estimate make every row the same height and set the estimate to it.
    mutating func addScrollBar() {
        var seed = UInt64(truncatingIfNeeded: width &* 7_919 &+ height &* 104_729 &+ ops.count &* 13 &+ kinds.count)
        seed = seed &* 0xD1B5_4A32_D192_ED03 &+ UInt64(truncatingIfNeeded: sections.count &* 31 &+ padding)
        var rng = SeededRandom(seed: seed)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        func chance(_ percent: Int) -> Bool { int(0...99) < percent }
        if chance(50) {
            if chance(25) {
                let lines = int(1...5)
                kinds = kinds.map { Kind(lines, controls: $0.controls) }
                delegateHeights = false
                indicator = true
                ops.insert(.setEstimate(lines), at: 0)
            } else {
                for _ in 0..<int(1...3) {
                    ops.insert(.setEstimate(chance(25) ? nil : int(1...5)), at: int(0...ops.count))
                }
            }
        }
        if chance(30) {
            for _ in 0..<int(1...2) { ops.insert(.setExtent(chance(20) ? nil : int(1...9)), at: int(0...ops.count)) }
        }
        if chance(50) {
            for _ in 0..<int(1...6) { ops.insert(.clickScrollBar(int(0...max(0, height))), at: int(0...ops.count)) }
        }
    }
}

extension GeneratedTableHarness.Run {
    /// Applies an estimate, an extent mapping or a click on the scroll bar; after a click, draws more frames
    /// (which measure more rows) and notes if the cursor's row or the scroll position moved.
    func applyScrollBar(_ op: GeneratedTableCase.Op) {
        switch op {
        case .setEstimate(let lines):
            table.estimatedRowHeight = lines
        case .setExtent(let mapping):
            source.extentMapping = mapping
            table.setNeedsDisplay()
        case .clickScrollBar(let line):
            driver.click(x: table.frame.width - 1, y: table.rowsTop + line)
            let before = (table.cursorLine, table.state.top, table.state.topLineOffset)
            for _ in 0..<2 {
                table.setNeedsLayout()
                table.setNeedsDisplay()
                driver.app.renderIfNeeded()
                _ = table.scrollIndicator()
                let after = (table.cursorLine, table.state.top, table.state.topLineOffset)
                if before != after, scrollBarProblem == nil {
                    scrollBarProblem =
                        "after a click on the scroll bar, another frame moved the cursor's line or the top: "
                        + "\(before) then \(after)"
                }
            }
        default:
            break
        }
    }

    /// The thumb's rules: in the track, at least 1 line and less than the track; it touches the first line
    /// exactly when the view is at the top and the last exactly when the end shows whole (in a track of 3
    /// lines or more); no thumb when everything shows; with an estimate equal to every row's height, placed at
    /// the exact line fraction.
    func scrollBarViolation() -> String? {
        if let problem = scrollBarProblem {
            scrollBarProblem = nil
            return problem
        }
        guard table.showsScrollIndicator, inSync else { return nil }
        let height = tableHeight
        let thumb = table.scrollIndicator()
        if let thumb, thumb.count >= height || thumb.isEmpty || thumb.lowerBound < 0 || thumb.upperBound > height {
            return "scroll thumb \(thumb) is not inside a track of \(height) lines, shorter than it"
        }
        // Where the view is, from the data: rows before the first row shown and after the last have no lines.
        let rows = table.placedItems.filter { !$0.isSticky && !$0.item.isHeader }
        guard let first = rows.first, let last = rows.last, let firstPath = first.item.indexPath,
            let lastPath = last.item.indexPath
        else { return nil }
        var allRows: [(IndexPath, GeneratedTableCase.Row)] = []
        for section in source.sections.indices {
            for (index, row) in source.rows(section).enumerated() {
                allRows.append((IndexPath(row: index, section: section), row))
            }
        }
        let heights = allRows.map { source.expectedHeight($0.1) }
        guard let firstIndex = allRows.firstIndex(where: { $0.0 == firstPath }),
            let lastIndex = allRows.firstIndex(where: { $0.0 == lastPath })
        else { return nil }
        let offset = table.state.top == first.item ? table.state.topLineOffset : 0
        // A header above the first row scrolled by lines is not the top either.
        let atTop = table.state.topLineOffset == 0 && heights[..<firstIndex].allSatisfy { $0 == 0 }
        let atEnd = last.y + last.height <= height && heights[(lastIndex + 1)...].allSatisfy { $0 == 0 }
        guard let thumb else {
            if height > 1, !(atTop && atEnd) { return "no thumb, but the view is not showing everything" }
            return nil
        }
        if atTop && atEnd { return "a thumb \(thumb) while everything shows" }
        if atTop != (thumb.lowerBound == 0) && (atTop || height >= 3) {
            return "the thumb \(thumb) touches the first line: \(thumb.lowerBound == 0); at the top: \(atTop)"
        }
        if atEnd != (thumb.upperBound == height) && (atEnd || height >= 3) {
            return "the thumb \(thumb) touches the last line: \(thumb.upperBound == height); the end shown: \(atEnd)"
        }
        // An estimate equal to every row's height: the exact line fraction.
        if let estimate = table.estimatedRowHeight, source.extentMapping == nil, !atTop, !atEnd, height >= 3,
            heights.allSatisfy({ $0 == estimate })
        {
            let total = heights.count * estimate
            let viewLines = min(height, total)
            let above = firstIndex * estimate + offset
            let size = max(1, min(height - 2, height * viewLines / total))
            let room = height - size
            let start = min(room - 1, max(1, 1 + (room - 1) * above / max(1, total - viewLines)))
            if thumb != start..<(start + size) {
                return "with an exact estimate of \(estimate) lines, \(above) of \(total) lines above, the thumb is "
                    + "\(thumb), not \(start..<(start + size))"
            }
        }
        return nil
    }
}
