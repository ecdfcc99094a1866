import Foundation
import Testing

@testable import TermTable

/// A delegate written in UIKit's shape: `heightForRowAt` answers a number.
@MainActor
private final class UIKitShapedDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int { 3 }
}

/// A delegate written in the toolkit's former shape: `heightForRowAt` answers an optional number.
@MainActor
private final class FormerShapedDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int? { 3 }
}

/// A delegate that answers a ``RowHeight``: three lines for even rows, the template's height for odd ones.
@MainActor
private final class RowHeightDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight {
        indexPath.row.isMultiple(of: 2) ? .lines(3) : .template
    }
}

/// `heightForRowAt` answers a ``RowHeight``; its near misses (UIKit's `-> Int`, the former `-> Int?`) are found (issue 23).
@Suite("TableView: row heights") @MainActor
struct TableViewRowHeightTests {
    /// What the table's debug check says of `delegate`.
    func report(_ delegate: TableViewDelegate) -> String? {
        let table = TableView()
        let path = IndexPath(row: 0, section: 0)
        let int: Int = delegate.tableView(table, heightForRowAt: path)
        let optional: Int? = delegate.tableView(table, heightForRowAt: path)
        return TableView.nearMissReport(delegate, int: int, optional: optional)
    }

    @Test func theNearMissesAreReportedWithTheFix() throws {
        let uikit = try #require(report(UIKitShapedDelegate()))
        #expect(uikit.contains("UIKitShapedDelegate implements tableView(_:heightForRowAt:) -> Int,"))
        #expect(uikit.contains("return a RowHeight"))
        let former = try #require(report(FormerShapedDelegate()))
        #expect(former.contains("FormerShapedDelegate implements tableView(_:heightForRowAt:) -> Int?,"))
        #expect(report(RowHeightDelegate()) == nil)
    }

    @Test func linesAndTemplateHeightsPlaceTheRows() {
        let source = NumbersSource(rows: 6)
        let delegate = RowHeightDelegate()
        let table = makeTable(source, width: 20, height: 10)
        table.delegate = delegate
        table.layoutIfNeeded()
        #expect(table.placedItems.map(\.height) == [3, 1, 3, 1, 3])
        #expect(table.placedItems.map(\.y) == [0, 3, 4, 7, 8])
    }

    #if DEBUG && compiler(>=6.2)
        /// A table whose delegate answers UIKit's `-> Int` stops at the first row measured in a debug build.
        @Test func aDebugBuildStopsAtAUIKitShapedDelegate() async {
            await #expect(processExitsWith: .failure) {
                await MainActor.run {
                    let source = NumbersSource(rows: 3)
                    let delegate = UIKitShapedDelegate()
                    let table = makeTable(source, width: 20, height: 5)
                    table.delegate = delegate
                    table.layoutIfNeeded()
                }
            }
        }
    #endif
}
