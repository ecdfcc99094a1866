import Foundation
import LogKit
import LogsCore
import TermTable
import TermTableTesting
import Testing

/// The scroll thumb of a big file while its middle is not indexed yet (placed by byte offsets), and once it is
/// (rows counted by the table).
@MainActor
@Suite struct LogViewerScrollIndicatorTests {
    /// 100,000 entries of about 46 bytes: until the rest is indexed, the rows are the first 4,096 entries, the gap
    /// row (92% of the bytes) and the last 4,096; counted, each part would be half of the bar.
    static let entries = 100_000

    /// The track's lines (below the column titles, above the status line) that show the thumb.
    static func thumb(_ harness: LogsHarness) -> [Int] {
        let lines = harness.lines
        let track = Array(lines[2..<(lines.count - 1)])
        return track.indices.filter { track[$0].hasSuffix("┃") }
    }

    /// Puts row `row` at the top (`.top`) or the bottom of the screen, the cursor on it.
    static func show(_ row: Int, at position: ScrollPosition, in harness: LogsHarness) {
        let table = harness.viewer.table
        table.setCursor(IndexPath(row: row, section: 0))
        table.scrollToRow(at: IndexPath(row: row, section: 0), at: position)
        harness.driver.app.render()
    }

    @Test func whileIndexingTheThumbFollowsByteOffsets() throws {
        let harness = try LogsHarness(LogsHarness.numbered(Self.entries), size: Size(width: 100, height: 44))
        let file = harness.files[0]
        // The rest is adopted on the main queue, which this test holds.
        #expect(!file.isComplete)
        #expect(file.gapRow == LogViewer.topEntries)
        let track = harness.lines.count - 3
        // At the end: the thumb on the last line.
        #expect(Self.thumb(harness).last == track - 1)

        // The first entries found from the end at the top: row 4,097 of 8,193 (half-way by rows), 96% by bytes.
        Self.show(LogViewer.topEntries + 1, at: .top, in: harness)
        #expect(harness.lines[2].contains("entry \(Self.entries - LogViewer.topEntries)"))
        let nearEnd = Self.thumb(harness)
        #expect(!nearEnd.isEmpty && nearEnd[0] >= track * 3 / 4 && nearEnd.last! < track - 1)

        // The last entries found from the start at the bottom: half-way by rows, 4% by bytes.
        Self.show(LogViewer.topEntries - 1, at: .bottom, in: harness)
        #expect(harness.lines[track + 1].contains("entry \(LogViewer.topEntries - 1)"))
        let nearTop = Self.thumb(harness)
        #expect(!nearTop.isEmpty && nearTop[0] > 0 && nearTop.last! < track / 4)

        // The gap row on screen stands for most of the file: the thumb is most of the bar.
        Self.show(LogViewer.topEntries, at: .middle, in: harness)
        #expect(Self.thumb(harness).count >= track * 3 / 4)

        // At the top: the thumb on the first line.
        harness.driver.press("g")
        #expect(Self.thumb(harness).first == 0)
    }

    @Test func onceIndexedTheTableCountsRows() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(Self.entries), size: Size(width: 100, height: 44))
        let file = harness.files[0]
        let viewer = harness.viewer
        let rows = IndexPath(row: 0, section: 0)...IndexPath(row: 9, section: 0)
        // Byte fractions until the file is indexed (the indexing thread may win the race on a loaded machine: then it
        // is complete by the time this is checked, as completion is never undone).
        let before = viewer.tableView(viewer.table, scrollIndicatorExtentOf: rows)
        #expect(before != .counted || file.isComplete)
        await harness.wait { file.isComplete }
        #expect(viewer.tableView(viewer.table, scrollIndicatorExtentOf: rows) == .counted)
        // Half-way by rows is half-way on the bar.
        Self.show(Self.entries / 2, at: .top, in: harness)
        let track = harness.lines.count - 3
        let middle = Self.thumb(harness)
        #expect(!middle.isEmpty && abs(middle[0] - track / 2) <= 2)
    }
}
