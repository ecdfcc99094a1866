import TermTableTesting

@testable import TermTable

/// A screen with a table and, optionally, a one-line status label under it (so the table can be 0 lines tall).
@MainActor
final class TableWithStatus: View {
    let table: TableView
    let status = Label(text: "status")
    let hasStatus: Bool

    init(table: TableView, statusLine: Bool) {
        self.table = table
        hasStatus = statusLine
        super.init(frame: .zero)
        addSubview(table)
        if statusLine { addSubview(status) }
    }

    override func layoutSubviews() {
        let statusHeight = hasStatus ? min(1, frame.height) : 0
        table.frame = Rect(x: 0, y: 0, width: frame.width, height: max(0, frame.height - statusHeight))
        status.frame = Rect(x: 0, y: frame.height - statusHeight, width: frame.width, height: statusHeight)
    }
}
