import CNcursesw
import Foundation
import Glibc
import TermTableTesting
import Testing

@testable import TermTable

extension ProcessStateTests {
    /// What `CursesScreen` sends when rows scroll, played back in a real terminal emulator (tmux) and
    /// compared with a model of the rows: generated sizes, regions, amounts and directions, rows drawn
    /// before and after the scroll, the cursor shown, hidden and moved.
    ///
    /// `scroll(_:by:)` tells the terminal to scroll and moves ncurses' copies of the screen itself
    /// (`CursesScreen+Scrolling.swift`); a wrong copy or a cursor ncurses misplaces shows up here as a
    /// screen that differs from the model. Each case prints its seed. More cases:
    /// `TERMTABLE_SCROLL_CASES=500 swift test --filter CursesScreenScrollTests`.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenScrollTests {
        nonisolated static var cases: Int {
            ProcessInfo.processInfo.environment["TERMTABLE_SCROLL_CASES"].flatMap(Int.init) ?? 16
        }
        /// The seeds to run: `TERMTABLE_SCROLL_SEED` alone when set (to replay a failure), else `count` from a fixed one.
        nonisolated static func seeds(_ count: Int) -> [UInt64] {
            if let seed = ProcessInfo.processInfo.environment["TERMTABLE_SCROLL_SEED"].flatMap(UInt64.init) {
                return [seed]
            }
            return (0..<UInt64(count)).map { 20_261_124 + $0 }
        }

        /// The rows as they should look: text only, full width, trailing blanks trimmed as tmux prints them.
        struct Model {
            var rows: [[Character]]
            let width: Int

            init(width: Int, height: Int) {
                self.width = width
                rows = Array(repeating: Array(repeating: " ", count: width), count: height)
            }

            mutating func put(_ text: String, x: Int, y: Int) {
                for (offset, character) in text.enumerated() where x + offset < width {
                    rows[y][x + offset] = character
                }
            }

            mutating func scroll(top: Int, bottom: Int, by lines: Int) {
                let band = Array(rows[top...bottom])
                let blank = [Character](repeating: " ", count: width)
                for index in band.indices {
                    let source = index + lines
                    rows[top + index] = band.indices.contains(source) ? band[source] : blank
                }
            }

            var lines: [String] {
                rows.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            }
        }

        /// One generated case: draws frames on a screen writing to a file, then plays the file in tmux.
        ///
        /// One case in three is for a VT100, which scrolls a part of the screen with a scrolling region and
        /// one line at a time (no insert/delete line, no `indn`/`rin`); the others for tmux's own terminal type.
        func run(seed: UInt64, direct: Bool) throws {
            let terminal = seed % 3 == 0 ? "vt100" : "tmux-256color"
            var random = SeededRandom(seed: seed)
            let width = Int.random(in: 12...140, using: &random)
            let height = Int.random(in: 2...45, using: &random)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "scroll-\(seed)-\(direct)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("frames.bin").path
            let output = try #require(fopen(path, "w"))
            let input = try #require(fopen("/dev/null", "r"))
            var options = CursesScreen.Options()
            options.mouse = false
            options.scrollsTerminalDirectly = direct
            // The size comes from LINES and COLUMNS (the output is no terminal): with `resizeterm` instead,
            // ncurses would keep the 24-line scrolling region it set up first, which no terminal does.
            setenv("LINES", "\(height)", 1)
            setenv("COLUMNS", "\(width)", 1)
            defer {
                unsetenv("LINES")
                unsetenv("COLUMNS")
            }
            let screen = try CursesScreen(
                terminalType: terminal, input: input, output: output, options: options, guardFD: nil)
            try #require(screen.size == Size(width: width, height: height))
            // The direct scroll is in use wherever it was compiled in and allowed (both terminals can scroll).
            #expect(
                screen.scrollsDirectly
                    == (direct && cnc_direct_scroll_compiled() == 1 && CursesScreen.allowsDirectScroll()))
            var model = Model(width: width, height: height)
            var counter = 0
            var log: [String] = []
            func draw(_ y: Int, reverse: Bool = false) {
                counter += 1
                let text =
                    "r\(counter) "
                    + String(repeating: "abcdefghij", count: 14).prefix(Int.random(in: 0...width, using: &random))
                let x = Int.random(in: 0...2, using: &random) == 0 ? Int.random(in: 0..<width, using: &random) : 0
                screen.put(String(text), at: Point(x: x, y: y), style: reverse ? .reverse : .plain)
                model.put(String(text.prefix(width - x)), x: x, y: y)
            }
            for y in 0..<height { draw(y) }
            screen.flush()
            var cursor: Point? = nil
            for frame in 0..<Int.random(in: 4...30, using: &random) {
                if height >= 2, Int.random(in: 0..<10, using: &random) < 8 {
                    let top = Int.random(in: 0..<(height - 1), using: &random)
                    let bottom = Int.random(in: (top + 1)..<height, using: &random)
                    let span = bottom - top + 1
                    var lines =
                        Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 1..<span, using: &random) : 1
                    if Bool.random(using: &random) { lines = -lines }
                    // Sometimes a row of the region is drawn first: the copies then differ, and the scroll
                    // must be left to ncurses.
                    if Int.random(in: 0..<5, using: &random) == 0 { draw(Int.random(in: top...bottom, using: &random)) }
                    #expect(screen.scroll(Rect(x: 0, y: top, width: width, height: span), by: lines))
                    model.scroll(top: top, bottom: bottom, by: lines)
                    log.append("frame \(frame): scroll \(top)...\(bottom) by \(lines)")
                    let uncovered = lines > 0 ? (bottom - lines + 1)...bottom : top...(top - lines - 1)
                    for y in uncovered where Bool.random(using: &random) || y == uncovered.lowerBound { draw(y) }
                }
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    draw(Int.random(in: 0..<height, using: &random), reverse: Bool.random(using: &random))
                }
                switch Int.random(in: 0..<6, using: &random) {
                case 0:
                    cursor = Point(
                        x: Int.random(in: 0..<width, using: &random), y: Int.random(in: 0..<height, using: &random))
                case 1: cursor = nil
                default: break
                }
                screen.setCursor(cursor)
                screen.flush()
            }
            let expected = model.lines
            let context =
                "seed \(seed), \(terminal) \(width)x\(height), direct \(direct):\n\(log.joined(separator: "\n"))"
            // First what ncurses holds, then what a terminal shows after the bytes it was sent.
            for y in 0..<height {
                let held = screen.line(y).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                if held != expected[y] {
                    Issue.record("ncurses holds “\(held)” in row \(y), the model has “\(expected[y])”; \(context)")
                    break
                }
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            screen.close()
            try bytes.write(to: directory.appendingPathComponent("played.bin"))
            let session = try TmuxSession(
                width: width, height: height,
                command: "stty -onlcr; cat played.bin; echo > done; exec sleep 600", directory: directory)
            defer { session.close() }
            _ = try session.waitForFile("done")
            #expect(try session.format("#{pane_width}x#{pane_height}") == "\(width)x\(height)")
            let shown = session.capture().split(separator: "\n", omittingEmptySubsequences: false).prefix(height)
                .map(String.init)
            let padded = shown + Array(repeating: "", count: max(0, height - shown.count))
            for y in 0..<height where padded[y] != expected[y] {
                Issue.record("row \(y) shows “\(padded[y])”, the model has “\(expected[y])”; \(context)")
                break
            }
            if let cursor {
                #expect(try session.format("#{cursor_x},#{cursor_y}") == "\(cursor.x),\(cursor.y)", "\(context)")
            }
            if terminal != "vt100" {  // a VT100 cannot hide its cursor
                #expect(try session.format("#{cursor_flag}") == (cursor == nil ? "0" : "1"), "\(context)")
            }
        }

        @Test(.enabled(if: hasTmux, "tmux is not installed"))
        func scrolledScreensMatchTheModelInATerminal() throws {
            for seed in Self.seeds(Self.cases) { try run(seed: seed, direct: true) }
        }

        /// The same cases with the scroll left to ncurses (the option off): the model is right for both.
        @Test(.enabled(if: hasTmux, "tmux is not installed"))
        func scrolledScreensMatchTheModelWhenNcursesFindsTheScroll() throws {
            for seed in Self.seeds(max(1, Self.cases / 4)) { try run(seed: seed, direct: false) }
        }

        /// `TERMTABLE_DIRECT_SCROLL=0` overrules the option at run time: ncurses finds the scroll, and the
        /// screens still match the model.
        @Test(.enabled(if: hasTmux, "tmux is not installed"))
        func theEnvironmentSwitchLeavesTheScrollToNcurses() throws {
            setenv(CursesScreen.directScrollSwitch, "0", 1)
            defer { unsetenv(CursesScreen.directScrollSwitch) }
            #expect(!CursesScreen.allowsDirectScroll())
            for seed in Self.seeds(max(1, Self.cases / 4)) { try run(seed: seed, direct: true) }
        }

        /// The ncurses versions the direct scroll is used on unasked (6.1 to 6.5), and the switch both ways.
        @Test(
            arguments: [
                ("ncurses 6.4.20221231", nil, true), ("ncurses 6.1.20180127", nil, true),
                ("ncurses 6.2.20200212", nil, true), ("ncurses 6.5.20240427", nil, true), ("6.3", nil, true),
                ("ncurses 6.0.20150808", nil, false), ("ncurses 5.9.20110404", nil, false),
                ("ncurses 6.6.20260101", nil, false), ("ncurses 7.1.20300101", nil, false),
                ("ncurses 10.4.1", nil, false), ("ncurses 6", nil, false), ("ncurses", nil, false), ("", nil, false),
                ("ncurses 6.x", nil, false), ("ncurses 6.4.20221231", "0", false),
                ("ncurses 6.4.20221231", "off", false), ("ncurses 6.4.20221231", "FALSE", false),
                ("ncurses 6.4.20221231", "", true), ("ncurses 6.4.20221231", "maybe", true),
                ("ncurses 6.0.20150808", "1", true), ("ncurses 7.1.20300101", "on", true), ("", "yes", true),
                ("ncurses 5.9.20110404", "maybe", false),
            ] as [(String, String?, Bool)])
        nonisolated func directScrollIsAllowedOnTestedVersionsOrWhenAskedFor(
            version: String, value: String?, allowed: Bool
        ) {
            #expect(CursesScreen.allowsDirectScroll(version: version, switch: value) == allowed)
        }
    }
}
