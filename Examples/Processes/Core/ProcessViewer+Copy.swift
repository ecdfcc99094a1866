import ProcessKit
import TermTable

extension ProcessViewer {
    /// `y`: copies the marked processes shown (else the cursor's) to the clipboard as tab-separated lines (pid,
    /// user, state, CPU %, memory, threads, command); the status line says how much, or why not.
    public func copyRows() {
        guard let app else { return }
        let marked = markedProcesses
        let ids = marked.isEmpty ? cursorProcess.map { [$0] } ?? [] : marked
        guard !ids.isEmpty else {
            message = "nothing to copy"
            updateBars()
            return
        }
        let rows = ids.lazy.compactMap { [list] id in list[id].map(Self.copiedFields(of:)) }
        let result = app.copy(ClipboardText.tsv(rows))
        message = result.message(describing: ids.count == 1 ? "1 row" : "\(ids.count) rows")
        updateBars()
    }

    /// The fields `y` copies of a process.
    static func copiedFields(of entry: ProcessEntry) -> [String] {
        [
            String(entry.pid), entry.user, String(entry.state), ProcessFormat.percent(entry.cpuPercent),
            ProcessFormat.bytes(entry.residentBytes), String(entry.threads), entry.command,
        ]
    }
}
