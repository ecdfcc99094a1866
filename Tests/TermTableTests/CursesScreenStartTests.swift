import Foundation
import Glibc
import Testing

extension ProcessStateTests {
    /// What `CursesScreen` sends a real pseudo-terminal before its first frame (`termtable keys`, 120x40).
    @Suite(.serialized)
    struct CursesScreenStartTests {
        /// The bytes up to the first screen: the alternate screen entered once and never left, the screen
        /// cleared once, keypad, mouse and bracketed paste turned on once and never off. Opening used to
        /// leave curses mode and enter it again (`\e[?1049h … \e[?1049l … \e[?1049h`, the mouse and
        /// keypad off and on, two clears) to take ncurses out of its flush-per-cursor-move state.
        @Test func theBytesBeforeTheFirstFrameEnterTheAlternateScreenOnce() async throws {
            let run = try KeysRun()
            defer { run.finish() }
            try await run.waitForFirstScreen()
            let text = String(decoding: run.output, as: UTF8.self)
            let start = try #require(text.range(of: "termtable keys"), "no first frame: \(text.debugDescription)")
            let before = String(text[..<start.lowerBound])
            func count(_ sequence: String) -> Int { before.components(separatedBy: sequence).count - 1 }
            let shown = before.debugDescription
            #expect(count("\u{1B}[?1049h") == 1, "smcup sent \(count("\u{1B}[?1049h")) times: \(shown)")
            #expect(count("\u{1B}[?1049l") == 0, "rmcup sent before the first frame: \(shown)")
            #expect(count("\u{1B}[2J") == 1, "the whole screen not cleared once: \(shown)")
            #expect(count("\u{1B}[?1h\u{1B}=") == 1, "keypad mode (smkx) not sent once: \(shown)")
            #expect(count("\u{1B}[?1l\u{1B}>") == 0, "keypad mode left (rmkx) before the first frame: \(shown)")
            #expect(count("\u{1B}[?2004h") == 1, "bracketed paste not turned on once: \(shown)")
            #expect(!before.contains("\u{1B}[?1006;1000l"), "the mouse turned off before the first frame: \(shown)")
            #expect(count("\u{1B}[?1006;1000h") == 1, "the mouse not turned on once: \(shown)")
            // The frame itself does not clear the screen again.
            let frame = String(text[start.lowerBound...])
            #expect(!frame.contains("\u{1B}[2J"), "the first frame cleared the screen again")

            #expect(write(run.master, "q", 1) == 1)
            _ = await run.waitForExit()
            run.expectModesRestored()
            let after = String(decoding: run.output, as: UTF8.self)
            #expect(after.contains("\u{1B}[?1049l"), "no rmcup at the end: \(after.debugDescription)")
            #expect(after.contains("\u{1B}[?1l\u{1B}>"), "keypad mode not left at the end")
        }
    }
}
