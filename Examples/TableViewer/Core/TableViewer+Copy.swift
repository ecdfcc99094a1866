import TableViewerKit
import TermTable

extension TableViewer {
    /// `y`: copies the cursor's cell to the clipboard, as the file has it; the status line says how much, or why not.
    public func copyCell() {
        guard let app, let row = cursorRow, row < rowCount else {
            message = "nothing to copy"
            return
        }
        let fields = fields(ofRow: row)
        let field = cursorColumn < fields.count ? fields[cursorColumn] : ""
        message = app.copy(field).message(describing: "1 cell")
    }

    /// `Y`: copies the cursor's row to the clipboard as one tab-separated line (tabs and newlines in a field
    /// become spaces).
    public func copyRow() {
        guard let app, let row = cursorRow, row < rowCount else {
            message = "nothing to copy"
            return
        }
        message = app.copy(ClipboardText.tsv([fields(ofRow: row)])).message(describing: "1 row")
    }
}
