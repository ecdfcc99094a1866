import LogKit
import TermTable

extension LogViewer {
    /// `y`: copies the cursor's entry to the clipboard as the file has it (all its lines, a stack trace too; a
    /// cut entry's first 64 KiB); the status line says how much, or why not.
    public func copyEntry() {
        guard let app else { return }
        guard let row = cursorRow, row < rowCount, !isGapRow(row) else {
            message = "nothing to copy"
            updateBars()
            return
        }
        let result = app.copy(entry(atRow: row).text)
        message = result.message(describing: "1 entry")
        updateBars()
    }
}
