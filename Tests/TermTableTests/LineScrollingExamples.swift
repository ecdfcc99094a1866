import TermTable

// The code of the section "Rows taller than the view" of the article "Cell reuse" (CellReuse.md), compiled and run
// by LineScrollingDocTests.

/// A log's entries, each as tall as its wrapped message; Space shows an entry's details under it.
@MainActor
final class EntryList: TableViewDataSource, TableViewDelegate {
    static let layout = """
        cell entry height=auto
        |[1 message                           ]|
          1 label wrap stretch=both
        """
    let table = TableView()
    var entries: [(message: String, details: String)]
    var expanded: Set<Int> = []

    init(entries: [(message: String, details: String)]) throws {
        self.entries = entries
        let library = try LayoutLibrary(string: Self.layout)
        table.register(template: try library.template("entry"), forCellReuseIdentifier: "entry")
        table.scrollPadding = 2  // two lines of context above and below the cursor's row
        table.dataSource = self
        table.delegate = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { entries.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "entry", for: indexPath)
        let entry = entries[indexPath.row]
        let text = expanded.contains(indexPath.row) ? entry.message + "\n" + entry.details : entry.message
        cell.viewWithTag(1, as: Label.self)?.text = text
        return cell
    }

    /// Space: the entry grows (or shrinks back); the table shows the grown row whole, or from its top.
    func toggleDetails(of indexPath: IndexPath) {
        if expanded.remove(indexPath.row) == nil { expanded.insert(indexPath.row) }
        table.reloadRows(at: [indexPath])
    }
}
