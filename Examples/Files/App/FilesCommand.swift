import ArgumentParser
import FilesCore
import Glibc
import TermTable

/// `files`: a directory as a tree (run by ``FilesEntry``).
struct FilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "A directory tree: sizes and dates in columns, a preview at 100 columns and wider, live.",
        discussion: """
            Keys: arrows or jk move, Enter or → expands a directory (→ again: its first entry), ← collapses or goes \
            to the parent, / filters by name keeping the parents, q quits, ? keys. A click on a title sorts by it.
            """
    )

    @Argument(help: "The directory (default: the current one).")
    var directory: String = "."

    @MainActor
    func run() async throws {
        try await Self.view(directory)
    }

    /// Shows `path` until the user quits.
    @MainActor
    static func view(_ path: String) async throws {
        // Opened before the screen, so a directory that cannot be read is told on a normal terminal.
        let browser: FileBrowser
        do {
            browser = try FileBrowser(path: path)
        } catch {
            throw fail("\(TerminalText.sanitize(path)): \(error.description)", status: 1)
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw fail("a terminal is needed", status: 1)
        }
        let (theme, themeProblems) = Theme.load(forApp: "files")
        for problem in themeProblems {
            let message = Array("files: \(problem)\n".utf8)
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        let screen = try CursesScreen()
        defer { screen.close() }
        let app = Application(screen: screen, rootView: browser.root)
        app.theme = theme
        browser.install(in: app)
        await app.run()
        browser.stop()
    }

    static func fail(_ text: String, status: Int32) -> ExitCode {
        let message = Array(("files: " + text + "\n").utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        return ExitCode(status)
    }
}
