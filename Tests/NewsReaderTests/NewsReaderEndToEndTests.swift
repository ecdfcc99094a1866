import Foundation
import TermTableTesting
import Testing

/// The real `news` in tmux in the screen-reader mode (`TERMTABLE_ACCESSIBLE=1`): the terminal's cursor follows the
/// list's cursor row, where a screen reader reads.
@Suite("news in the screen-reader mode", .serialized)
struct NewsReaderEndToEndTests {
    /// The sample feeds on a 100x30 pane: after j, k, G and g the cursor is shown on the cursor row's article,
    /// and the feed headers are plain rules.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theTerminalCursorFollowsTheCursorRow() throws {
        let session = try EndToEndTests.start(
            state: EndToEndTests.newDirectory(), directory: EndToEndTests.newDirectory(),
            environment: "TERMTABLE_ACCESSIBLE=1")
        defer { session.close() }
        let first = try session.waitFor(text: "1/165 . 165 unread of 165 . 4 feeds")
        #expect(first.hasPrefix("-- Harbor City Chronicle"), "a plain rule: \(first)")
        let council: (Substring) -> Bool = { $0.contains("Council approves new ferry timetable") }
        try session.waitForCursor(on: "the first article", council)
        for (key, what, isLine) in [
            ("j", "the second article", { $0.contains("Harbor Bridge repairs") }),
            ("k", "the first article", council),
            ("G", "the last article", { $0.hasPrefix(" o  Short") }),
            ("g", "the first article", council),
            // tmux sends ESC[1~ and ESC[4~, which xterm-256color does not name: they are Home and End all the same.
            ("End", "the last article", { $0.hasPrefix(" o  Short") }),
            ("Home", "the first article", council),
        ] as [(String, String, (Substring) -> Bool)] {
            try session.send(key)
            try session.waitForCursor(on: "\(what) after \(key)", isLine)
        }
        try session.send("q")
        try EndToEndTests.expectRestored(session, status: 0)
    }
}
