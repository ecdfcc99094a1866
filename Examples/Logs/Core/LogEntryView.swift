import LogKit
import TermTable

/// The whole of one entry (Enter): its lines wrapped at the view's width, scrolled with the table's keys.
///
/// A ``/TermTable/TableView`` of `line` rows with no cursor (a text view of the
/// toolkit can take its place); the text is the file's, sanitised by the labels
/// when drawn; tabs become four spaces.
@MainActor
public final class LogEntryView: TableViewDataSource {
    /// The lines' table.
    public let table = TableView()
    /// The lines shown (wrapped).
    public private(set) var lines: [String] = []
    /// The entry shown, nil when none.
    public private(set) var entry: LogEntry?
    private var wrappedWidth = 0

    /// A view of the `line` cells of `library`.
    public init(library: LayoutLibrary) throws {
        try table.registerCells(from: library)
        table.selectionMode = .none
        table.rowHeight = 1
        table.dataSource = self
    }

    /// Shows `entry` from its first line.
    public func show(_ entry: LogEntry) {
        self.entry = entry
        wrappedWidth = 0
        rewrapIfNeeded()
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top)
    }

    /// Wraps the lines again when the width changed (after a resize).
    public func rewrapIfNeeded() {
        guard let entry else { return }
        let width = max(10, table.contentWidth > 0 ? table.contentWidth : table.frame.width - 1)
        guard width != wrappedWidth else { return }
        wrappedWidth = width
        var result: [String] = []
        for line in entry.text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A continuation line's indent (a stack frame's) is kept on each of its wrapped lines.
            let text = line.replacingOccurrences(of: "\t", with: "    ")
            let indent = String(text.prefix { $0 == " " }.prefix(width / 2))
            let wrapped = TerminalText.wrap(String(text.dropFirst(indent.count)), width: width - indent.count)
            result += wrapped.isEmpty ? [""] : wrapped.map { indent + $0 }
        }
        if entry.isCut {
            result.append("… cut: \(LogFile.displayLimit / 1024) KiB shown of \(entry.length) bytes")
        }
        lines = result
        table.reloadData()
    }

    /// One line for each wrapped line.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lines.count }

    /// A `line` cell.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath)
        cell.viewWithTag(1, as: Label.self)?.text = lines[indexPath.row]
        return cell
    }
}
