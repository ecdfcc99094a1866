import Foundation
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The reader's view classes are root views, shown once and never cloned: they write no copy code.
@MainActor
@Suite struct ReaderViewCopyTests {
    static let rootViews: [View.Type] = [
        ArticleDetailView.self, ArticleScreenView.self, StatusLine.self, ReaderView.self,
    ]

    /// Copying one of them is refused with a message naming the class (it does not adopt `CopyableView`).
    @Test func theReadersRootViewsAreNotCopyable() {
        for type in Self.rootViews {
            let refusal = View.copyRefusal(type)
            #expect(refusal?.hasPrefix("\(type) was copied") == true, "\(type): \(refusal ?? "copyable")")
        }
    }

    /// Every view class of the reader is listed here (a copyable one would need a copy test).
    @Test func everyReaderViewClassIsListed() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let declared = ViewCopyCheck.declaredViewSubclasses(
            under: root.appendingPathComponent("Examples/NewsReader"),
            libraries: [root.appendingPathComponent("Sources")])
        let listed = Set(Self.rootViews.map { String(describing: $0) })
        #expect(
            Set(declared.keys) == listed,
            "list in ReaderViewCopyTests: \(Set(declared.keys).subtracting(listed).sorted())")
    }
}
