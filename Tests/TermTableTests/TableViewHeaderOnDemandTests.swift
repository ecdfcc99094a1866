import TermTableTesting
import Testing

@testable import TermTable

/// The trial's B6: every section's header cell was asked for on every reload (10,003 requests for 10,000 sections).
@Suite("Header cells on demand") @MainActor
struct TableViewHeaderOnDemandTests {
    final class ManySections: TableViewDataSource {
        var headerRequests = 0
        func numberOfSections(in tableView: TableView) -> Int { 10_000 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { section % 3 == 0 ? 0 : 5 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
            cell.textLabel.text = "row \(indexPath.section).\(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell? {
            headerRequests += 1
            guard section % 2 == 0 else { return nil }
            let cell =
                tableView.dequeueReusableCell(withIdentifier: "basic", for: IndexPath(row: 0, section: section))
                as! BasicCell
            cell.textLabel.text = "== \(section) =="
            return cell
        }
    }

    @Test func headerCellsAreAskedForOnlyNearTheScreen() {
        let source = ManySections()
        let table = TableView()
        table.showsScrollIndicator = false
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.dataSource = source
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 10))
        #expect(source.headerRequests < 40, "\(source.headerRequests) header requests for the first screen")
        // Sections without a header cell show none; those with one show it, even when empty.
        #expect(driver.lines[0].hasPrefix("== 0 =="))
        #expect(driver.lines[1].hasPrefix("row 1.0"))
        #expect(driver.lines[6].hasPrefix("== 2 =="))
        source.headerRequests = 0
        table.reloadData()
        driver.app.render()
        #expect(source.headerRequests < 40, "\(source.headerRequests) header requests per reload")
        driver.press("G")
        #expect(driver.lines.last?.hasPrefix("row 9998.4") == true)
        #expect(table.statistics.cellsCreated < 30)
    }
}
