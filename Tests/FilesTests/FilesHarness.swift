import FilesCore
import Foundation
import Glibc
import TermTable
import TermTableTesting
import Testing

/// A temporary directory tree and `files`' screen on it, in memory.
@MainActor
final class FilesHarness {
    let directory: URL
    var browser: FileBrowser!
    var driver: AppDriver!

    /// An empty temporary directory.
    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        // Make everything removable again (a test may have taken a directory's permissions away).
        if let paths = FileManager.default.enumerator(atPath: directory.path) {
            for case let path as String in paths { chmod(directory.path + "/" + path, 0o755) }
        }
        try? FileManager.default.removeItem(at: directory)
    }

    var root: String { directory.path }

    /// A file at `path` (relative to the root) holding `text`.
    func file(_ path: String, _ text: String = "") throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(path))
    }

    /// Sets the modification time of `path` (relative to the root) to `seconds` since 1970.
    func setModified(_ path: String, to seconds: Int) {
        var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
        _ = utimes(root + "/" + path, &times)
    }

    /// A directory at `path`.
    func folder(_ path: String) throws {
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(path), withIntermediateDirectories: true)
    }

    /// A symbolic link at `path` to `target` (as written).
    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: target)
    }

    /// Opens the browser on the root, on a `width`×`height` screen.
    func open(width: Int = 80, height: Int = 20, watching: Bool = false, now: (@MainActor () -> Int)? = nil) throws {
        browser = try FileBrowser(path: root)
        if let now { browser.now = now }
        let screen = BufferScreen(width: width, height: height)
        let app = Application(screen: screen, rootView: browser.root)
        browser.install(in: app, watching: watching)
        driver = AppDriver(app: app, screen: screen)
    }

    /// The screen's text.
    var screen: String { driver.lines.joined(separator: "\n") }

    /// The item at `path` (relative to the root) if the tree has it.
    func item(_ path: String) -> FileItem? {
        let full = root + "/" + path
        return Self.all(browser.dataSource.unfilteredSnapshot).first { $0.path == full }
    }

    static func all(_ tree: OutlineSnapshot<FileItem>) -> [FileItem] {
        var result: [FileItem] = []
        var stack = tree.rootItems
        while let item = stack.popLast() {
            result.append(item)
            stack += tree.children(of: item)
        }
        return result
    }

    /// Moves the cursor to the row of `path` (visible).
    func moveCursor(to path: String) throws {
        let found = try #require(self.item(path))
        browser.table.setCursor(browser.dataSource.indexPath(for: found))
        driver.app.renderIfNeeded()
    }

    /// Waits (at most 30 s, drawing as it goes) until `condition` holds; false when it never did.
    @discardableResult
    func waitUntil(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
            driver.app.renderIfNeeded()
        }
        driver.app.renderIfNeeded()
        return true
    }
}
