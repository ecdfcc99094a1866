import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The section "Heights without measuring" of the article "Cell reuse": its code is compiled here and does what
/// it says.
@Suite("Heights without measuring (article)") @MainActor
struct EstimatedHeightsDocTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/CellReuse.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/EstimatedHeightsExamples.swift"

    @Test func theSectionsSwiftBlockIsCompiledHere() throws {
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        guard let start = article.range(of: "## Heights without measuring") else {
            Issue.record("CellReuse.md has no section \"Heights without measuring\"")
            return
        }
        let section = article[start.upperBound...]
        let end = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        let examples = DocExamplesTests.normalized(try String(contentsOfFile: Self.examplesPath, encoding: .utf8))
        let code = DocExamplesTests.blocks("swift", in: String(end))
        #expect(code.count == 1)
        for block in code {
            #expect(
                DocExamplesTests.contains(examples, DocExamplesTests.normalized(block)),
                "this block of CellReuse.md is not in EstimatedHeightsExamples.swift:\n\(block)")
        }
    }

    /// Ten indexed lines of 100 bytes, then one row for 9,000 bytes not indexed: at the top, the thumb is a
    /// tenth of the track (the bytes shown), not ten elevenths (the rows shown); a click in the middle of the
    /// bar shows the unindexed row.
    @Test func theThumbFollowsBytes() {
        var rows = (0..<10).map { (offset: $0 * 100, length: 100, text: "line \($0)") }
        rows.append((offset: 1_000, length: 9_000, text: "9 kB not indexed yet"))
        let file = ChunkedFile(rows: rows)
        let driver = AppDriver(rootView: file.table, size: Size(width: 30, height: 10))
        // Rows 0...9 are shown: 1,000 of 10,000 bytes, one line of ten.
        #expect(file.table.scrollIndicator() == 0..<1)
        driver.click(x: 29, y: 5)
        #expect(file.table.indexPathsForVisibleRows.last == IndexPath(row: 10, section: 0))
        #expect(file.table.scrollIndicator()?.upperBound == 10)
    }
}
