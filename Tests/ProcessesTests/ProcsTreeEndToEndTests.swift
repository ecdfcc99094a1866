import Foundation
import TermTableTesting
import Testing

/// `procs --tree` in tmux (its own socket), over a shell with two `sleep` children this test starts (and kills).
@Suite("procs --tree in tmux", .serialized)
struct ProcsTreeEndToEndTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theTreeShowsAShellsChildrenUnderItCollapsesItAndTGoesBackToTheList() throws {
        let tag = "300.\(Int.random(in: 100_000...999_999))"
        // Its own session, so that the shell and its sleeps are killed together.
        let shell = try ChildProcess.spawn(
            ["sh", "-c", "sleep \(tag) & sleep \(tag) & wait"], environment: [:], newSession: true
        ) { _ in }
        defer {
            kill(-shell, SIGKILL)
            var status: Int32 = 0
            waitpid(shell, &status, 0)
        }
        // The sleeps' pids, from the shell's children list.
        var sleeps: [pid_t] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while sleeps.count < 2, ContinuousClock.now < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            sleeps = children.split(separator: " ").compactMap { pid_t($0) }.sorted()
            if sleeps.count < 2 { Thread.sleep(forTimeInterval: 0.05) }
        }
        try #require(sleeps.count == 2)
        let directory = EndToEndTests.newDirectory()
        // Only the shell and its sleeps (`--pid`): a fuzzy filter over every process also matches a long command
        // line that holds the tag's digits in order (a CI runner's script), and an ancestor matching first would take
        // the cursor. That the filter keeps ancestors is OutlineFilterPropertyTests' business.
        let pids = ([shell] + sleeps).map(String.init).joined(separator: " ")
        let session = try EndToEndTests.start("--tree --pid \(pids)", directory: directory)
        defer { session.close() }
        try session.waitFor(text: "· tree ·")
        // The filter (typed: procs's own command line must not hold the tag) matches the shell and its sleeps; the
        // cursor goes to the first match, the shell.
        try session.send("/")
        try session.type(tag)
        try session.send("Enter")
        let tree = try session.waitFor("the sleeps under the shell") { screen in
            guard let shellLine = EndToEndTests.line(of: shell, in: screen),
                let first = EndToEndTests.line(of: sleeps[0], in: screen),
                let second = EndToEndTests.line(of: sleeps[1], in: screen)
            else { return false }
            return shellLine.contains("▾ sh -c") && first.contains("├─") && second.contains("└─")
        }
        #expect(tree.split(separator: "\n").first?.contains("· tree ·") == true)
        try session.send("-")
        try session.waitFor("the shell collapsed") { screen in
            EndToEndTests.line(of: shell, in: screen)?.contains("▸ sh -c") == true
                && EndToEndTests.line(of: sleeps[0], in: screen) == nil
        }
        // Still collapsed after a refresh (a second).
        let later = try session.waitFor("a refresh") { screen in
            EndToEndTests.sampleClock(screen) != EndToEndTests.sampleClock(tree)
        }
        #expect(EndToEndTests.line(of: sleeps[1], in: later) == nil)
        try session.send("t")
        let list = try session.waitFor("the list by user") { screen in
            screen.split(separator: "\n").first?.contains(" user") == true
                && EndToEndTests.line(of: sleeps[0], in: screen) != nil
        }
        #expect(!list.contains("├─") && !list.contains("└─"), "no guides in the list")
        #expect(EndToEndTests.line(of: sleeps[1], in: list)?.contains("sleep \(tag)") == true)
        try session.send("q")
        let status = try session.waitForFile("status")
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
