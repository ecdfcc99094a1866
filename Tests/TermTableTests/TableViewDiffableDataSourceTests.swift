import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Tables over data that changes: marks and the cursor follow items, positions are settable, marks look like marks.
@Suite("Tables over changing data") @MainActor
struct TableViewDiffableDataSourceTests {
    /// A diffable table of named items in sections, with a delegate recording deselections.
    final class Fixture: TableViewDelegate {
        let table = TableView()
        let dataSource: TableViewDiffableDataSource<String, String>
        var deselected: [String] = []
        let driver: AppDriver

        init(
            sections: [(String, [String])], size: Size = Size(width: 30, height: 6),
            mode: TableView.SelectionMode = .multiple
        ) {
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            table.showsScrollIndicator = false
            table.selectionMode = mode
            dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = item
                cell.detailTextLabel.text = ""
                return cell
            }
            dataSource.titleProvider = { _, _, section in section }
            driver = AppDriver(rootView: table, size: size)
            table.delegate = self
            apply(sections)
        }

        func apply(_ sections: [(String, [String])]) {
            var snapshot = TableSnapshot<String, String>()
            for (section, items) in sections {
                snapshot.appendSections([section])
                snapshot.appendItems(items, toSection: section)
            }
            dataSource.apply(snapshot)
            driver.app.renderIfNeeded()
        }

        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
            deselected.append(dataSource.itemIdentifier(for: indexPath) ?? "?")
        }
    }

    /// The trial's B1: marks on a and b, data re-sorted to d, c, b: the marks were on d and c, with no callback.
    @Test func marksFollowTheirItemsThroughAResort() {
        let f = Fixture(sections: [("", ["a", "b", "c", "d"])])
        f.driver.press("space j space")
        #expect(f.dataSource.selectedItemIdentifiers == ["a", "b"])
        f.apply([("", ["d", "c", "b"])])
        #expect(f.dataSource.selectedItemIdentifiers == ["b"])
        #expect(f.deselected == ["a"], "the delegate hears of the mark whose item went away")
        #expect(f.dataSource.cursorItemIdentifier == "b", "the cursor stays on its item")
    }

    /// The checked form names the duplicates and leaves the table as it was, instead of stopping the program.
    @Test func aCheckedApplyThrowsNamingTheDuplicates() throws {
        let f = Fixture(sections: [("", ["a", "b", "c"])])
        var snapshot = TableSnapshot<String, String>()
        snapshot.appendSections(["one", "two"])
        snapshot.appendItems(["a", "b", "c", "b"], toSection: "one")
        snapshot.appendItems(["c", "d", "b"], toSection: "two")
        let error = #expect(throws: DuplicateIdentifiersError.self) { try f.dataSource.applyChecked(snapshot) }
        #expect(error?.duplicates == [#""b""#, #""c""#])
        #expect(error?.description == #"the snapshot holds these item identifiers more than once: "b", "c""#)
        #expect(f.dataSource.snapshot().itemsBySection == [["a", "b", "c"]])
        var good = TableSnapshot<String, String>()
        good.appendSections([""])
        good.appendItems(["c", "a"], toSection: "")
        try f.dataSource.applyChecked(good)
        #expect(f.dataSource.snapshot().itemsBySection == [["c", "a"]])
    }

    @Test func theCursorKeepsItsItemAndItsScreenLine() {
        let items = (0..<100).map { "item \($0)" }
        let f = Fixture(sections: [("Top", items)], size: Size(width: 30, height: 10), mode: .single)
        f.driver.press("ctrl-f ctrl-f j j")
        let line = f.table.cursorLine
        let item = f.dataSource.cursorItemIdentifier
        #expect(line != nil && item != nil)
        // Twenty items arrive above, three below; the cursor's item stays on its line.
        f.apply([("New", (0..<20).map { "new \($0)" }), ("Top", items + ["x", "y", "z"])])
        #expect(f.dataSource.cursorItemIdentifier == item)
        #expect(f.table.cursorLine == line)
        #expect(f.driver.lines[line!].hasPrefix(item!))
    }

    @Test func aCursorWhoseItemWentAwayMovesToTheNextSurvivor() {
        let f = Fixture(sections: [("", ["a", "b", "c", "d", "e"])], mode: .single)
        f.driver.press("j j")
        #expect(f.dataSource.cursorItemIdentifier == "c")
        f.apply([("", ["e", "a", "d", "b"])])
        #expect(f.dataSource.cursorItemIdentifier == "d", "c's next item in the old order")
        f.apply([("", ["a"])])
        #expect(f.dataSource.cursorItemIdentifier == "a", "none after: the one before")
    }

    @Test func theTableKeepsItsDiffableDataSource() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 3))
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        weak var weakSource: TableViewDiffableDataSource<Int, Int>?
        do {
            let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = "n\(item)"
                return cell
            }
            var snapshot = TableSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems([1, 2, 3])
            source.apply(snapshot)
            weakSource = source
        }
        #expect(weakSource != nil)
        #expect(render(table, size: Size(width: 20, height: 3)).line(1).hasPrefix("n2"))
    }

    /// The trial's trap: a dropped (weak) data source left a table that scrolled and ignored Enter, silently.
    @Test func aReleasedDataSourceIsShownNotIgnored() {
        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        var source: NumbersSource? = NumbersSource(rows: 10)
        table.dataSource = source
        let driver = AppDriver(rootView: table, size: Size(width: 60, height: 4))
        #expect(driver.lines[0].hasPrefix("Row 0"))
        #expect(!table.dataSourceWasReleased)
        source = nil
        driver.press("j")
        #expect(table.dataSourceWasReleased)
        #expect(driver.lines[0].contains("data source was released"))
        // Removing it on purpose is not a mistake.
        table.dataSource = nil
        #expect(!table.dataSourceWasReleased)
        _ = source
    }

    /// The trial's B2: `selectRow(at:)` right after `reloadData()` ignored rows past the old count.
    @Test func selectingRightAfterAReloadSeesTheNewRows() {
        let source = NumbersSource(rows: 3)
        let table = makeTable(source)
        table.selectionMode = .multiple
        _ = AppDriver(rootView: table, size: Size(width: 30, height: 5))
        source.sections = [(0..<8).map { "Row \($0)" }]
        table.reloadData()
        table.selectRow(at: IndexPath(row: 6, section: 0))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 6, section: 0)])
    }

    @Test func scrollingToARowAtAPosition() {
        let source = NumbersSource(rows: 100)
        let table = makeTable(source, width: 20, height: 10)
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 10))
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top)
        driver.app.render()
        #expect(driver.lines[0].hasPrefix("Row 50"))
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .middle)
        driver.app.render()
        #expect(driver.lines[4].hasPrefix("Row 50"))
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .bottom)
        driver.app.render()
        #expect(driver.lines[9].hasPrefix("Row 50"))
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .line(3))
        driver.app.render()
        #expect(driver.lines[3].hasPrefix("Row 50"))
        // Past the end the view stops at the last row.
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top)
        driver.app.render()
        #expect(driver.lines[9].hasPrefix("Row 99"))
        table.topItem = TableItem(section: 0, row: 7)
        driver.app.render()
        #expect(driver.lines[0].hasPrefix("Row 7"))
        #expect(table.state.cursor == IndexPath(row: 0, section: 0), "the cursor does not move")
    }

    /// PgDn moved the cursor by rows but scrolled by items: a line of drift per header crossed.
    @Test func pagesKeepTheCursorOnItsLineAcrossHeaders() {
        let source = NumbersSource(
            sections: (0..<30).map { s in (0..<4).map { "S\(s) row \($0)" } },
            titles: (0..<30).map { "Section \($0)" })
        let table = makeTable(source, width: 20, height: 12)
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 12))
        driver.press("j j j")
        let line = table.cursorLine
        for _ in 0..<6 {
            driver.press("pgdn")
            #expect(
                table.cursorLine == line, "after pgdn the cursor is on line \(String(describing: table.cursorLine))")
        }
        for _ in 0..<3 {
            driver.press("pgup")
            #expect(table.cursorLine == line)
        }
    }

    /// The trial's B4: the indicator was drawn over the last column, so `16.7M` showed as `16.7┃`.
    @Test func theScrollIndicatorHasAColumnOfItsOwn() {
        let source = NumbersSource(rows: 100)
        source.identifier = { _ in "row" }
        let table = makeTable(source, width: 30, height: 5)
        table.showsScrollIndicator = true
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 5))
        #expect(driver.lines[0].hasSuffix("  #0┃"), "the right-pinned field keeps its last column: \(driver.lines[0])")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.width == 29)
        table.showsScrollIndicator = false
        driver.app.render()
        #expect(driver.lines[0].hasSuffix("  #0"))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.width == 30)
    }

    @Test func aCheckColumnShowsMarks() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source)
        table.selectionMode = .multiple
        table.showsMarkColumn = true
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 5))
        driver.press("space j j space j")
        #expect(driver.lines[0].hasPrefix("✓ Row 0"))
        #expect(driver.lines[1].hasPrefix("  Row 1"))
        #expect(driver.lines[2].hasPrefix("✓ Row 2"))
    }
}
