import TermTable

/// How the benchmark's cells are made.
enum BenchMode: String, CaseIterable, Sendable {
    /// Templates cloned once per visible cell, then recycled through the reuse queue (the normal path).
    case reuse
    /// A fresh clone of the template for every cell shown in every frame: no reuse queue.
    case noReuse = "no-reuse"
    /// The layout parsed again for every cell shown: what happens when nothing is cached.
    case reparse
    /// The same cells built in Swift code, with the reuse queue.
    case handcoded
}

/// The benchmark row built in code: a title from column 0 and a date in the last 10 columns.
///
/// Its labels are outlets: a copy points them at its own copied labels in ``didCopy(from:)`` (a table copies a cell
/// its data source hands out twice, so the class is a ``CopyableView``, as every `TableViewCell` is).
final class HandcodedRowCell: TableViewCell {
    private(set) var title = Label()
    private(set) var date = Label()

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        title.truncation = .clip  // as Bench.layout's `truncate=clip`: a long title is cut, not ended with "…"
        date.alignment = .right
        contentView.addSubview(title)
        contentView.addSubview(date)
    }

    required init(copying other: View) {
        super.init(copying: other)
    }

    override func didCopy(from original: View) {
        super.didCopy(from: original)
        repointOutlets(\.title, \.date, from: original)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = contentView.frame.width
        title.frame = Rect(x: 0, y: 0, width: max(0, width - 11), height: 1)
        date.frame = Rect(x: max(0, width - 10), y: 0, width: min(10, width), height: 1)
    }
}

/// Rows of the workload, made on demand, as cells of the chosen mode.
@MainActor
final class BenchDataSource: TableViewDataSource {
    let rows: Int
    let mode: BenchMode
    let layout: BenchLayoutSource
    let template: CellTemplate
    /// Layout files parsed by this data source (reparse mode).
    private(set) var parses = 0
    /// Template clones made outside the table's queue (no-reuse and reparse modes).
    private(set) var clones = 0

    init(rows: Int, mode: BenchMode, layout: BenchLayoutSource) throws {
        self.rows = rows
        self.mode = mode
        self.layout = layout
        template = try layout.library().template("row")
    }

    func register(in table: TableView) {
        switch mode {
        case .handcoded: table.register(HandcodedRowCell.self, forCellReuseIdentifier: "row")
        default: table.register(template: template, forCellReuseIdentifier: "row")
        }
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell: TableViewCell
        switch mode {
        case .reuse, .handcoded:
            cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        case .noReuse:
            clones += 1
            cell = template.instantiate()
        case .reparse:
            do {
                parses += 1
                clones += 1
                cell = try layout.reparsed().instantiate("row")
            } catch {
                TerminalGuard.fail("cannot parse \(layout.path): \(error)")
            }
        }
        if let handcoded = cell as? HandcodedRowCell {
            handcoded.title.text = Workload.title(indexPath.row)
            handcoded.date.text = Workload.date(indexPath.row)
        } else {
            cell.viewWithTag(1, as: Label.self)?.text = Workload.title(indexPath.row)
            cell.viewWithTag(2, as: Label.self)?.text = Workload.date(indexPath.row)
        }
        return cell
    }
}
