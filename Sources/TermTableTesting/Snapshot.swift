import Foundation
import Testing

/// Compares screen lines with a text snapshot file kept beside the test.
///
/// Snapshots live at `Snapshots/<name>.txt` next to the test file that asks for
/// them. When the file is missing, or when the environment has
/// `RECORD_SNAPSHOTS=1`, the lines are written to it and the test fails with a
/// note to review and commit the file, so nothing is ever recorded silently.
///
/// ```swift
/// @Test @MainActor func listScreen() {
///     let screen = render(table, size: Size(width: 40, height: 5))
///     assertSnapshot(screen.lines, named: "listScreen")
/// }
/// ```
public func assertSnapshot(
    _ lines: [String], named name: String,
    filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = SnapshotFormat.encode(lines)
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let existing = try? String(contentsOf: file, encoding: .utf8)
    if record || existing == nil {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(file.path); review it, commit it and run the test again.",
                         sourceLocation: sourceLocation)
        } catch {
            Issue.record("Cannot write snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let existing, existing != actual else { return }
    let expected = SnapshotFormat.decode(existing)
    Issue.record("""
        Screen differs from snapshot \(file.lastPathComponent) (RECORD_SNAPSHOTS=1 re-records):
        \(SnapshotFormat.diff(expected: expected, actual: lines))
        """, sourceLocation: sourceLocation)
}

/// How screens are stored in snapshot files: each line between `|` bars, so trailing spaces are visible.
public enum SnapshotFormat {
    /// The file text for `lines`.
    public static func encode(_ lines: [String]) -> String {
        lines.map { "|\($0)|" }.joined(separator: "\n") + "\n"
    }

    /// The lines stored in a snapshot file's text.
    public static func decode(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.isEmpty }
            .map { line in
                var line = Substring(line)
                if line.first == "|" { line = line.dropFirst() }
                if line.last == "|" { line = line.dropLast() }
                return String(line)
            }
    }

    /// A line-by-line report of the differences between two screens.
    public static func diff(expected: [String], actual: [String]) -> String {
        var report: [String] = []
        for index in 0..<max(expected.count, actual.count) {
            let e = index < expected.count ? expected[index] : nil
            let a = index < actual.count ? actual[index] : nil
            if e != a {
                report.append(String(format: "%3d - |%@|", index, e ?? "(none)"))
                report.append(String(format: "%3d + |%@|", index, a ?? "(none)"))
            }
        }
        return report.joined(separator: "\n")
    }
}
