import Foundation
import LogKit
import LogsCore
import TermTable
import TermTableTesting
import Testing

/// Filtering a file that grows: rows appended while the filter's scan runs, or after, are matched on its thread,
/// each once.
@MainActor
@Suite struct LogViewerFilterGrowthTests {
    /// The collection rows whose entries match `query`, read one by one (the slow, obvious way).
    static func expectedMatches(_ harness: LogsHarness, _ query: String) -> [Int] {
        let fuzzy = FuzzyQuery(query)
        return (0..<harness.viewer.collection.count).filter {
            fuzzy.matches(harness.viewer.collection.entry(atRow: $0).text)
        }
    }

    /// F2: rows appended during the scan were matched on the main actor, each read with its own `pread` and
    /// looked for among all the matches (quadratic: minutes of a frozen screen at 50 MB/s). Bound: the filter reads
    /// each row once (rows read = rows scanned + rows appended), none of them on the main actor.
    @Test func rowsAppendedWhileTheFilterScansAreEachReadOnceOffTheMainActor() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(3000))
        harness.viewer.setFilter("ERROR entry 1")
        #expect(harness.viewer.isFiltering)
        // Three appends before the scan's result can land (this test holds the main actor meanwhile).
        for batch in 0..<3 { harness.append(LogsHarness.numbered(500, from: 3000 + 500 * batch)) }
        let expected = Self.expectedMatches(harness, "ERROR entry 1")
        await harness.wait { harness.viewer.filteredRows == expected }
        #expect(harness.viewer.filteredRows == expected)
        #expect(harness.viewer.filterRowsRead == 4500)
        #expect(!harness.viewer.isFiltering)
        #expect(harness.lines[0].contains("\(expected.count) of 4500 entries"))
    }

    /// Rows appended while a filter is in force come in once its thread has read them (the new rows only).
    @Test func rowsAppendedAfterTheFilterAreMatchedAndCountedOnce() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(200))
        await harness.viewer.filter("entry 17")
        let before = try #require(harness.viewer.filteredRows)
        #expect(harness.viewer.filterRowsRead == 200)
        harness.append(LogsHarness.numbered(2, from: 1700) + LogsHarness.numbered(1, from: 3000))
        await harness.wait { harness.viewer.filteredRows?.count == before.count + 2 }
        #expect(harness.viewer.filteredRows == before + [200, 201])
        #expect(harness.viewer.filterRowsRead == 203)
    }

    /// Several files merged by time: the rows appended to each are matched where they are merged.
    @Test func rowsAppendedToMergedFilesAreMatchedInTheirMergedPlaces() async throws {
        let harness = try LogsHarness([LogsHarness.numbered(100), LogsHarness.numbered(100, from: 100)])
        await harness.wait { !harness.viewer.collection.isMerging && harness.viewer.collection.count == 200 }
        await harness.viewer.filter("entry 1")
        harness.append(LogsHarness.numbered(20, from: 1000), to: 1)
        harness.append(LogsHarness.numbered(20, from: 2000), to: 0)
        let expected = Self.expectedMatches(harness, "entry 1")
        await harness.wait { harness.viewer.filteredRows == expected }
        #expect(harness.viewer.filteredRows == expected)
        #expect(harness.viewer.filterRowsRead == 240)
    }
}
