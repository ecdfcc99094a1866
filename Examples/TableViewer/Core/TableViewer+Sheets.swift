import TableViewerKit
import TermTable

extension TableViewer {
    /// The sheet shown: the screen on top (under the command palette, say), the grid when it is the root.
    public var sheet: Sheet {
        let top = app?.screens.last { !$0.isModal }
        if top === recordScreen { return .record(recordRow) }
        if top === frequencyScreen { return .frequency }
        return .grid
    }

    /// Enter: grid row `row` as a record, one field a paragraph (`name : value`), wrapped, on ``recordScreen`` pushed
    /// over the grid.
    public func openRecord(atRow row: Int) {
        guard row < rowCount, let app else { return }
        let source = fileRow(row)
        let read = file.row(source)
        recordRow = source
        record.show(
            StyledText(Self.recordText(names: file.columns, row: read)), title: "row \(grouped(source + 1))", in: app
        ) { [unowned self] in self.updateBars() }
        updateBars()
    }

    /// `F`'s count done: the values on ``frequencyScreen`` pushed over the grid.
    func showFrequency(_ sheet: FrequencySheet) {
        guard let app else { return }
        frequency = sheet
        frequencyTable.tableColumns = FrequencySheet.tableColumns(title: sheet.column)
        frequencyTable.reloadData()
        frequencyTable.setCursor(IndexPath(row: 0, section: 0), notify: false)
        frequencyScreen.title = TerminalText.sanitize(sheet.column) + " counted"
        frequencyScreen.onPop = { [unowned self] in self.updateBars() }
        app.push(frequencyScreen)
        updateBars()
        app.setNeedsDisplay()
    }

    /// A record's text: `name : value` a line (``RecordSheet/text(names:values:notes:)``), a ragged row's extra fields
    /// numbered, the row's problem last.
    nonisolated public static func recordText(names: [String], row: TableRow) -> String {
        var notes: [String] = []
        if let problem = TablePrinter.problem(of: row) { notes.append("(\(problem))") }
        if row.isCut { notes.append("(a long field is cut at 4 KiB here; tv --print writes it whole)") }
        return RecordSheet.text(names: names, values: row.fields.map { StyledText($0) }, notes: notes).string
    }
}
