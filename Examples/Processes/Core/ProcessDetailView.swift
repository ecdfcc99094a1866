import ProcessKit
import TermTable

/// The detail view (Enter): what /proc tells about one process, as `key  value` lines in a ``/TermTable/TextView``
/// of styled text (the keys in one style, the values in another), a long command line wrapping under its key.
public final class ProcessDetailView: View {
    /// The text shown.
    public let textView = TextView()

    /// The style of the keys (`Command`, `State`).
    public static let keyStyle = Style(role: .accent)
    /// The style of the values.
    public static let valueStyle = Style.plain
    /// The column the values start at (the widest key, `Directory`, and a space).
    static let valueColumn = 10

    /// An empty detail view.
    public init() {
        super.init(frame: .zero)
        textView.isFocusable = false
        addSubview(textView)
    }

    /// What ``show(_:detail:)`` was last given, and the width its text was wrapped at.
    private var shown: (entry: ProcessEntry, detail: ProcessDetail?)?
    private var wrappedWidth = 0

    /// The text fills the view, wrapped again when its width changed.
    public override func layoutSubviews() {
        textView.frame = Rect(origin: .zero, size: frame.size)
        if frame.width != wrappedWidth, let shown { show(shown.entry, detail: shown.detail) }
        super.layoutSubviews()
    }

    /// The text of `lines` (`key`, `value`): each key padded to the value column in ``keyStyle``, its value in
    /// ``valueStyle``; a value wider than the rest of `width` goes on under the value column.
    static func styled(title: String, _ lines: [(key: String, value: String)], width: Int) -> StyledText {
        var text = StyledText(TerminalText.sanitize(title), style: Style(attributes: .bold))
        text.append("\n")
        let room = max(10, width - valueColumn)
        for (key, value) in lines {
            text.append("\n" + key + String(repeating: " ", count: max(1, valueColumn - key.count)), style: keyStyle)
            let parts = TerminalText.wrap(TerminalText.sanitize(value), width: room)
            for (index, part) in parts.enumerated() {
                if index > 0 { text.append("\n" + String(repeating: " ", count: valueColumn)) }
                text.append(part, style: valueStyle)
            }
        }
        return text
    }

    /// Shows `detail` of `entry` (the list's row for it); `detail` nil means the process is gone.
    public func show(_ entry: ProcessEntry, detail: ProcessDetail?) {
        let gone = detail == nil ? " (exited)" : ""
        let arguments = detail?.arguments ?? []
        let command =
            arguments.isEmpty
            ? entry.command + (entry.hasEmptyCommandLine ? "  (no command line: kernel thread or zombie)" : "")
            : arguments.joined(separator: " ")
        let started: String
        if let detail, let start = detail.startedAt {
            started =
                ProcessFormat.date(start)
                + (detail.runningSeconds.map { ", running " + ProcessFormat.duration($0) } ?? "")
        } else {
            started = "start tick \(entry.id.startTicks)"
        }
        let resident = detail?.residentBytes ?? entry.residentBytes
        let peak = detail?.peakResidentBytes.map { " (peak \(ProcessFormat.bytes($0)))" } ?? ""
        let virtual = detail?.virtualBytes ?? Int64(clamping: entry.virtualBytes)
        let lines: [(key: String, value: String)] = [
            ("Command", command),
            (
                "Process",
                "pid \(entry.pid) · parent \(detail?.parentPID ?? entry.parentPID) · user \(entry.user) (\(entry.uid))"
            ),
            ("State", detail?.state ?? String(entry.state)),
            ("Started", started),
            (
                "CPU time",
                "\(ProcessFormat.percent(detail?.cpuSeconds ?? 0)) s · \(ProcessFormat.percent(entry.cpuPercent))% now"
            ),
            ("Memory", "resident \(ProcessFormat.bytes(resident))\(peak) · virtual \(ProcessFormat.bytes(virtual))"),
            ("Threads", String(detail?.threads ?? entry.threads)),
            ("Directory", detail?.workingDirectory ?? "(not readable)"),
            ("Program", detail?.executable ?? "(not readable)"),
        ]
        shown = (entry, detail)
        wrappedWidth = frame.width
        let text = Self.styled(title: "\(entry.name) · pid \(entry.pid)\(gone)", lines, width: frame.width)
        if text != textView.styledText {
            let top = textView.topLine
            textView.styledText = text
            textView.scroll(toLine: top)
        }
        setNeedsDisplay()
    }
}
