import Foundation
import TermTable
import TermTableTesting
import Testing

@testable import ScrollBench

/// The benchmark's cell built in code: a copy's outlets point at its own labels, not at the prototype's.
@MainActor
@Suite struct HandcodedRowCellCopyTests {
    @Test func handcodedRowCell() {
        let cell = HandcodedRowCell(reuseIdentifier: "handcoded")
        ViewCopyCheck.setEveryViewProperty(of: cell)
        cell.height = 2
        cell.selectionStyle = .none
        cell.accessory = .disclosure
        cell.indentationLevel = 1
        cell.indentationWidth = 4
        cell.isSelectable = false
        cell.heightIsAutomatic = true
        // The column model's per-cell state (TableViewCell.columnState).
        cell.setText("made in code", forColumn: "name")
        cell.title.text = "Title"
        cell.date.text = "2026-11-23"
        ViewCopyCheck.toolkit.expectFaithfulCopy(of: cell, fresh: HandcodedRowCell(reuseIdentifier: nil))
        // What the benchmark does with a copy: its outlets write into the copy's own tree.
        let copy = cell.copy()
        copy.title.text = "Copied"
        #expect(copy.contentView.subviews.contains { $0 === copy.title })
        #expect(cell.title.text == "Title")
    }

    /// Every view class of the benchmark is covered here.
    @Test func everyScrollBenchViewClassIsCovered() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let declared = ViewCopyCheck.declaredViewSubclasses(
            under: root.appendingPathComponent("Examples/ScrollBench"),
            libraries: [root.appendingPathComponent("Sources")])
        let covered: Set = ["HandcodedRowCell"]
        #expect(
            Set(declared.keys) == covered,
            "add a copy test to HandcodedRowCellCopyTests for: \(Set(declared.keys).subtracting(covered).sorted())")
    }
}
