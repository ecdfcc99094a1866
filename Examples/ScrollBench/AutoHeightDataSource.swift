import TermTable

/// The `--workload auto-height` rows: log-like messages of mixed length in a `height=auto` cell, each row as
/// tall as its message wrapped at the table's width (1 to about 6 lines at 120 columns), made on demand.
///
/// Nothing is kept per row and no height is given: the table measures each row near the screen through
/// its measuring cells (``TableViewCell/heightThatFits(width:)``), so a frame's cost should not grow with N.
@MainActor
final class AutoHeightDataSource: TableViewDataSource {
    /// The cell: a time column and a message that wraps and stretches in height.
    static let layout = """
        cell message height=auto
        | [1 time  ] [2 message                                                               ] |
          1 label style=info
          2 label wrap stretch=both
        """

    let rows: Int

    init(rows: Int, table: TableView) throws {
        self.rows = rows
        let library = try LayoutLibrary(string: Self.layout, name: "AutoHeight.layout")
        try table.registerCells(from: library)
    }

    /// The message of row `i`: its title, then 0 to 5 more sentences (so rows of 1 to about 6 lines).
    static func message(_ i: Int) -> String {
        var text = Workload.title(i)
        for extra in 0..<(i % 6) { text += " " + Workload.sentence(UInt32(truncatingIfNeeded: i &* 31 &+ extra)) }
        return text
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.viewWithTag(1, as: Label.self)?.text = Workload.date(indexPath.row)
        cell.viewWithTag(2, as: Label.self)?.text = Self.message(indexPath.row)
        return cell
    }
}
