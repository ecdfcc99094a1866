import Foundation
import TermTableTesting
import Testing

/// The real `procs` binary between refreshes, in tmux: after keys (a sort, the help box, the detail view), with the
/// refresh timer not due, no thread of the process is scheduled.
///
/// "At rest" for `procs` is the time between two refreshes: it reads /proc again every `--interval` by design, so
/// the test sets an interval far beyond its quiet 3 s. Before `ProcsEntry` (with `@main` on the
/// `AsyncParsableCommand`) libdispatch's global pool woke it once a second all the same; at `--interval 1` a refresh
/// wakes it three times (libdispatch's timer thread twice, the main queue's thread once) and nothing else does.
@Suite("procs at rest, end to end", .serialized)
struct ProcsIdleTests {
    @Test(
        .enabled(if: hasTmux, "tmux is not installed"),
        .disabled(if: ThreadActivity.underSanitizer, "a sanitizer's runtime wakes the process itself"))
    func procsBetweenRefreshesIsNotScheduled() throws {
        let sleepers = try SleepingChildren(count: 1)
        defer { sleepers.stop() }
        let sleeper = sleepers.pids[0]
        let procs = try BuiltProducts.executable(named: "procs")
        let directory = EndToEndTests.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(
            width: 100, height: 30,
            command:
                "sh -c 'echo $$ > pid; exec env LANG=C.UTF-8 TERM=xterm-256color \"$0\" --interval 3600 --pid \(sleeper)' '\(procs)'; echo PROCS-DONE; sleep 30",
            directory: directory)
        defer { session.close() }
        try session.waitFor("the sleeper") { EndToEndTests.line(of: sleeper, in: $0) != nil }
        let pid = try #require(Int32(try session.waitForFile("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        // Keys through the run loop: a sort, the help box (an overlay) and the detail view, each closed again.
        try session.send("p")
        try session.waitFor(text: "sort pid ▲")
        try session.send("?")
        try session.waitFor(text: "these keys")
        try session.send("Escape")
        try session.waitFor("the help box closed") { !$0.contains("these keys") }
        try session.send("Enter")
        try session.waitFor(text: "Command   sleep 1000.")
        try session.send("Escape")
        try session.waitFor(text: "COMMAND")
        Thread.sleep(forTimeInterval: 1.5)
        let rest = ThreadActivity.switches(of: pid) { Thread.sleep(forTimeInterval: 3) }
        #expect(rest.wasRead, "no thread of procs (pid \(pid)) could be read")
        #expect(rest.count <= 1, "procs at rest in 3 s: \(rest)")
        try session.send("q")
        try session.waitFor(text: "PROCS-DONE")
    }
}
