import Glibc
import ProcessKit
import TermTable

extension ProcessViewer {
    /// The most processes a confirm dialog lists by name.
    static let listedInDialog = 8

    /// `K`/`X`: asks, in a dialog listing them, before sending `signal` to the marked processes (never to the cursor's).
    public func askToSignal(_ signal: Int32) {
        guard let app else { return }
        let name = ProcessFormat.signalName(signal)
        // Captured now, by identity: what the dialog lists is exactly what may be signalled.
        let targets = markedProcesses.compactMap { id in list[id].map { (id: id, command: $0.command) } }
        // Marks the filter hides are kept but never signalled: the dialog says so, as the bar counts them.
        let hidden = markCounts.hidden
        guard !targets.isEmpty else {
            message =
                hidden > 0
                ? "hidden marks are not signalled: clear the filter first"
                : "nothing marked: mark processes with space, then \(signal == SIGKILL ? "X" : "K")"
            updateBars()
            return
        }
        // The dialog's label is multi-line: a process's own text (a newline in its command line) must not
        // make lines of its own, which could list a process that is not marked. Sanitised, a newline shows as ␊.
        var lines = targets.prefix(Self.listedInDialog).map { target in
            let user = TerminalText.sanitize(list[target.id]?.user ?? "?")
            return "\(target.id.pid)  \(user)  \(TerminalText.sanitize(String(target.command.prefix(36))))"
        }
        if targets.count > Self.listedInDialog { lines.append("… and \(targets.count - Self.listedInDialog) more") }
        if targets.contains(where: { $0.id.pid <= 1 || $0.id.pid == signaller.ownPID }) {
            lines.append("(pid 1 and procs itself are never signalled)")
        }
        var question = "Send \(name) to \(Self.processes(targets.count, "marked"))?"
        if hidden > 0 {
            question = "Send \(name) to the \(Self.processes(targets.count, "marked")) shown?"
            lines.append("(\(hidden) more marked \(hidden == 1 ? "is" : "are") hidden by the filter: not signalled)")
        }
        app.confirm(
            question + "\n" + lines.joined(separator: "\n"), title: name,
            confirmTitle: "Yes, send \(name)"
        ) { [unowned self] confirmed in
            guard confirmed else {
                self.message = "\(name) not sent"
                self.updateBars()
                return
            }
            self.send(signal, to: targets)
        }
    }

    /// "1 marked process", "3 marked processes".
    nonisolated static func processes(_ count: Int, _ adjective: String) -> String {
        "\(count) \(adjective) \(count == 1 ? "process" : "processes")"
    }

    /// Sends `signal` to `targets` (checked again one by one), unmarks those it reached, and says what happened.
    func send(_ signal: Int32, to targets: [(id: ProcessID, command: String)]) {
        let reports = signaller.send(signal, to: targets)
        for report in reports where report.outcome.wasSent {
            if let indexPath = indexPath(of: report.id) { table.deselectRow(at: indexPath) }
        }
        message = Self.summary(of: reports, signal: signal)
        // The refresh drops the marks of processes that are gone: said after the summary, not instead of it.
        reportedSkips = Set(reports.filter { !$0.outcome.wasSent }.map(\.id))
        defer { reportedSkips = nil }
        refresh()
    }

    /// "SIGTERM sent to 2 processes; skipped 4242 (exited), 77 (pid reused)".
    nonisolated public static func summary(of reports: [SignalReport], signal: Int32) -> String {
        let name = ProcessFormat.signalName(signal)
        let sent = reports.filter { $0.outcome.wasSent }.count
        var text = "\(name) sent to \(sent) \(sent == 1 ? "process" : "processes")"
        let skipped = reports.compactMap { report -> String? in
            switch report.outcome {
            case .sent: nil
            case .exited: "\(report.id.pid) (exited)"
            case .pidReused: "\(report.id.pid) (pid reused by another process)"
            case .refusedInit: "\(report.id.pid) (init: never signalled)"
            case .refusedSelf: "\(report.id.pid) (procs itself: never signalled)"
            case .failed(let error): "\(report.id.pid) (\(error.message))"
            }
        }
        if !skipped.isEmpty { text += "; skipped " + skipped.joined(separator: ", ") }
        return text
    }
}
