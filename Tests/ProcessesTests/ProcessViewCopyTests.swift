import Foundation
import ProcessesCore
import TermTable
import TermTableTesting
import Testing

/// The process viewer's view classes: its detail view is a root view, never cloned, and writes no copy code.
@MainActor
@Suite struct ProcessViewCopyTests {
    /// Copying it is refused with a message naming the class (it does not adopt `CopyableView`).
    @Test func theDetailViewIsNotCopyable() {
        #expect(View.copyRefusal(ProcessDetailView.self)?.hasPrefix("ProcessDetailView was copied") == true)
    }

    /// Every view class of `procs` is listed here (a copyable one would need a copy test).
    @Test func everyProcessesViewClassIsListed() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let declared = ViewCopyCheck.declaredViewSubclasses(
            under: root.appendingPathComponent("Examples/Processes"),
            libraries: [root.appendingPathComponent("Sources")])
        let listed: Set = ["ProcessDetailView"]
        #expect(
            Set(declared.keys) == listed,
            "list in ProcessViewCopyTests: \(Set(declared.keys).subtracting(listed).sorted())")
    }
}
