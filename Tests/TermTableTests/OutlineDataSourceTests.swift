import TermTableTesting
import Testing

@testable import TermTable

/// The outline data source: guides, keys, help, and the cursor through a collapse above it.
@Suite @MainActor
struct OutlineDataSourceTests {
    /// src (a, Core (x, y), b), docs (readme).
    static func sample() -> OutlineSnapshot<String> {
        var tree = OutlineSnapshot<String>()
        tree.append(["src", "docs"])
        tree.append(["a", "Core", "b"], to: "src")
        tree.append(["x", "y"], to: "Core")
        tree.append(["readme"], to: "docs")
        return tree
    }

    @MainActor
    final class Fixture {
        let table = TableView()
        let dataSource: OutlineDataSource<String>
        let driver: AppDriver

        init(_ tree: OutlineSnapshot<String>, height: Int = 10) {
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            table.selectionMode = .multiple
            var source: OutlineDataSource<String>?
            dataSource = OutlineDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = (source?.prefix(for: item) ?? "") + item
                return cell
            }
            source = dataSource
            dataSource.apply(tree)
            driver = AppDriver(rootView: table, size: Size(width: 24, height: height))
            driver.app.renderIfNeeded()
        }

        var shown: [String] { dataSource.snapshot().visibleItems }

        func press(_ key: Key) -> Bool {
            let handled = table.handleKey(key)
            driver.app.renderIfNeeded()
            return handled
        }
    }

    @Test func prefixesDrawGuidesAndDisclosureMarks() {
        var tree = Self.sample()
        tree.expandAll()
        let lines = tree.visibleItems.map { tree.prefix(for: $0) + $0 }
        #expect(lines == ["▾ src", "├─  a", "├─▾ Core", "│ ├─  x", "│ └─  y", "└─  b", "▾ docs", "└─  readme"])
        tree.collapse(["Core"])
        #expect(tree.prefix(for: "Core", guides: .ascii) == "|-+ ")
        #expect(tree.prefix(for: "y", guides: .ascii) == "| `-  ")
        #expect(tree.hiddenDescendantCount(of: "Core") == 2 && tree.hiddenDescendantCount(of: "src") == 0)
    }

    @Test func rightExpandsThenGoesToTheFirstChildAndLeftGoesToTheParentThenCollapses() {
        let fixture = Fixture(Self.sample())
        fixture.table.setCursor(IndexPath(row: 0, section: 0))
        #expect(fixture.press(.right) && fixture.shown == ["src", "a", "Core", "b", "docs"])
        #expect(fixture.dataSource.cursorItemIdentifier == "src")
        #expect(fixture.press(Key("l")) && fixture.dataSource.cursorItemIdentifier == "a")
        #expect(fixture.press(.left) && fixture.dataSource.cursorItemIdentifier == "src")
        #expect(fixture.press(Key("h")) && fixture.shown == ["src", "docs"])
        #expect(fixture.dataSource.cursorItemIdentifier == "src")
    }

    @Test func starExpandsAllBelowAndMinusAndPlusCollapseAndExpand() {
        let fixture = Fixture(Self.sample())
        fixture.table.setCursor(IndexPath(row: 0, section: 0))
        #expect(fixture.press(Key("*")) && fixture.shown == ["src", "a", "Core", "x", "y", "b", "docs"])
        #expect(fixture.press(Key("-")) && fixture.shown == ["src", "docs"])
        #expect(fixture.press(Key("+")) && fixture.shown == ["src", "a", "Core", "x", "y", "b", "docs"])
    }

    @Test func aCollapseAboveKeepsTheCursorOnItsItemAndLine() {
        var tree = Self.sample()
        tree.append((0..<10).map { "t\($0)" })
        tree.expandAll()
        let fixture = Fixture(tree, height: 4)
        fixture.table.setCursor(fixture.dataSource.indexPath(for: "t5"))
        fixture.driver.app.renderIfNeeded()
        let line = fixture.table.cursorLine
        fixture.table.toggleSelection(of: fixture.dataSource.indexPath(for: "x")!)
        fixture.dataSource.collapse("src")
        fixture.driver.app.renderIfNeeded()
        #expect(fixture.dataSource.cursorItemIdentifier == "t5" && fixture.table.cursorLine == line)
        #expect(fixture.dataSource.selectedItemIdentifiers == ["x"] && fixture.table.indexPathsForSelectedRows.isEmpty)
        fixture.dataSource.reveal("x")
        #expect(fixture.dataSource.indexPath(for: "x").map { [$0] } == fixture.table.indexPathsForSelectedRows)
    }

    @Test func theHelpNamesTheTreeKeysOfAnOutlineAndAPlainTableLeavesThemUnbound() {
        let fixture = Fixture(Self.sample())
        let help = fixture.table.keyHelp.map(\.help)
        #expect(help.contains("collapse / parent") && help.contains("expand all below"))
        #expect(!help.contains("column left"))
        let plain = TableView()
        #expect(!plain.keyHelp.map(\.help).contains("expand all below"))
        #expect(!plain.handleKey(Key("*")))
    }

    /// Records, for each mark that went, the item the data source answers for its row during the call.
    @MainActor final class DeselectRecorder: TableViewDelegate {
        weak var dataSource: OutlineDataSource<String>?
        var told: [String?] = []
        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
            told.append(dataSource?.itemIdentifier(for: indexPath))
        }
    }

    @Test func theDelegateToldOfADeletedItemsMarkGetsThatItemForTheRowItHad() {
        var tree = Self.sample()
        tree.expandAll()
        let fixture = Fixture(tree)
        let recorder = DeselectRecorder()
        recorder.dataSource = fixture.dataSource
        fixture.table.delegate = recorder
        // src a Core x y b docs readme: b is row 5; once deleted, row 5 is docs.
        fixture.table.selectRow(at: IndexPath(row: 5, section: 0))
        fixture.table.selectRow(at: IndexPath(row: 7, section: 0))
        fixture.dataSource.update { $0.delete(["b"]) }
        #expect(recorder.told == ["b"])
        #expect(fixture.dataSource.itemIdentifier(for: IndexPath(row: 5, section: 0)) == "docs")
        #expect(fixture.dataSource.selectedItemIdentifiers == ["readme"])
    }
}
