import Foundation
import Glibc
import LogKit
import LogsCore
import TermTable
import TermTableTesting

/// The viewer over temporary log files on an in-memory screen; no file watching (tests call `filesChanged()`).
@MainActor
final class LogsHarness {
    let directory: String
    let paths: [String]
    let files: [LogFile]
    let viewer: LogViewer
    let driver: AppDriver

    /// A viewer of files holding `texts`, at `size`.
    init(_ texts: [String], size: Size = Size(width: 100, height: 12)) throws {
        directory = NSTemporaryDirectory() + "logs-screen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for (index, text) in texts.enumerated() {
            let path = directory + "/\(index).log"
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        self.paths = paths
        files = try paths.map { try LogFile(path: $0) }
        viewer = try LogViewer(files: files)
        driver = AppDriver(rootView: viewer.root, size: size)
        viewer.install(in: driver.app, watch: false)
        driver.app.render()
    }

    /// One file holding `text`.
    convenience init(_ text: String, size: Size = Size(width: 100, height: 12)) throws {
        try self.init([text], size: size)
    }

    var lines: [String] { driver.lines }

    /// The screen as one string.
    var screen: String { lines.joined(separator: "\n") }

    /// Appends `text` to file `index` through a descriptor kept open meanwhile (a held-open writer), then
    /// lets the viewer see it, as its watch would.
    func append(_ text: String, to index: Int = 0) {
        let fd = open(paths[index], O_WRONLY | O_APPEND)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        viewer.filesChanged()
        close(fd)
        driver.app.render()
    }

    /// Waits (letting the main queue run) until `condition` holds, at most 10 seconds.
    func wait(until condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline {
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(2))
        }
        driver.app.render()
    }

    /// `count` generated entries, one line each ("entry N"), every tenth an error.
    static func numbered(_ count: Int, from first: Int = 0) -> String {
        (first..<first + count).map { index in
            "2026-11-25T00:00:00.\(index)Z \(index % 10 == 9 ? "ERROR" : "INFO") comp\(index % 3): entry \(index)\n"
        }.joined()
    }
}
