import LogsCore
import TermTable
import TermTableTesting
import Testing

/// The log viewer scrolled sideways (`less -S`): ←/→ by a step, 0 and $ to the ends, the column titles with
/// the rows, at several widths; untrusted text never draws a control character.
@MainActor
@Suite struct LogViewerHorizontalScrollTests {
    /// A line with a message far wider than any screen, ending in a marker; escape sequences and bidi controls
    /// inside.
    static let longLine =
        "2026-11-25T00:00:09.000Z ERROR comp1: start "
        + (0..<40).map { "word\($0) " }.joined() + "\u{1B}[31mred\u{1B}[0m \u{202E}evil\u{202C} \u{9B}2J END-MARK\n"

    /// True when `line` holds no C0 or C1 control, DEL or bidi control.
    static func isClean(_ line: String) -> Bool {
        line.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            return value >= 0x20 && !(0x7F...0x9F).contains(value) && !(0x202A...0x202E).contains(value)
                && !(0x2066...0x2069).contains(value) && value != 0x200E && value != 0x200F
        }
    }

    @Test(arguments: [100, 80, 60, 40])
    func rightShiftsTheRowsAndTheTitlesByTheStep(width: Int) throws {
        let harness = try LogsHarness(
            LogsHarness.numbered(20) + Self.longLine, size: Size(width: width, height: 12))
        let table = harness.viewer.table
        #expect(table.allowsHorizontalScrolling)
        #expect(table.maximumHorizontalOffset > 0)
        let before = harness.lines
        // Laid out as wide as the long line: its time first, at any width, as `less -S` shows a line's start.
        #expect(before[10].hasPrefix("2026-11-25T00:00:09.000Z ERROR"))
        harness.driver.press("right")
        let after = harness.lines
        let step = LogViewer.horizontalStep
        #expect(table.horizontalOffset == step)
        // The rows' columns (the last one may be the scroll indicator's): what was at step shows at 0.
        let kept = width - step - 1
        for row in [1, 9, 10] {
            #expect(String(after[row].prefix(kept)) == String(before[row].dropFirst(step).prefix(kept)))
        }
        #expect(after[0] == before[0])
        // 0 back to the start, $ to the end of the longest line.
        harness.driver.press("0")
        #expect(harness.lines == before)
        harness.driver.press("$")
        #expect(harness.lines[10].contains("END-MARK"))
        #expect(!harness.lines[10].contains("start word0"))
        for line in harness.lines + before + after { #expect(Self.isClean(line)) }
    }

    @Test func hAndLAreLeftToTypeToJump() throws {
        let harness = try LogsHarness(LogsHarness.numbered(20) + Self.longLine)
        let bindings = harness.viewer.table.horizontalScrollKeyBindings
        #expect(bindings[Key("h")] == nil && bindings[Key("l")] == nil)
        #expect(bindings[.right] == .right && bindings[Key("$")] == .end)
        harness.driver.press("l")
        #expect(harness.viewer.table.horizontalOffset == 0)
    }
}
