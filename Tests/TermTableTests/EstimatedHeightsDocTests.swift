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
        try DocExamplesTests.expectSectionBlocks(
            "Heights without measuring", of: Self.articlePath, count: 1, areIn: Self.examplesPath)
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
