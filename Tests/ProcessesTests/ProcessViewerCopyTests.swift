import Foundation
import ProcessKit
import ProcessesCore
import TermTable
import TermTableTesting
import Testing

/// `y` in procs: the marked processes (else the cursor's) copied as TSV through OSC 52.
@MainActor
struct ProcessViewerCopyTests {
    /// The text the screen's one OSC 52 sequence carries.
    static func copiedText(_ screen: BufferScreen) throws -> String {
        let sequence = try #require(screen.controlSequences.last).bytes
        let payload = String(decoding: sequence.dropFirst(7).dropLast(), as: UTF8.self)
        return String(decoding: try #require(Data(base64Encoded: payload)), as: UTF8.self)
    }

    @Test func yCopiesTheMarkedRowsAsTSVAndSaysHowMany() throws {
        let harness = try ViewerHarness()
        harness.driver.app.clipboard = TerminalClipboard()
        harness.mark(301, 400)
        harness.driver.press("y")
        let text = try Self.copiedText(harness.driver.screen)
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.map { $0.first } == ["301", "400"])
        #expect(lines.allSatisfy { $0.count == 7 })
        #expect(lines[0].last == "vim notes.txt")
        #expect(
            harness.lines.last?.contains("Copied 2 rows (\(text.utf8.count) B)") == true, "\(harness.lines.last ?? "")")
    }

    @Test func yWithNothingMarkedCopiesTheCursorsRow() throws {
        let harness = try ViewerHarness()
        harness.driver.app.clipboard = TerminalClipboard()
        harness.moveCursor(to: 302)
        harness.driver.press("y")
        #expect(try Self.copiedText(harness.driver.screen).hasPrefix("302\t"))
        #expect(harness.lines.last?.contains("Copied 1 row") == true)
    }

    @Test func yOnAScreenThatCannotTakeItSaysSo() throws {
        let harness = try ViewerHarness()
        harness.driver.screen.acceptsControlSequences = false
        harness.driver.press("y")
        #expect(harness.lines.last?.contains("Cannot copy: the output is not a terminal") == true)
    }
}
