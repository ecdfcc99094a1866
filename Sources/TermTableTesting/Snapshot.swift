import Foundation
import Testing

/// Compares screen lines with a text snapshot file kept beside the test.
///
/// Snapshots live at `Snapshots/<name>.txt` next to the test file that asks for
/// them. A missing file is written and the test fails with a note to review
/// and commit it, so nothing is ever recorded silently. With
/// `RECORD_SNAPSHOTS=1` in the environment every snapshot is written again and
/// the test passes, with a warning naming the file written (or saying it was
/// unchanged); review the files with `git diff` and run again without it.
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
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let outcome = SnapshotFile(directory: directory, name: name).check(lines, record: record)
    if let report = outcome.report {
        Issue.record(
            Comment(rawValue: report), severity: outcome.failsTest ? .error : .warning,
            sourceLocation: sourceLocation)
    }
}

/// One snapshot file and what checking lines against it gives: the logic of ``assertSnapshot(_:named:filePath:sourceLocation:)``.
public struct SnapshotFile: Sendable {
    /// What a check found, and did.
    public enum Outcome: Equatable, Sendable {
        /// The lines equal the file.
        case matches
        /// The file was missing and is now written (a failure: review and commit it).
        case created(path: String)
        /// Re-recording: the file was written with new lines.
        case rerecorded(path: String)
        /// Re-recording: the file already held these lines and was left alone.
        case unchanged(path: String)
        /// The lines differ from the file: a line-by-line report.
        case differs(path: String, diff: String)
        /// The file could not be written.
        case unwritable(path: String, error: String)

        /// True when the test should fail.
        public var failsTest: Bool {
            switch self {
            case .matches, .rerecorded, .unchanged: false
            case .created, .differs, .unwritable: true
            }
        }

        /// The message for the test log, nil when there is nothing to say.
        public var report: String? {
            switch self {
            case .matches:
                nil
            case .created(let path):
                "Recorded snapshot \(path); review it, commit it and run the test again."
            case .rerecorded(let path):
                "RECORD_SNAPSHOTS=1: wrote snapshot \(path); review it with `git diff` and commit it."
            case .unchanged(let path):
                "RECORD_SNAPSHOTS=1: snapshot \(path) unchanged."
            case .differs(let path, let diff):
                "Screen differs from snapshot \((path as NSString).lastPathComponent) (RECORD_SNAPSHOTS=1 re-records):\n\(diff)"
            case .unwritable(let path, let error):
                "Cannot write snapshot \(path): \(error)"
            }
        }
    }

    /// The folder holding the snapshot files.
    public var directory: URL
    /// The snapshot's name, the file being `<name>.txt`.
    public var name: String

    /// A snapshot named `name` in `directory`.
    public init(directory: URL, name: String) {
        self.directory = directory
        self.name = name
    }

    /// The snapshot file.
    public var url: URL { directory.appendingPathComponent("\(name).txt") }

    /// Compares `lines` with the file; writes it when it is missing or when `record` is true.
    public func check(_ lines: [String], record: Bool) -> Outcome {
        let file = url
        let actual = SnapshotFormat.encode(lines)
        let existing = try? String(contentsOf: file, encoding: .utf8)
        if let existing, existing == actual { return record ? .unchanged(path: file.path) : .matches }
        if let existing, !record {
            return .differs(
                path: file.path,
                diff: SnapshotFormat.diff(expected: SnapshotFormat.decode(existing), actual: lines))
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
