import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The article "Trees": its code is the code compiled here (`TreesExamples.swift`), and its apps do what the
/// article says on an in-memory screen.
@Suite("Trees (article)") @MainActor
struct TreesArticleTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/Trees.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/TreesExamples.swift"

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try DocExamplesTests.expectEverySwiftBlock(of: Self.articlePath, count: 8..., areIn: Self.examplesPath)
    }

    /// The rows the article draws, then the edits: Quince after Pear, Leek moved under Fruit and revealed.
    @Test func theTopicOutlineDrawsAsTheArticleShowsAndItsEditsKeepTheCursor() throws {
        let outline = TopicOutline()
        let driver = AppDriver(size: Size(width: 30, height: 8)) { screen in makeTopicApp(on: screen, outline: outline)
        }
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        let drawn = try #require(DocExamplesTests.blocks("text", in: article).first)
        #expect(
            driver.lines.prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }
                == drawn.split(separator: "\n").map(String.init))
        outline.table.setCursor(IndexPath(row: 1, section: 0))  // Apple
        addQuince(to: outline.dataSource)
        driver.app.render()
        #expect(
            outline.dataSource.snapshot().visibleItems == ["Fruit", "Apple", "Pear", "Quince", "Leek", "Vegetables"])
        #expect(outline.dataSource.cursorItemIdentifier == "Fruit", "the collapse moved the cursor to Apple's parent")
        // The keys: ← collapses Fruit, → expands it again, → goes to its first child.
        driver.press("left")
        #expect(outline.dataSource.snapshot().visibleItems == ["Fruit", "Vegetables"])
        driver.press("right")
        driver.press("right")
        #expect(outline.dataSource.cursorItemIdentifier == "Apple")
    }

    @Test func theFilterKeepsAncestorsAndClearingItBringsTheExpansionBack() {
        let outline = TopicOutline()
        filterTopics(outline.dataSource, by: "leek")
        #expect(outline.dataSource.snapshot().visibleItems == ["Vegetables", "Leek"])
        #expect(outline.dataSource.isFilterAncestor("Vegetables"))
        filterTopics(outline.dataSource, by: "")
        #expect(outline.dataSource.snapshot().visibleItems == ["Fruit", "Apple", "Pear", "Vegetables"])
    }

    /// The lazy directory tree on a real directory: a loading row, then the names; a missing one, an error row.
    @Test func lazyDirectoriesLoadWhenExpandedAndShowAnErrorRowWhenTheyFail() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("trees-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/b", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/a.txt", contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let table = TableView()
        let dataSource = makeLazyDirectories(in: table, root: root)
        let driver = AppDriver(rootView: table, size: Size(width: 40, height: 6))
        #expect(driver.lines[1].contains("▸ trees-"))
        dataSource.expand(root)
        for _ in 0..<500 where dataSource.snapshot().childrenState(of: root) != .loaded {
            try await Task.sleep(for: .milliseconds(10))  // a stalled load, not a speed: at most 5 s
        }
        driver.app.render()
        #expect(dataSource.children(of: root) == [root + "/a.txt", root + "/b"])
        #expect(driver.lines[2].contains("├─  a.txt") && driver.lines[3].contains("└─  b"))
        // A directory gone before it is read: the error row says why.
        dataSource.update { tree in
            tree.append([root + "/gone"], to: root)
            tree.setChildrenState(.notLoaded, of: root + "/gone")
        }
        dataSource.expand(root + "/gone")
        for _ in 0..<500 where dataSource.snapshot().childrenState(of: root + "/gone") == .loading {
            try await Task.sleep(for: .milliseconds(10))
        }
        driver.app.render()
        guard case .failed = dataSource.snapshot().childrenState(of: root + "/gone") else {
            Issue.record("no error row: \(driver.lines)")
            return
        }
        #expect(driver.lines.contains { $0.contains("gone") })
    }

    @Test func theThreadedIndexDrawsTheThreadInTheSubjectColumn() {
        let index = ThreadedIndex()
        index.add([1: Message(subject: "Lunch?", from: "ann", date: "11-27")], to: nil)
        index.add(
            [
                2: Message(subject: "Re: Lunch?", from: "bob", date: "11-27"),
                3: Message(subject: "Re: Lunch?", from: "cy", date: "11-28"),
            ], to: 1)
        useASCIIGuides(index.dataSource)
        let driver = AppDriver(rootView: index.table, size: Size(width: 50, height: 6))
        #expect(driver.lines[0].hasPrefix("SUBJECT"))
        #expect(driver.lines[1].hasPrefix("- Lunch?") && driver.lines[1].contains("ann"))
        #expect(driver.lines[2].hasPrefix("|-  Re: Lunch?") && driver.lines[2].contains("bob"))
        #expect(driver.lines[3].hasPrefix("`-  Re: Lunch?") && driver.lines[3].contains("cy"))
    }
}
