import Foundation
import ProcessesCore
import TermTable
import TermTableTesting
import Testing

/// The process viewer's view classes, copied with every stored property set: the copy keeps each one and shares nothing.
@MainActor
@Suite struct ProcessViewCopyTests {
    @Test func processDetailView() {
        let cell = TableViewCell(reuseIdentifier: "detail")
        let field = Label(text: "4211")
        field.tag = 1
        cell.contentView.addSubview(field)
        let detail = ProcessDetailView(cell: cell)
        ViewCopyCheck.setEveryViewProperty(of: detail)
        ViewCopyCheck.toolkit.expectFaithfulCopy(
            of: detail, fresh: ProcessDetailView(cell: TableViewCell(reuseIdentifier: nil)))
    }

    /// Every view class of `procs` is covered here.
    @Test func everyProcessesViewClassIsCovered() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let declared = ViewCopyCheck.declaredViewSubclasses(
            under: root.appendingPathComponent("Examples/Processes"),
            libraries: [root.appendingPathComponent("Sources")])
        let covered: Set = ["ProcessDetailView"]
        #expect(
            Set(declared.keys) == covered,
            "add a copy test to ProcessViewCopyTests for: \(Set(declared.keys).subtracting(covered).sorted())")
    }
}
