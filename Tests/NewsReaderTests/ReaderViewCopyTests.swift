import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The reader's view classes, copied with every stored property set: the copy keeps each one and shares nothing.
@MainActor
@Suite struct ReaderViewCopyTests {
    static let check = ViewCopyCheck.toolkit

    static func article() -> Article {
        Article(
            id: "a", title: "A long article", link: URL(string: "https://example.com/a"),
            summary: (1...40).map { "Line \($0) of the summary." }.joined(separator: "\n"), feedTitle: "Feed")
    }

    static func configuredDetail() -> ArticleDetailView {
        let detail = ArticleDetailView()
        ViewCopyCheck.setEveryViewProperty(of: detail)
        detail.show(article())
        detail.scroll(by: 3)
        detail.onClose = {}
        detail.now = { Date(timeIntervalSince1970: 1_800_000_000) }
        detail.timeZone = TimeZone(identifier: "Asia/Tokyo") ?? .current
        return detail
    }

    @Test func articleDetailView() {
        let detail = Self.configuredDetail()
        #expect(detail.offset == 3)
        Self.check.expectFaithfulCopy(of: detail, fresh: ArticleDetailView())
        // A closure cannot be compared: the copy's clock is checked by reading it.
        #expect(detail.copy().now() == Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func statusLine() {
        let line = StatusLine()
        ViewCopyCheck.setEveryViewProperty(of: line)
        line.text = StatusText(left: "3 of 40", right: "? help")
        line.style = .bold
        line.maximumLines = 3
        Self.check.expectFaithfulCopy(of: line, fresh: StatusLine())
    }

    @Test func readerView() {
        let reader = ReaderView()
        ViewCopyCheck.setEveryViewProperty(of: reader)
        reader.tableView.rowHeight = 2
        reader.detailView.show(Self.article())
        reader.showDetail(true)
        reader.statusLine.text = StatusText(left: "Loading", right: "")
        reader.willDrawSubviews = {}
        Self.check.expectFaithfulCopy(of: reader, fresh: ReaderView())
    }

    /// Every view class of the reader is covered here.
    @Test func everyReaderViewClassIsCovered() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let declared = ViewCopyCheck.declaredViewSubclasses(
            under: root.appendingPathComponent("Examples/NewsReader"),
            libraries: [root.appendingPathComponent("Sources")])
        let covered: Set = ["ArticleDetailView", "StatusLine", "ReaderView"]
        #expect(
            Set(declared.keys) == covered,
            "add a copy test to ReaderViewCopyTests for: \(Set(declared.keys).subtracting(covered).sorted())")
    }
}
