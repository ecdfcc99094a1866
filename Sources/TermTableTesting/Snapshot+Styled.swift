import Foundation
import TermTable
import Testing

/// Compares a screen's glyphs and the style of every cell with a snapshot file kept beside the test: a changed
/// colour, highlight or attribute fails it as a changed glyph does.
///
/// The file is `Snapshots/<name>.txt` next to the test file, in ``StyledSnapshotFormat``: each screen line
/// between `|` bars, followed by a line of style letters under its cells, then a legend naming each letter's
/// style. It is recorded as ``assertSnapshot(_:named:filePath:sourceLocation:)`` records: a missing file is written
/// and the test fails; `RECORD_SNAPSHOTS=1` writes every snapshot again.
///
/// ```swift
/// @Test @MainActor func listScreen() {
///     let screen = render(table, size: Size(width: 40, height: 5))
///     assertStyledSnapshot(screen, named: "listScreen")
/// }
/// ```
@MainActor
public func assertStyledSnapshot(
    _ screen: BufferScreen, named name: String,
    filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let outcome = SnapshotFile(directory: directory, name: name).check(
        encoded: StyledSnapshotFormat.encode(screen), record: record)
    if let report = outcome.report {
        Issue.record(
            Comment(rawValue: report), severity: outcome.failsTest ? .error : .warning,
            sourceLocation: sourceLocation)
    }
}

/// How a screen with its styles is stored in a snapshot file, readable in a diff.
///
/// ```
/// |Inbox              3|
///  AAAAA..............B
/// |> hello             |
///  CCCCCCCCCCCCCCCCCCCC
/// --
/// A: bold
/// B: fg red
/// C: reverse
/// ```
///
/// Under each glyph line (between `|` bars) is a line with one letter per glyph, the cell's style: `.` for the
/// plain style, `A`-`Z`, `a`-`z`, `0`-`9` for the others in the order they first appear (a wide glyph has one
/// letter, as it is one character of its line). After `--`, the legend: each letter with its style's foreground
/// (`fg`), background (`bg`) and attributes.
public enum StyledSnapshotFormat {
    /// The letters given to styles, in order; styles past them share `?`.
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// The file text for `screen`.
    @MainActor
    public static func encode(_ screen: BufferScreen) -> String {
        var letterOf: [Style: Character] = [.plain: "."]
        var legend: [String] = []
        var text = ""
        for y in 0..<screen.size.height {
            var glyphs = ""
            var styles = ""
            for x in 0..<screen.size.width {
                let cell = screen.cell(at: Point(x: x, y: y))
                if cell.isContinuation { continue }
                glyphs += cell.text
                if let letter = letterOf[cell.style] {
                    styles.append(letter)
                } else {
                    let index = letterOf.count - 1
                    let letter = index < letters.count ? letters[index] : "?"
                    letterOf[cell.style] = letter
                    legend.append("\(letter): \(describe(cell.style))")
                    styles.append(letter)
                }
            }
            text += "|\(glyphs)|\n \(styles)\n"
        }
        return text + "--\n" + legend.map { $0 + "\n" }.joined()
    }

    /// A style in words: `fg red bg 236 bold underline`.
    public static func describe(_ style: Style) -> String {
        var words: [String] = []
        if style.foreground != .default { words.append("fg \(describe(style.foreground))") }
        if style.background != .default { words.append("bg \(describe(style.background))") }
        for (name, attribute) in TextAttributes.named where style.attributes.contains(attribute) { words.append(name) }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }

    /// A colour in words: its name (`red`, `bright-blue`) or palette number; other kinds as Swift prints them.
    static func describe(_ color: Color) -> String {
        if case .ansi(let index) = color {
            return (index >= 8 ? "bright-" : "") + Color.ansiNames[Int(index % 8)]
        }
        if case .palette(let index) = color { return "\(index)" }
        return "\(color)"
    }

    /// A line-by-line report of the differences between two files' texts.
    public static func diff(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var report: [String] = []
        for index in 0..<max(e.count, a.count) {
            let old = index < e.count ? e[index] : "(none)"
            let new = index < a.count ? a[index] : "(none)"
            if old != new {
                report.append(String(format: "%3d - %@", index + 1, old))
                report.append(String(format: "%3d + %@", index + 1, new))
            }
        }
        return report.joined(separator: "\n")
    }
}

extension SnapshotFile {
    /// Compares the file's text with `actual` (a ``StyledSnapshotFormat`` text); writes it when it is missing or
    /// when `record` is true.
    public func check(encoded actual: String, record: Bool) -> Outcome {
        let file = url
        let existing = try? String(contentsOf: file, encoding: .utf8)
        if let existing, existing == actual { return record ? .unchanged(path: file.path) : .matches }
        if let existing, !record {
            return .differs(path: file.path, diff: StyledSnapshotFormat.diff(expected: existing, actual: actual))
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            return .unwritable(path: file.path, error: "\(error)")
        }
        return existing == nil && !record ? .created(path: file.path) : .rerecorded(path: file.path)
    }
}
