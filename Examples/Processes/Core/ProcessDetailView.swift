import ProcessKit
import TermTable

/// The detail view (Enter): the layout's `detail` cell filled from ``ProcessDetail``.
public final class ProcessDetailView: View {
    /// The cell drawn (tags 1 to 10, see Procs.layout).
    public let cell: TableViewCell

    /// A view showing `cell`.
    public init(cell: TableViewCell) {
        self.cell = cell
        super.init(frame: .zero)
        addSubview(cell)
    }

    /// Gives the cell the view's width and at most its design height.
    public override func layoutSubviews() {
        cell.frame = Rect(x: 0, y: 0, width: frame.width, height: min(frame.height, cell.designFrame?.height ?? 13))
        super.layoutSubviews()
    }

    private func set(_ tag: Int, _ text: String) { cell.viewWithTag(tag, as: Label.self)?.text = text }

    /// Shows `detail` of `entry` (the list's row for it); `detail` nil means the process is gone.
    public func show(_ entry: ProcessEntry, detail: ProcessDetail?) {
        let gone = detail == nil ? " (exited)" : ""
        set(1, "\(entry.name) · pid \(entry.pid)\(gone)")
        let arguments = detail?.arguments ?? []
        set(
            2,
            arguments.isEmpty
                ? entry.command + (entry.hasEmptyCommandLine ? "  (no command line: kernel thread or zombie)" : "")
                : arguments.joined(separator: " "))
        set(3, "pid \(entry.pid) · parent \(detail?.parentPID ?? entry.parentPID) · user \(entry.user) (\(entry.uid))")
        set(4, detail?.state ?? String(entry.state))
        if let detail, let started = detail.startedAt {
            set(
                5,
                ProcessFormat.date(started)
                    + (detail.runningSeconds.map { ", running " + ProcessFormat.duration($0) } ?? ""))
        } else {
            set(5, "start tick \(entry.id.startTicks)")
        }
        set(6, "\(ProcessFormat.percent(detail?.cpuSeconds ?? 0)) s · \(ProcessFormat.percent(entry.cpuPercent))% now")
        let resident = detail?.residentBytes ?? entry.residentBytes
        let peak = detail?.peakResidentBytes.map { " (peak \(ProcessFormat.bytes($0)))" } ?? ""
        let virtual = detail?.virtualBytes ?? Int64(clamping: entry.virtualBytes)
        set(7, "resident \(ProcessFormat.bytes(resident))\(peak) · virtual \(ProcessFormat.bytes(virtual))")
        set(8, String(detail?.threads ?? entry.threads))
        set(9, detail?.workingDirectory ?? "(not readable)")
        set(10, detail?.executable ?? "(not readable)")
        setNeedsDisplay()
    }
}
