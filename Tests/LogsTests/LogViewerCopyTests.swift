import Foundation
import LogsCore
import TermTable
import TermTableTesting
import Testing

/// `y` in logs: the cursor's entry, all its lines, copied through OSC 52.
@MainActor
struct LogViewerCopyTests {
    @Test func yCopiesTheCursorsEntryWithAllItsLines() throws {
        let text = "2026-11-25T00:00:00.1Z INFO a: first\n2026-11-25T00:00:00.2Z ERROR b: boom\n  at f()\n  at g()\n"
        let harness = try LogsHarness(text)
        harness.driver.app.clipboard = TerminalClipboard()
        harness.driver.press("G")
        harness.driver.press("y")
        let sequence = try #require(harness.driver.screen.controlSequences.last).bytes
        let payload = String(decoding: sequence.dropFirst(7).dropLast(), as: UTF8.self)
        let copied = String(decoding: try #require(Data(base64Encoded: payload)), as: UTF8.self)
        #expect(copied.hasPrefix("2026-11-25T00:00:00.2Z ERROR b: boom\n  at f()\n  at g()"))
        #expect(harness.screen.contains("Copied 1 entry ("))
    }
}

/// logs' results go through `Application.announce`: in the screen-reader mode the copy's message puts the terminal's
/// cursor on the status line, and the next key puts it back on the entry.
@MainActor
struct LogViewerAnnounceTests {
    @Test func aCopyInTheReaderModeIsAnnouncedOnTheStatusLine() throws {
        let text = "2026-11-25T00:00:00.1Z INFO a: first\n2026-11-25T00:00:00.2Z ERROR b: boom\n"
        let harness = try LogsHarness(text)
        harness.driver.app.clipboard = TerminalClipboard()
        harness.driver.app.isAccessible = true
        harness.driver.press("y")
        let status = try #require(harness.driver.lines.lastIndex { $0.contains("Copied 1 entry (") })
        #expect(status == harness.driver.lines.count - 1, "\(harness.driver.lines)")
        #expect(harness.driver.screen.cursor == Point(x: 0, y: status))
        #expect(harness.driver.screen.linesRewritten == [status])
        harness.driver.press("j")
        #expect(harness.driver.screen.cursor?.y != status)
        #expect(harness.driver.screen.cursor?.x == 0)
    }
}

extension LogViewerAnnounceTests {
    /// Enter on the filter prompt says, once the scan ended, how many entries match: in the status line, announced
    /// with the terminal's cursor on it in the reader mode.
    @Test func enterOnTheFilterAnnouncesTheNumberOfMatches() async throws {
        let text = (0..<30).map { "2026-11-25T00:00:00.\($0)Z \($0 % 3 == 0 ? "ERROR" : "INFO") a: entry \($0)\n" }
            .joined()
        let harness = try LogsHarness(text)
        harness.driver.app.isAccessible = true
        harness.driver.type("/ERROR")
        harness.driver.press("enter")
        await harness.wait { harness.viewer.message != nil }
        harness.driver.app.renderIfNeeded()
        #expect(harness.viewer.message == "10 matching entries")
        let status = try #require(harness.driver.lines.lastIndex { $0.contains("10 matching entries") })
        #expect(harness.driver.screen.cursor == Point(x: 0, y: status), "\(harness.driver.lines)")
    }
}
