import TermTable

// The code of the article "Finding items" (FindingItems.md), compiled and run by FindingItemsDocTests.

/// A log line: the time, the level coloured inside the line, the message.
func logLine(time: String, level: String, message: String) -> StyledText {
    var line = StyledText(time + " ")
    let color: Color = level == "ERROR" ? .red : level == "WARN" ? .yellow : .green
    line.append(level, style: Style(foreground: color, attributes: .bold))
    line.append(" " + message)
    return line
}

/// The first letters of a match, underlined.
func highlightedTitle(_ title: String, query: String) -> StyledText {
    guard let match = FuzzyQuery(query).match(title) else { return StyledText(title) }
    return StyledText(title, highlighting: match.ranges, style: .underline)
}

/// A list of log lines that finds as you type, marks that survive the filter, and type-to-jump.
@MainActor
final class LogList {
    let table = TableView()
    let lines: [String]
    var dataSource: TableViewDiffableDataSource<Int, Int>!

    init(lines: [String]) {
        self.lines = lines
        table.register(BasicCell.self, forCellReuseIdentifier: "line")
        table.selectionMode = .multiple
        dataSource = TableViewDiffableDataSource(tableView: table) { [unowned self] table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "line", for: indexPath) as! BasicCell
            if let match = self.dataSource.filterMatch(for: item) {
                cell.textLabel.styledText = StyledText(self.lines[item], highlighting: match.ranges, style: .underline)
            } else {
                cell.textLabel.text = self.lines[item]
            }
            return cell
        }
        dataSource.filterText = { [unowned self] item in self.lines[item] }
        dataSource.filterOrder = .score
        table.typeToJump = TypeToJump { [unowned self] indexPath in
            self.dataSource.itemIdentifier(for: indexPath).map { self.lines[$0] }
        }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(lines.indices))
        dataSource.apply(snapshot)
    }

    /// `/`: filters as you type; Esc brings every line back.
    func startFinding(in app: Application) {
        app.prompt(
            "/", text: dataSource.filterQuery,
            onChange: { [unowned self] text in self.dataSource.setFilter(query: text) },
            onCancel: { [unowned self] in self.dataSource.clearFilter() })
    }

    /// "3 marked, 1 hidden" for the status line.
    var status: String { dataSource.markSummary }

    /// Every marked line, those the filter hides included.
    var markedLines: [String] { dataSource.allSelectedItemIdentifiers.map { lines[$0] } }
}

/// The ten best lines of a large corpus, matched off the main actor on every core.
func bestLines(in corpus: FuzzyCorpus, for text: String) async -> [String] {
    let hits = await corpus.rank(FuzzyQuery(text)) ?? []
    return hits.prefix(10).map { corpus.text(at: Int($0.index)) }
}
