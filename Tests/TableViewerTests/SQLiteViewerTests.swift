import Foundation
import TableViewerCore
import TableViewerSQLite
import TermTable
import TermTableTesting
import Testing

/// `tv FILE.sqlite TABLE`'s screen in memory: placeholders then rows, NULL and BLOBs, `G` read from the end, a sort and
/// a filter in SQL, a stopped query and the table list.
@MainActor
@Suite("SQLiteViewer")
struct SQLiteViewerTests {
    let folder = TVRun.directory()

    /// Lets the main queue run (the page and count threads answer on it) until `condition` holds, then draws.
    func wait(until condition: () -> Bool, _ driver: AppDriver, turns: Int = 30_000) async {
        var turn = 0
        while !condition(), turn < turns {
            turn += 1
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(2))
            driver.app.render()
        }
        driver.app.render()
    }

    func viewer(rows: Int = 5000, source: SQLiteSource = .table("t")) throws -> (SQLiteViewer, AppDriver) {
        let path = folder.appendingPathComponent("people.sqlite").path
        if !FileManager.default.fileExists(atPath: path) { SQLiteTestDatabases.people(path, rows: rows) }
        let viewer = try SQLiteViewer(path: path, source: source, firstRows: 0)
        let driver = AppDriver(rootView: viewer.root, size: Size(width: 100, height: 12))
        viewer.install(in: driver.app, screen: driver.app.rootScreen)
        return (viewer, driver)
    }

    @Test func rowsComeAfterPlaceholdersWithNullsAndBlobsDimAndControlsVisible() async throws {
        let (viewer, driver) = try viewer()
        await wait(until: { viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(viewer.rowCount == 5000)
        #expect(driver.lines[0].contains("t · 5,000 rows × 5 columns"), "\(driver.lines[0])")
        #expect(driver.lines[1].contains("id") && driver.lines[1].contains("photo"))
        #expect(driver.lines[2].contains("name 1 ") && driver.lines[2].contains("0.5"), "\(driver.lines[2])")
        #expect(driver.lines[4].contains("<blob 10 bytes>"), "\(driver.lines[4])")
        #expect(driver.lines[6].contains("NULL"), "row 5's score is NULL: \(driver.lines[6])")
        driver.press("G")
        await wait(until: { !viewer.isRunning && viewer.rows[4999] != nil }, driver)
        #expect(driver.lines[10].contains("5000 name 5000␛[31m"), "\(driver.lines[10])")
        #expect(!driver.lines.joined().contains("\u{1B}"))
    }

    @Test func aSingleRowAndColumnAreCountedInTheSingular() async throws {
        let (viewer, driver) = try viewer(source: .query("SELECT 42 AS answer"))
        await wait(until: { viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(viewer.titleBar.text.hasSuffix("1 row × 1 column"), "\(viewer.titleBar.text)")
    }

    @Test func aSortByTheIndexedColumnAndAFilterRunInSQL() async throws {
        let (viewer, driver) = try viewer()
        await wait(until: { !viewer.isRunning }, driver)
        driver.press("l l l l ]")
        await wait(until: { viewer.order.sortColumn == 4 && viewer.rows[0] != nil && !viewer.isRunning }, driver)
        #expect(viewer.rows[0]?.values[4] == .integer(999))
        #expect(driver.lines[1].contains("▼ k"), "\(driver.lines[1])")
        driver.press("G")
        await wait(until: { viewer.rows[4999] != nil && !viewer.isRunning }, driver)
        #expect(viewer.rows[4999]?.values[4] == .integer(0))
        driver.press("h h h /")
        driver.type("name 4999")
        driver.press("enter")
        await wait(
            until: { viewer.order.filter != nil && viewer.countIsExact && viewer.rows[0] != nil && !viewer.isRunning },
            driver)
        // `LIKE '%n%a%m%e%'` and `'%4%9%9%9%'`: every name with 4, 9, 9, 9 in order.
        let expected = (1...5000).filter { "\($0)".contains { $0 == "4" } && Self.subsequence("4999", of: "\($0)") }
        #expect(viewer.rowCount == expected.count)
        // The fuzzy ranking of the first page put the cursor on the best match.
        let cursor = try #require(viewer.table.indexPathForSelectedRow?.row)
        #expect(viewer.rows[cursor]?.values[1] == .text("name 4999"))
    }

    @Test func aFilterWhoseFirstPageIsShortIsNotCountedAgain() async throws {
        let (viewer, driver) = try viewer()
        await wait(until: { viewer.countIsExact && !viewer.isRunning }, driver)
        let counted = viewer.countsStarted
        // One match: its first page (one row) is the count; no COUNT(*) scans the table again beside it.
        driver.press("l /")
        driver.type("name 4999")
        driver.press("enter")
        await wait(
            until: { viewer.order.filter?.text == "name 4999" && viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(viewer.rowCount == 1 && viewer.rows[0]?.values[1] == .text("name 4999"))
        #expect(viewer.countsStarted == counted)
        // Many matches: the count runs once the first (full) page is in.
        driver.press("/")
        driver.press(Array(repeating: "backspace", count: 9).joined(separator: " "))
        driver.type("name 4")
        driver.press("enter")
        await wait(until: { viewer.order.filter?.text == "name 4" && viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(viewer.rowCount == (1...5000).filter { Self.subsequence("4", of: "\($0)") }.count)
        #expect(viewer.countsStarted > counted)
    }

    static func subsequence(_ needle: String, of text: String) -> Bool {
        var rest = Substring(text)
        for character in needle {
            guard let index = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: index)...]
        }
        return true
    }

    @Test func escStopsALongQueryAndTheScreenStaysResponsive() async throws {
        let (viewer, driver) = try viewer(
            source: .query(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n "
                    + "WHERE i % 1000000000 = 0 LIMIT 5"))
        await wait(until: { viewer.isRunning }, driver)
        #expect(driver.lines[11].contains("Esc stop"), "\(driver.lines[11])")
        driver.press("escape")
        await wait(until: { !viewer.isRunning }, driver)
        #expect(!viewer.isRunning)
        #expect(driver.lines[2].contains("(not read: R)"), "\(driver.lines[2])")
    }

    @Test func enterShowsTheRowAsARecordWithNullsAndBlobsAsTheGridShowsThemAndEscGoesBack() async throws {
        let (viewer, driver) = try viewer()
        await wait(until: { !viewer.isRunning && viewer.rows[14] != nil }, driver)
        // Row 15: a BLOB (15 % 3), a NULL score (15 % 5), an escape sequence in no name (15 % 10 ≠ 0).
        driver.press("j j j j j j j j j j j j j j enter")
        #expect(driver.app.topScreen === viewer.record.screen)
        #expect(driver.lines[1].hasPrefix("id    : 15"), "\(driver.lines)")
        #expect(driver.lines[2].hasPrefix("name  : name 15"))
        #expect(driver.lines[3].hasPrefix("score : NULL") && driver.lines[4].hasPrefix("photo : <blob 10 bytes>"))
        #expect(driver.lines[5].hasPrefix("k     : \(15 * 7919 % 1000)"))
        #expect(driver.screen.style(at: Point(x: 8, y: 3)) != driver.screen.style(at: Point(x: 8, y: 2)), "NULL dim")
        driver.press("escape")
        #expect(driver.app.topScreen === driver.app.rootScreen && viewer.table.indexPathForSelectedRow?.row == 14)
    }

    @Test func nAndNGoToTheNextAndPreviousMatchOfTheLastQueryRoundTheEnd() async throws {
        let (viewer, driver) = try viewer()
        await wait(until: { !viewer.isRunning }, driver)
        driver.press("n")
        #expect(viewer.message == "/ to find first")
        // A filter, then cleared (an empty query): n and N look for its query in the whole table.
        driver.press("l /")
        driver.type("name 49")
        driver.press("enter")
        await wait(until: { viewer.order.filter != nil && !viewer.isRunning }, driver)
        driver.press("/")
        driver.press(Array(repeating: "backspace", count: 7).joined(separator: " "))
        driver.press("enter")
        await wait(until: { viewer.order.filter == nil && !viewer.isRunning }, driver)
        #expect(viewer.table.indexPathForSelectedRow?.row == 0)
        // Rows whose name holds 4 then 9: 49, 149, 249, …, 4999.
        driver.press("n")
        await wait(until: { !viewer.isSearching && !viewer.isRunning }, driver)
        #expect(viewer.table.indexPathForSelectedRow?.row == 48)
        #expect(viewer.message == "“name 49” in row 49", "\(String(describing: viewer.message))")
        driver.press("n")
        await wait(until: { !viewer.isSearching && !viewer.isRunning }, driver)
        #expect(viewer.table.indexPathForSelectedRow?.row == 148)
        driver.press("N")
        await wait(until: { !viewer.isSearching && !viewer.isRunning }, driver)
        #expect(viewer.table.indexPathForSelectedRow?.row == 48)
        driver.press("N")
        await wait(until: { !viewer.isSearching && !viewer.isRunning && viewer.rows[4998] != nil }, driver)
        #expect(viewer.table.indexPathForSelectedRow?.row == 4998)
        #expect(viewer.message == "“name 49” in row 4,999, from the bottom again")
        #expect(driver.lines.contains { $0.hasPrefix("4999 name 4999 ") }, "\(driver.lines)")
    }

    @Test func fCountsTheColumnInSQLAndEnterFiltersTheGridToAValue() async throws {
        let (viewer, driver) = try viewer()
        await wait(until: { !viewer.isRunning }, driver)
        driver.press("l l l F")
        await wait(until: { viewer.frequencySheet != nil }, driver)
        let sheet = try #require(viewer.frequencySheet)
        #expect(driver.app.topScreen === sheet.screen)
        // photo: NULL in 3,334 rows, a 10-byte BLOB (zeroblob) in 1,666.
        #expect(driver.lines[2].hasPrefix("NULL") && driver.lines[2].contains("3334 66.7"), "\(driver.lines)")
        #expect(driver.lines[3].hasPrefix("<blob 10 bytes>") && driver.lines[3].contains("1666 33.3"))
        #expect(driver.lines[11].contains("2 values of 5,000 rows"), "\(driver.lines[11])")
        driver.press("j enter")
        await wait(until: { viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(driver.app.topScreen === driver.app.rootScreen && viewer.frequencySheet == nil)
        #expect(viewer.rowCount == 1666)
        #expect(viewer.titleBar.text.contains("1,666 rows") && viewer.titleBar.text.contains("photo = <blob 10 bytes>"))
        // An empty `/` clears it.
        driver.press("/ enter")
        await wait(until: { viewer.countIsExact && !viewer.isRunning }, driver)
        #expect(viewer.rowCount == 5000 && viewer.order.equality == nil)
    }

    @Test func aFrequencySheetPastItsBoundSaysSoInItsTitle() {
        let counted = SQLiteFrequency(
            entries: [.init(value: .text("a"), count: 5, rowid: 1), .init(value: .null, count: 3, rowid: 2)],
            total: 10, distinct: 4)
        let sheet = SQLiteFrequencySheet(column: "k", counted: counted) { _ in }
        #expect(sheet.screen.title == "k counted (the 2 most frequent of 4 values)")
        #expect(sheet.tableView(sheet.table, numberOfRowsInSection: 0) == 3, "the other values in a row of their own")
    }

    @Test func escStopsACountOfTheColumn() async throws {
        let (viewer, driver) = try viewer(
            source: .query(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n LIMIT 100000000"))
        await wait(until: { viewer.rows[0] != nil }, driver)
        driver.press("F")
        #expect(viewer.isSearching)
        driver.press("escape")
        await wait(until: { !viewer.isSearching }, driver)
        #expect(viewer.frequencySheet == nil && driver.app.topScreen === driver.app.rootScreen)
        #expect(viewer.message == "count stopped", "\(String(describing: viewer.message))")
    }

    @Test func theTableListCountsAndOpensATableOverItself() async throws {
        let path = folder.appendingPathComponent("list.sqlite").path
        SQLiteTestDatabases.people(path, rows: 300)
        let list = try SQLiteTableList(path: path)
        let driver = AppDriver(rootView: list.root, size: Size(width: 100, height: 12))
        list.install(in: driver.app)
        await wait(until: { list.counts.count == 2 }, driver)
        #expect(
            driver.lines[2].hasPrefix("small view") && driver.lines[2].trimmed.hasSuffix(" 9"), "\(driver.lines[2])")
        #expect(driver.lines[3].hasPrefix("t") && driver.lines[3].contains("300"), "\(driver.lines[3])")
        driver.press("j enter")
        let viewer = try #require(list.viewer)
        await wait(until: { !viewer.isRunning }, driver)
        #expect(driver.app.screens.count == 2 && driver.lines[2].contains("name 1 "), "\(driver.lines[2])")
        driver.press("escape")
        #expect(driver.app.screens.count == 1 && list.viewer == nil)
        list.stop()
    }
}

extension String {
    /// Without the spaces at its end.
    fileprivate var trimmed: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
