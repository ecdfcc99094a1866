import ProcessKit
import TermTable

/// A screen over the detail (`f`, `t`): a breadcrumb, a table of one process's open files or threads, and a status
/// line. It is read when pushed and again on `r`; the cursor stays on its descriptor or thread across a re-read.
@MainActor
public final class ProcessListingScreen {
    /// The screen pushed (its title the breadcrumb's last: `open files`, `threads`).
    public let screen: AppScreen
    /// The table of entries, one row per descriptor or thread.
    public let table = TableView()
    /// The table, or why it has no rows (permission denied, exited, none).
    public let body: EmptyStateView
    /// The bottom line: how many, how many not listed, the keys.
    public let statusLine = Label()
    /// The rows' texts by column identifier, by row id (the descriptor or the thread id).
    public private(set) var rows: [Int32: [String: String]] = [:]
    /// What is listed (`open files`, `threads`), for the status line.
    let noun: String
    /// The rows, by id.
    private var dataSource: TableViewDiffableDataSource<Int, Int32>!

    /// A screen titled `title` whose table has `columns`.
    init(title: String, noun: String, columns: [TableColumn]) {
        self.noun = noun
        body = EmptyStateView(table, message: "")
        screen = AppScreen(VStack([Breadcrumb(), .fill(body), statusLine]), title: title)
        statusLine.textStyle = .dim
        table.tableColumns = columns
        dataSource = TableViewDiffableDataSource(tableView: table) { [unowned self] id, column in
            // Targets and names are untrusted: sanitised here (and again by the cell's labels).
            StyledText(TerminalText.sanitize(self.rows[id]?[column.identifier] ?? ""))
        }
    }

    /// The row under the cursor, nil when there are none.
    public var cursorRow: Int32? { dataSource.cursorItemIdentifier }

    /// The ids of the rows, in table order.
    public var rowIDs: [Int32] { dataSource.snapshot().itemIdentifiers }

    /// Shows `rows` (id, texts by column), or `failure`'s message when nothing could be read; `notListed` more
    /// are counted in the status line, the keys after it.
    func show<Entry>(
        _ listing: ProcessListing<Entry>, pid: Int32, row: (Entry) -> (Int32, [String: String]), keys: String
    ) {
        rows = Dictionary(listing.entries.map(row), uniquingKeysWith: { first, _ in first })
        var snapshot = TableSnapshot<Int, Int32>()
        snapshot.appendSections([0])
        snapshot.appendItems(listing.entries.map { row($0).0 })
        dataSource.apply(snapshot)
        var status: String
        switch listing.failure {
        case .permissionDenied?:
            body.message = "Permission denied: pid \(pid) is another user's (run procs as root to see its \(noun))"
            status = "permission denied"
        case .gone?:
            body.message = "pid \(pid) has exited: no \(noun) to list"
            status = "exited"
        case nil:
            body.message = "No \(noun)"
            status = "\(noun): \(listing.entries.count)"
            if listing.notListed > 0 {
                status +=
                    " · \(listing.notListed.withCommas) more not listed (at most \(ProcReader.listingBound.withCommas) are read)"
            }
        }
        statusLine.text = status + " · " + keys
        screen.view.setNeedsLayout()
        screen.view.setNeedsDisplay()
    }
}

extension Int {
    /// `10,000`.
    var withCommas: String {
        let digits = Array(String(self))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
