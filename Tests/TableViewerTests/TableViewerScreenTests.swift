import Foundation
import TableViewerCore
import TableViewerKit
import TermTable
import TermTableTesting
import Testing

/// The viewer on an in-memory screen: the grid (header, alignment, the cell cursor, frozen columns), sorting,
/// the record and frequency sheets.
@MainActor
@Suite("TableViewer screen")
struct TableViewerScreenTests {
    let folder = TVRun.directory()

    func viewer(_ text: String, size: Size = Size(width: 60, height: 10)) async throws -> (TableViewer, AppDriver) {
        let path = try TVRun.file("t.csv", Array(text.utf8), in: folder)
        let file = try TableFile(path: path)
        let viewer = TableViewer(file: file, screenRows: size.height)
        let driver = AppDriver(rootView: viewer.root, size: size)
        viewer.install(in: driver.app)
        await wait(until: { viewer.isLoaded }, viewer, driver)
        return (viewer, driver)
    }

    /// Lets the main queue run until `condition` holds (``TVRun/wait(until:_:_:turns:)``).
    func wait(until condition: () -> Bool, _ viewer: TableViewer, _ driver: AppDriver) async {
        await TVRun.wait(until: condition, viewer, driver)
    }

    @Test func theGridShowsAHeaderAndRightAlignsNumbers() async throws {
        let (_, driver) = try await viewer("name,qty,city\nann,7,Oslo\nbo,1234,Lyon\n")
        #expect(driver.lines[1].hasPrefix("name  qty city"))
        #expect(driver.lines[2].hasPrefix("ann     7 Oslo"))
        #expect(driver.lines[3].hasPrefix("bo   1234 Lyon"))
        #expect(driver.lines[9].contains("row 1/2 · name (text)"))
    }

    @Test func theCellCursorMovesByColumnAndScrollsWithTheFirstColumnFrozen() async throws {
        let names = (1...12).map { "column\($0)" }
        let row = (1...12).map { "value\($0)" }
        let (viewer, driver) = try await viewer(names.joined(separator: ",") + "\n" + row.joined(separator: ",") + "\n")
        driver.press("!")
        #expect(viewer.table.frozenColumnCount == 1)
        for _ in 0..<10 { driver.press("l") }
        #expect(viewer.cursorColumn == 10)
        #expect(driver.lines[1].hasPrefix("column1 column"), "the frozen column stays")
        #expect(driver.lines[1].contains("column11"), "the cursor's column shows")
        #expect(!driver.lines[1].contains("column2 "), "the columns between scrolled away")
        #expect(driver.lines[2].hasPrefix("value1  value"))
        driver.press("!")
        #expect(!driver.lines[1].hasPrefix("column1 "))
        #expect(driver.lines[1].contains("column11"))
        driver.press("0")
        #expect(driver.lines[1].hasPrefix("column1 column2"))
    }

    @Test func sortingByTheCursorsColumnRunsOffTheMainActorAndMarksTheHeader() async throws {
        let (viewer, driver) = try await viewer("name,qty\nann,7\nbo,1234\ncy,\ndi,-5\n")
        driver.press("l ]")
        await wait(until: { !viewer.sortKeys.isEmpty }, viewer, driver)
        #expect(driver.lines[1].hasPrefix("name ▼ qty"), "the sorted column marked, grown to show its whole title")
        #expect(driver.lines[2].hasPrefix("bo    1234"))
        #expect(driver.lines[3].hasPrefix("ann      7"))
        #expect(driver.lines[4].hasPrefix("di      -5"))
        #expect(driver.lines[5].trimmingCharacters(in: .whitespaces) == "cy", "the empty cell last")
        driver.press("[")
        await wait(until: { viewer.sortKeys.first?.ascending == true }, viewer, driver)
        #expect(driver.lines[2].hasPrefix("di      -5"))
        #expect(driver.lines[5].trimmingCharacters(in: .whitespaces) == "cy", "the empty cell last in both directions")
    }

    @Test func enterShowsTheRowAsARecordAndEscapeGoesBack() async throws {
        let (viewer, driver) = try await viewer("name,note\nann,\"two\nlines\"\nbo,x\n")
        driver.press("Enter")
        #expect(viewer.sheet == .record(0))
        #expect(driver.lines[1].hasPrefix("name : ann "))
        #expect(driver.lines[2] == "note : two␊lines" || driver.lines[2].hasPrefix("note : two"))
        driver.press("Esc")
        #expect(viewer.sheet == .grid)
        #expect(driver.lines[1].hasPrefix("name note"))
    }

    @Test func fShowsTheColumnsValuesCountedMostFrequentFirst() async throws {
        let (viewer, driver) = try await viewer("k,v\na,1\nb,2\na,3\nc,4\na,5\nb,6\n")
        driver.press("F")
        await wait(until: { viewer.sheet == .frequency }, viewer, driver)
        #expect(driver.lines[1].hasPrefix("k"))
        #expect(driver.lines[2].hasPrefix("a "))
        #expect(driver.lines[2].hasPrefix("a     3 50.0 ██"))
        #expect(driver.lines[3].hasPrefix("b     2 33.3 ██"))
        #expect(driver.lines[4].hasPrefix("c     1 16.7 ██"))
        driver.press("Esc")
        #expect(viewer.sheet == .grid)
    }

    @Test func findMovesToTheNextMatchInTheColumn() async throws {
        let (viewer, driver) = try await viewer("name,city\nann,Oslo\nbo,Lyon\ncy,Oslo\ndi,Lyon\n")
        driver.press("l /")
        driver.type("lyn")
        driver.press("Enter")
        #expect(viewer.cursorRow == 1)
        driver.press("n")
        #expect(viewer.cursorRow == 3)
        driver.press("N")
        #expect(viewer.cursorRow == 1)
    }

    @Test func aRaggedRowAndControlCharactersAreShownSafely() async throws {
        let (viewer, driver) = try await viewer("a,b\n\u{1B}[31mred,x\u{202E}y\n1,2,3\n")
        #expect(!driver.lines.joined().contains("\u{1B}"))
        #expect(!driver.lines.joined().contains("\u{202E}"))
        #expect(viewer.file.issueCount == 1)
        #expect(viewer.titleBar.text.hasSuffix(" · 1 row with a problem"))
    }
}

/// The frequency sheet's bound on distinct values.
@Suite("FrequencySheet")
struct FrequencySheetTests {
    @Test func valuesPastTheDistinctLimitCountTogether() throws {
        let folder = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = FrequencySheet.distinctLimit + 10
        var text = "id,n\n"
        for index in 0..<count { text += "\(index),1\n" }
        let path = try TVRun.file("ids.csv", Array(text.utf8), in: folder)
        let file = try TableFile(path: path)
        file.buildIndex()
        let sheet = try #require(FrequencySheet.count(file, column: 0, offsets: file.offsets))
        #expect(sheet.counts.count == FrequencySheet.distinctLimit + 1)
        #expect(sheet.counts.last?.value == FrequencySheet.otherValues)
        #expect(sheet.counts.last?.count == 10)
        #expect(sheet.total == count)
    }
}
