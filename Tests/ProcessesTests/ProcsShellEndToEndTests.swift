import Foundation
import TermTableTesting
import Testing

/// The real `procs` in tmux (its own socket), on real /proc: the detail's open files pushed and popped back to the
/// list with its cursor, and the command palette running an action.
@Suite("procs' shell in tmux", .serialized)
struct ProcsShellEndToEndTests {
    /// `procs --pid ...` run by ``TmuxSession/init(running:arguments:environment:unsetting:setUp:width:height:directory:)``.
    static func start(_ pids: [pid_t]) throws -> TmuxSession {
        let directory = try TmuxSession.newDirectory(prefix: "procs-shell")
        return try TmuxSession(
            running: try BuiltProducts.executable(named: "procs"), arguments: ["--pid"] + pids.map(String.init),
            environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path], directory: directory)
    }

    /// The pane's line whose first word is `word` (after the mark column's two columns, or the listing's padding).
    static func line(starting word: String, in screen: String) -> Substring? {
        screen.split(separator: "\n").first { $0.split(separator: " ").first == Substring(word) }
    }

    /// Enter on a sleeper → its detail → `f` lists its descriptors 0, 1, 2 → Esc → the detail → Esc → the list,
    /// the cursor on the same sleeper (Enter opens it again); then Ctrl-P, "tree", Enter runs `view.tree`, and q
    /// quits with status 0 and the terminal restored.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theOpenFilesArePushedAndPoppedAndThePaletteRunsAnAction() throws {
        let sleepers = try SleepingChildren(count: 3)
        defer { sleepers.stop() }
        let sorted = sleepers.pids.sorted()
        let session = try Self.start(sorted)
        defer { session.close() }
        try session.waitFor("the three sleepers") { screen in
            sorted.allSatisfy { screen.contains(" \($0) ") } && screen.contains("COMMAND")
        }
        try session.send("p")
        try session.waitFor(text: "sort pid ▲")
        try session.send("j", "Enter")
        let breadcrumb = "procs › sleep · pid \(sorted[1])"
        try session.waitFor(text: breadcrumb)
        try session.send("f")
        let files = try session.waitFor("its descriptors 0, 1, 2") { screen in
            screen.contains("\(breadcrumb) › open files") && screen.contains("TARGET")
                && ["0", "1", "2"].allSatisfy { Self.line(starting: $0, in: screen) != nil }
        }
        #expect(files.contains("open files: "))
        try session.send("Escape")
        let detail = try session.waitFor("the detail") { $0.contains(breadcrumb) && !$0.contains("open files") }
        #expect(detail.contains("Command"))
        try session.send("Escape")
        try session.waitFor("the list") { $0.contains("COMMAND") && !$0.contains("›") }
        try session.send("Enter")
        try session.waitFor(text: breadcrumb)  // the cursor stayed on the same sleeper
        try session.send("Escape")
        try session.waitFor("the list") { $0.contains("COMMAND") && !$0.contains("›") }

        try session.send("C-p")
        try session.waitFor(text: "view.tree")
        try session.type("tree")
        try session.send("Enter")
        try session.waitFor(text: "· tree ·")
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        #expect(try session.terminalWasRestored(), "terminal modes differ after procs ended")
    }
}
