import Foundation
import TermTableTesting
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

/// A delegate that sizes every row to its content.
@MainActor
private final class AutomaticDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight { .automatic }
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

    /// Rows of random text in a wrapping field, at random widths: each row is as tall as its text's wrapped lines.
    @Test(arguments: [1, 2, 3])
    func automaticRowsAreAsTallAsTheirWrappedText(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let words = ["a", "log", "line", "stack", "trace", "überlong", "日本語", "x"]
        let texts = (0..<40).map { _ in
            (0..<Int.random(in: 0...30, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
        }
        let source = NumbersSource(sections: [texts])
        source.identifier = { _ in "message" }
        let delegate = AutomaticDelegate()
        let layout = "cell message\n|[1 message       ]|\n  1 label wrap stretch=both"
        let table = makeTable(source, width: 20, height: 12)
        table.register(
            template: try LayoutLibrary(string: layout).template("message"), forCellReuseIdentifier: "message")
        table.delegate = delegate
        for step in 0..<30 {
            let width = Int.random(in: 1...50, using: &random)
            table.frame = Rect(x: 0, y: 0, width: width, height: 12)
            for _ in 0..<Int.random(in: 0...8, using: &random) { _ = table.handleKey(.down) }
            table.layoutIfNeeded()
            for placed in table.placedItems {
                let text = texts[placed.item.indexPath!.row]
                let lines = max(1, TerminalText.wrap(text, width: table.contentWidth).count)
                #expect(placed.height == lines, "step \(step), width \(width), row \(placed.item): \(text)")
            }
        }
        #expect(table.statistics.cellsCreated <= 12 + 2 + 4, "\(table.statistics)")
    }

    /// A reloaded row is measured again: text that grew makes the row taller.
    @Test func reloadRowsMeasuresAnAutomaticRowAgain() throws {
        let source = NumbersSource(sections: [["short", "short"]])
        source.identifier = { _ in "message" }
        let delegate = AutomaticDelegate()
        let table = makeTable(source, width: 10, height: 10)
        table.register(
            template: try LayoutLibrary(string: "cell message\n|[1 m    ]|\n  1 label wrap stretch=both")
                .template("message"), forCellReuseIdentifier: "message")
        table.delegate = delegate
        table.layoutIfNeeded()
        #expect(table.placedItems.map(\.height) == [1, 1])
        source.sections[0][0] = "one two three four"
        table.reloadRows(at: [IndexPath(row: 0, section: 0)])
        table.layoutIfNeeded()
        #expect(table.placedItems.map(\.height) == [2, 1])
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
