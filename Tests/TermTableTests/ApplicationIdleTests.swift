import Foundation
import TermTableTesting
import Testing

/// An app built as the README shows (the `inbox` example) is not scheduled at rest after handling keys (issue 25):
/// the run loop's wake-ups come back on the main queue, never through libdispatch's global pool, whose monitor
/// would wake the process every second once one of its threads had started.
@Suite("Application at rest, end to end", .serialized)
struct ApplicationIdleTests {
    @Test(
        .enabled(if: hasTmux, "tmux is not installed"),
        .disabled(if: ThreadActivity.underSanitizer, "a sanitizer's runtime wakes the process itself"))
    func theInboxAtRestAfterKeysIsNotScheduled() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inbox = try BuiltProducts.executable(named: "inbox")
        let session = try TmuxSession(
            width: 80, height: 24,
            command: "sh -c 'echo $$ > pid; exec env TERM=xterm-256color \"$0\"' '\(inbox)'; echo INBOX-DONE; sleep 30",
            directory: directory)
        defer { session.close() }
        try session.waitFor(text: "Lunch on Friday?")
        let pid = try #require(Int32(try session.waitForFile("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        // Keys through the run loop: a move, the help box (an overlay), any key closing it.
        try session.send("j", "?")
        try session.waitFor(text: "these keys")
        try session.send("Escape")
        try session.waitFor("the help box closed") { !$0.contains("these keys") }
        Thread.sleep(forTimeInterval: 1.5)
        let rest = ThreadActivity.switches(of: pid) { Thread.sleep(forTimeInterval: 3) }
        #expect(rest.wasRead, "no thread of inbox (pid \(pid)) could be read")
        #expect(rest.count <= 1, "inbox at rest in 3 s: \(rest)")
        try session.send("q")
        try session.waitFor(text: "INBOX-DONE")
    }
}
