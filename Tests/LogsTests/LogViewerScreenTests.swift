import Foundation
import LogKit
import LogsCore
import TermTable
import TermTableTesting
import Testing

/// The log viewer on the in-memory screen: at the end, following, errors, the entry view, the filter,
/// type-to-jump, untrusted text.
@MainActor
@Suite struct LogViewerScreenTests {
    @Test func itOpensAtTheEndWithColumnTitlesAndKeyHints() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50))
        let lines = harness.lines
        #expect(lines[0].hasPrefix("logs · ") && lines[0].contains("· 50 entries"))
        #expect(lines[1].hasPrefix("TIME") && lines[1].contains("LEVEL") && lines[1].contains("MESSAGE"))
        #expect(lines[10].contains("entry 49"))
        #expect(lines[2].contains("entry 41"))
        #expect(lines[11].contains("/ filter") && lines[11].contains("n next error") && lines[11].contains("q quit"))
    }

    @Test func appendedEntriesKeepTheLastRowOnScreen() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50))
        harness.append(LogsHarness.numbered(3, from: 50))
        #expect(harness.lines[10].contains("entry 52"))
        #expect(harness.lines[0].contains("· 53 entries"))
        #expect(!harness.screen.contains("new entr"))
        // A continuation line makes the last entry grow in place.
        harness.append("\tat Frame.run()\n")
        #expect(harness.lines[10].contains("entry 52  (+1 lines)"))
    }

    @Test func scrolledAwayTheViewStaysAndTheNewEntriesAreCounted() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50))
        harness.driver.press("g")
        let before = harness.lines[2...10].map { $0 }
        #expect(before[0].contains("entry 0"))
        harness.append(LogsHarness.numbered(2, from: 50))
        #expect(harness.lines[2...10].map { $0 } == before)
        #expect(harness.lines[11].hasPrefix("2 new entries (G: end)"))
        harness.driver.press("G")
        #expect(harness.lines[10].contains("entry 51"))
        #expect(!harness.lines[11].contains("new entr"))
    }

    @Test func endShowsTheCountedEntriesAndFollowsAgain() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50))
        #expect(harness.viewer.table.followsEnd)
        harness.driver.press("pgup")
        #expect(!harness.viewer.table.isAtEnd)
        let before = harness.lines[2...10].map { $0 }
        harness.append(LogsHarness.numbered(3, from: 50))
        #expect(harness.lines[2...10].map { $0 } == before)
        #expect(harness.viewer.table.rowsAppendedBelow == 3)
        #expect(harness.lines[11].hasPrefix("3 new entries (G: end)"))
        harness.append(LogsHarness.numbered(1, from: 53))
        #expect(harness.lines[11].hasPrefix("4 new entries (G: end)"))
        harness.driver.press("end")
        #expect(harness.lines[10].contains("entry 53"))
        #expect(!harness.lines[11].contains("new entr"))
        #expect(harness.viewer.newEntries == 0)
        // Following again: the next entries keep the last row on screen, uncounted.
        harness.append(LogsHarness.numbered(2, from: 54))
        #expect(harness.lines[10].contains("entry 55"))
        #expect(harness.viewer.cursorRow == 55)
        #expect(!harness.lines[11].contains("new entr"))
    }

    @Test func aLineCompletedIsNotANewEntry() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50))
        harness.driver.press("g")
        // A line written in parts is a row at once (one new entry), completed in place (not another).
        harness.append("2026-11-25T00:00:01.0Z INFO comp0: half")
        #expect(harness.viewer.newEntries == 1)
        harness.append(" written\n")
        #expect(harness.viewer.newEntries == 1)
        #expect(harness.viewer.entry(atRow: 50).message == "half written")
        harness.append(LogsHarness.numbered(2, from: 50))
        #expect(harness.viewer.newEntries == 3)
        #expect(harness.lines[11].hasPrefix("3 new entries"))
    }

    @Test func theRestIndexedAboveIsNotNewEntries() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(10_000))
        let file = harness.files[0]
        #expect(!file.isComplete)
        harness.driver.press("pgup")
        #expect(!harness.viewer.table.isAtEnd)
        let shown = harness.lines[2...10].map { $0 }
        await harness.wait { file.isComplete }
        #expect(harness.viewer.rowCount == 10_000)
        #expect(harness.viewer.newEntries == 0)
        #expect(!harness.lines[11].contains("new entr"))
        #expect(harness.lines[2...10].map { $0 } == shown)
        harness.append(LogsHarness.numbered(1, from: 10_000))
        #expect(harness.lines[11].hasPrefix("1 new entry (G: end)"))
        harness.driver.press("G")
        #expect(harness.lines[10].contains("entry 10000"))
        #expect(!harness.lines[11].contains("new entr"))
    }

    @Test func theFilterClearedAwayFromTheEndIsNotNewEntries() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(200))
        await harness.viewer.filter("ERROR")
        let matches = harness.viewer.rowCount
        #expect(matches == 20)
        harness.driver.press("g")
        #expect(!harness.viewer.table.isAtEnd)
        harness.viewer.setFilter("")
        harness.driver.app.render()
        #expect(harness.viewer.rowCount == 200)
        #expect(harness.viewer.newEntries == 0)
        #expect(!harness.lines[11].contains("new entr"))
        harness.append(LogsHarness.numbered(2, from: 200))
        #expect(harness.viewer.newEntries == 2)
    }

    @Test func nAndShiftNGoToTheNextAndPreviousError() throws {
        let harness = try LogsHarness(LogsHarness.numbered(50))
        harness.driver.press("g")
        harness.driver.press("n")
        #expect(harness.viewer.cursorRow == 9)
        harness.driver.press("n")
        #expect(harness.viewer.cursorRow == 19)
        harness.driver.press("N")
        #expect(harness.viewer.cursorRow == 9)
        harness.driver.press("N")
        #expect(harness.viewer.cursorRow == 9)
        #expect(harness.lines[11].hasPrefix("no error above"))
    }

    @Test func enterShowsTheWholeEntryAndEscGoesBack() throws {
        let text =
            LogsHarness.numbered(5) + "2026-11-25T00:00:01Z ERROR db: failed\n\tat Pool.checkout()\n\tat Server.run()\n"
        let harness = try LogsHarness(text)
        harness.driver.press("enter")
        let screen = harness.screen
        #expect(screen.contains("2026-11-25T00:00:01Z ERROR db: failed"))
        #expect(screen.contains("at Pool.checkout()") && screen.contains("at Server.run()"))
        #expect(harness.lines[11].hasPrefix("entry 6 · 3 lines"))
        harness.driver.press("escape")
        #expect(harness.lines[1].hasPrefix("TIME"))
        #expect(harness.lines[7].contains("failed  (+2 lines)"))
    }

    @Test func theFilterShowsOnlyMatchingEntriesAndEscShowsAllAgain() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(200))
        harness.driver.type("/entry 17")
        await harness.wait { !harness.viewer.isFiltering && harness.viewer.filteredRows != nil }
        let rows = try #require(harness.viewer.filteredRows)
        #expect(!rows.isEmpty && rows.contains(17) && rows.contains(117))
        #expect(rows.allSatisfy { FuzzyQuery("entry 17").matches(harness.viewer.collection.entry(atRow: $0).text) })
        #expect(harness.lines[0].contains("\(rows.count) of 200 entries · filter “"))
        // Appended entries that match come in; the others do not.
        harness.append(LogsHarness.numbered(2, from: 1700) + LogsHarness.numbered(1, from: 3000))
        await harness.wait { harness.viewer.filteredRows?.count == rows.count + 2 }
        #expect(harness.viewer.filteredRows?.suffix(2) == [200, 201])
        harness.driver.press("escape")
        #expect(harness.viewer.filteredRows == nil)
        #expect(harness.lines[0].contains("· 203 entries"))
    }

    @Test func lettersJumpToTheNextEntryOfAComponent() throws {
        let text = "2026 INFO alpha: one\n2026 INFO beta: two\n2026 INFO gamma: three\n2026 INFO beta: four\n"
        let harness = try LogsHarness(text)
        let start = ContinuousClock.now
        harness.viewer.table.typeToJump?.now = { start }
        harness.driver.press("g")
        harness.driver.type("be")
        #expect(harness.viewer.cursorRow == 1)
        // After a pause, the same first letter again: the next entry of that component.
        harness.viewer.table.typeToJump?.now = { start + .seconds(2) }
        harness.driver.type("b")
        #expect(harness.viewer.cursorRow == 3)
    }

    @Test func controlSequencesInTheFileNeverReachTheScreen() throws {
        let text = "2026 ERROR x: \u{1B}[2J\u{1B}]0;title\u{07} evil \u{202E}txt\n"
        let harness = try LogsHarness(text)
        let screen = harness.screen
        #expect(!screen.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(screen.contains("␛[2J"))
    }

    @Test func aTruncatedFileIsShownAgainFromItsEnd() throws {
        let harness = try LogsHarness(LogsHarness.numbered(30))
        #expect(truncate(harness.paths[0], 0) == 0)
        harness.append(LogsHarness.numbered(2, from: 500))
        #expect(harness.lines[0].contains("· 2 entries"))
        #expect(harness.screen.contains("entry 501"))
        #expect(harness.lines[11].contains("was truncated"))
    }

    @Test func spaceExpandsAnEntryIntoASelfSizedRowAndBack() throws {
        let text =
            LogsHarness.numbered(3) + "2026-11-25T00:00:09Z ERROR app.worker: it failed\n"
            + "\tat Worker.run (worker.swift:12)\n\tat Pool.start (pool.swift:40)\n"
            + "2026-11-25T00:00:10Z INFO app.worker: next\n"
        let harness = try LogsHarness(text, size: Size(width: 60, height: 12))
        harness.driver.press("k")
        #expect(harness.viewer.cursorRow == 3)
        let before = harness.lines
        #expect(before.contains { $0.contains("it failed") && $0.contains("+2 lines") })
        harness.driver.press("space")
        #expect(harness.viewer.expandedRows == [3])
        let lines = harness.lines
        let first = try #require(lines.firstIndex { $0.contains("it failed") })
        // Under the level, each continuation line on a line of its own (tabs as four spaces); the row after it
        // below them.
        #expect(lines[first + 1].contains("    at Worker.run (worker.swift:12)"))
        #expect(lines[first + 2].contains("    at Pool.start (pool.swift:40)"))
        #expect(lines[first + 3].contains("next"))
        #expect(!lines[first].contains("+2 lines"))
        // At 40 columns (the time hidden) the continuation lines wrap: the row grows again.
        harness.driver.resize(to: Size(width: 40, height: 12))
        let narrow = harness.lines
        let narrowFirst = try #require(narrow.firstIndex { $0.contains("it failed") })
        let next = try #require(narrow.firstIndex { $0.contains("next") })
        #expect(next - narrowFirst > 3)
        harness.driver.press("space")
        #expect(harness.viewer.expandedRows.isEmpty)
        #expect(harness.lines.contains { $0.contains("+2 lines") })
        // An entry of one line does not expand, and says so.
        harness.driver.press("j")
        harness.driver.press("space")
        #expect(harness.viewer.expandedRows.isEmpty)
        #expect(harness.lines[11].contains("nothing to expand"))
    }

    @Test func theTopShowsBeforeTheRestIsIndexedThenTheCursorKeepsItsEntry() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(10_000))
        let file = harness.files[0]
        // The rest is adopted on the main queue, which this test holds until it waits.
        #expect(!file.isComplete)
        #expect(file.gapRow == LogViewer.topEntries)
        #expect(harness.viewer.rowCount == 2 * LogViewer.topEntries + 1)
        #expect(harness.lines[0].contains("· \(2 * LogViewer.topEntries) entries so far"))
        harness.driver.press("g")
        #expect(harness.lines[2].contains("entry 0"))
        // The gap row, then the first entry found from the end.
        let table = harness.viewer.table
        table.setCursor(IndexPath(row: LogViewer.topEntries, section: 0))
        table.scrollToRow(at: IndexPath(row: LogViewer.topEntries, section: 0), at: .top)
        harness.driver.app.render()
        #expect(harness.lines[2].contains("MB not indexed yet"))
        #expect(harness.lines[3].contains("entry \(10_000 - LogViewer.topEntries)"))
        harness.driver.press("j")
        await harness.wait { file.isComplete }
        #expect(harness.viewer.rowCount == 10_000)
        #expect(harness.lines[0].contains("· 10000 entries"))
        #expect(harness.viewer.cursorRow == 10_000 - LogViewer.topEntries)
        #expect(harness.lines[3].contains("entry \(10_000 - LogViewer.topEntries)"))
    }

    @Test func aLargeFileOpensAtItsEndThenTheRestComesAbove() async throws {
        let harness = try LogsHarness(LogsHarness.numbered(10_000))
        let file = harness.files[0]
        #expect(harness.lines[10].contains("entry 9999"))
        await harness.wait { file.isComplete }
        #expect(harness.viewer.rowCount == 10_000)
        #expect(harness.viewer.cursorRow == 9_999)
        #expect(harness.lines[10].contains("entry 9999"))
        harness.driver.press("g")
        #expect(harness.lines[2].contains("entry 0"))
    }

    @Test func severalFilesAreMergedByTimeOffTheMainThread() async throws {
        let a = "2026-11-25T00:00:01Z INFO a: first\n2026-11-25T00:00:03Z INFO a: third\n"
        let b = "2026-11-25T00:00:02Z WARN b: second\n2026-11-25T00:00:04Z ERROR b: fourth\n"
        let harness = try LogsHarness([a, b])
        #expect(harness.viewer.collection.isMerging)
        await harness.wait { !harness.viewer.collection.isMerging }
        let shown = harness.lines.compactMap { line in
            ["first", "second", "third", "fourth"].first { line.hasSuffix($0) || line.contains(" \($0) ") }
        }
        #expect(shown == ["first", "second", "third", "fourth"])
        #expect(harness.lines[0].contains("0.log + "))
    }
}
