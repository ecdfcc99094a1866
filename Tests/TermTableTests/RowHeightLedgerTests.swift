import TermTableTesting
import Testing

@testable import TermTable

/// The ledger of measured heights behind the estimated scroll thumb, against a plain array of heights.
@Suite("RowHeightLedger")
struct RowHeightLedgerTests {
    /// Random records and forgets (tall heights included) over rows spanning several pages; every query
    /// answers as a walk over all rows would.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func queriesMatchAWalkOverAllRows(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let rowCount = RowHeightLedger.pageSize * 3 + Int.random(in: 0..<RowHeightLedger.pageSize, using: &random)
        var ledger = RowHeightLedger()
        ledger.reset(rowCount: rowCount)
        var heights = [Int?](repeating: nil, count: rowCount)
        for _ in 0..<2000 {
            let row = Int.random(in: 0..<rowCount, using: &random)
            if Bool.random(using: &random) || heights[row] == nil {
                let height =
                    Int.random(in: 0...8, using: &random) == 0
                    ? Int.random(in: 250...600, using: &random)
                    : Int.random(in: 0...6, using: &random)
                ledger.record(height, forRow: row)
                heights[row] = height
            } else {
                ledger.forget(row: row)
                heights[row] = nil
            }
        }
        for estimate in [1, 3] {
            var before = [Int](repeating: 0, count: rowCount + 1)
            for row in 0..<rowCount { before[row + 1] = before[row] + (heights[row] ?? estimate) }
            #expect(ledger.totalLines(estimate: estimate) == before[rowCount])
            for _ in 0..<300 {
                let row = Int.random(in: 0...rowCount, using: &random)
                #expect(ledger.lines(beforeRow: row, estimate: estimate) == before[row])
                let line = Int.random(in: 0..<(before[rowCount] + 5), using: &random)
                // The row holding `line`: the last row that starts at or before it and has lines.
                let expected =
                    line >= before[rowCount]
                    ? rowCount - 1 : (0..<rowCount).last { before[$0] <= line && before[$0 + 1] > line }
                #expect(ledger.row(atLine: line, estimate: estimate) == expected, "line \(line)")
            }
        }
        for row in [0, rowCount / 2, rowCount - 1] { #expect(ledger.height(ofRow: row) == heights[row]) }
    }

    /// Ten million rows: a page is allocated only where a row is measured.
    @Test func tenMillionRowsAllocateOnlyMeasuredPages() {
        var ledger = RowHeightLedger()
        ledger.reset(rowCount: 10_000_000)
        #expect(ledger.totalLines(estimate: 2) == 20_000_000)
        ledger.record(5, forRow: 9_999_999)
        ledger.record(300, forRow: 5_000_000)
        #expect(ledger.totalLines(estimate: 2) == 20_000_000 - 4 + 5 + 300)
        #expect(ledger.lines(beforeRow: 5_000_001, estimate: 2) == 10_000_000 + 300)
        #expect(ledger.row(atLine: 10_000_000 + 299, estimate: 2) == 5_000_000)
        #expect(ledger.row(atLine: 10_000_000 + 300, estimate: 2) == 5_000_001)
        ledger.reset(rowCount: 10_000_000)
        #expect(ledger.measuredCount == 0 && ledger.tallHeights.isEmpty)
    }
}
