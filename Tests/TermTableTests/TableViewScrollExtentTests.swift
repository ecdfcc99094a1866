import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// A delegate whose rows stand for uneven amounts of content: row `i` stands for `weights[i]` units.
@MainActor
private final class WeightedExtentDelegate: TableViewDelegate {
    var weights: [Double]
    var asked: [ClosedRange<IndexPath>] = []
    init(weights: [Double]) { self.weights = weights }
    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    {
        asked.append(rows)
        let total = weights.reduce(0, +)
        let before = weights[..<rows.lowerBound.row].reduce(0, +)
        let through = weights[...rows.upperBound.row].reduce(0, +)
        return .fractions(before / total...through / total)
    }
}

/// The likely slip: the hook written returning `ClosedRange<Double>?`.
@MainActor
private final class RangeShapedExtentDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ClosedRange<Double>?
    { 0...1 }
}

/// A delegate that answers fractions that are not finite.
@MainActor
private final class NotFiniteExtentDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    { .fractions(0 ... .infinity) }
}

/// The scroll indicator hook for rows that stand for uneven amounts of content (issue 25).
@Suite("TableView: scroll indicator extent") @MainActor
struct TableViewScrollExtentTests {
    @Test func theNearMissIsReportedWithTheFix() throws {
        let table = TableView()
        let rows = IndexPath(row: 0, section: 0)...IndexPath(row: 1, section: 0)
        let slip = RangeShapedExtentDelegate()
        let answered: ClosedRange<Double>? = slip.tableView(table, scrollIndicatorExtentOf: rows)
        let message = try #require(TableView.nearMissExtentReport(slip, answered: answered))
        #expect(message.contains("RangeShapedExtentDelegate implements tableView(_:scrollIndicatorExtentOf:)"))
        #expect(message.contains("return a ScrollIndicatorExtent"))
        let right = WeightedExtentDelegate(weights: [1, 1])
        let rightAnswer: ClosedRange<Double>? = right.tableView(table, scrollIndicatorExtentOf: rows)
        #expect(TableView.nearMissExtentReport(right, answered: rightAnswer) == nil)
    }

    /// Without the hook (or with `.counted`), the thumb counts rows as before.
    @Test func countedKeepsTheRowCount() {
        let source = NumbersSource(rows: 100)
        let table = makeTable(source, width: 20, height: 10)
        table.layoutIfNeeded()
        #expect(table.scrollIndicator() == 0..<1)
        table.scrollToRow(at: IndexPath(row: 45, section: 0), at: .top)
        table.layoutIfNeeded()
        #expect(table.scrollIndicator() == 5..<6)  // 1 + 8 * 45 / 90
    }

    /// Row 0 stands for 90% of the whole: while it shows, the thumb is nine tenths of the track.
    @Test func theThumbFollowsTheDelegatesFractions() {
        let source = NumbersSource(rows: 100)
        let weights = [891.0] + Array(repeating: 1.0, count: 99)  // 990 units, row 0 is 90%
        let delegate = WeightedExtentDelegate(weights: weights)
        let table = makeTable(source, width: 20, height: 10)
        table.delegate = delegate
        table.layoutIfNeeded()
        // Rows 0...9 show 900/990 of the whole: 9 of 10 lines, at the top.
        #expect(table.scrollIndicator() == 0..<9)
        #expect(delegate.asked.last == IndexPath(row: 0, section: 0)...IndexPath(row: 9, section: 0))
        // Rows 1...10 show 10 units of 990: a one-line thumb, the first 891 units above it: near the end.
        table.scrollToRow(at: IndexPath(row: 1, section: 0), at: .top)
        table.layoutIfNeeded()
        let above: Double = 891.0 / 990
        let scrollable: Double = 1 - 10.0 / 990
        let scrolled: Double = min(1, above / scrollable)
        let expected = 1 + Int((8 * scrolled).rounded(.down))
        #expect(table.scrollIndicator() == expected..<(expected + 1))
        // The end shown whole: the thumb touches the last line whatever the fractions.
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .bottom)
        table.layoutIfNeeded()
        #expect(table.scrollIndicator()?.upperBound == 10)
    }

    /// Fractions that are not finite count as `.counted`.
    @Test func fractionsThatAreNotFiniteCountRows() {
        let source = NumbersSource(rows: 100)
        let delegate = NotFiniteExtentDelegate()
        let table = makeTable(source, width: 20, height: 10)
        table.delegate = delegate
        table.layoutIfNeeded()
        table.scrollToRow(at: IndexPath(row: 45, section: 0), at: .top)
        table.layoutIfNeeded()
        #expect(table.scrollIndicator() == 5..<6)  // 1 + 8 * 45 / 90
    }

    #if DEBUG && compiler(>=6.2)
        /// A table whose delegate writes the hook returning `ClosedRange<Double>?` stops at the first thumb drawn.
        @Test func aDebugBuildStopsAtTheNearMiss() async {
            await #expect(processExitsWith: .failure) {
                await MainActor.run {
                    let source = NumbersSource(rows: 30)
                    let delegate = RangeShapedExtentDelegate()
                    let table = makeTable(source, width: 20, height: 5)
                    table.delegate = delegate
                    table.layoutIfNeeded()
                    _ = table.scrollIndicator()
                }
            }
        }
    #endif
}
