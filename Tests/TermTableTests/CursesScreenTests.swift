import CNcursesw
import Foundation
import Glibc
import Testing

@testable import TermTable

extension ProcessStateTests {
    /// `CursesScreen` opened headless: ncurses draws into its own buffers on /dev/null,
    /// which `cell(at:)` and `line(_:)` read back.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenTests {
        /// Opens ncurses for xterm-256color on `/dev/null` (or on `outputPath`), with no terminal guard.
        func open(options: CursesScreen.Options = .init(), outputPath: String = "/dev/null") throws -> CursesScreen {
            let output = try #require(fopen(outputPath, "w"), "cannot open \(outputPath) for writing")
            let input = try #require(fopen("/dev/null", "r"), "cannot open /dev/null")
            return try CursesScreen(
                terminalType: "xterm-256color", input: input, output: output,
                options: options, guardFD: nil)
        }

        /// Opens a screen and gives it a known size, whatever LINES and COLUMNS say.
        func open(width: Int, height: Int, options: CursesScreen.Options = .init()) throws -> CursesScreen {
            let screen = try open(options: options)
            screen.resize(to: Size(width: width, height: height))
            _ = screen.nextEvent(timeout: .zero)  // the KEY_RESIZE that resizeterm queues
            return screen
        }

        func lines(of screen: CursesScreen) -> [String] {
            (0..<screen.size.height).map { screen.line($0) }
        }

        /// Runs `body` with the environment variable `name` set to `value` (unset when nil), then puts it back.
        func withEnvironment<T>(_ name: String, _ value: String?, _ body: () throws -> T) rethrows -> T {
            let saved = getenv(name).map { String(cString: $0) }
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
            defer {
                if let saved { setenv(name, saved, 1) } else { unsetenv(name) }
            }
            return try body()
        }

        // MARK: Opening and closing

        @Test func sizeOnDevNullComesFromTheEnvironmentOrTerminfo() throws {
            // Not a terminal, so no TIOCGWINSZ: ncurses takes LINES/COLUMNS, else xterm-256color's lines#24 cols#80.
            func number(_ name: String) -> Int? {
                getenv(name).flatMap { Int(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil }
            }
            let expected = Size(width: number("COLUMNS") ?? 80, height: number("LINES") ?? 24)
            let screen = try open()
            defer { screen.close() }
            #expect(screen.size == expected)
            #expect(!TerminalGuard.isActive)
            #expect(
                lines(of: screen)
                    == Array(
                        repeating: String(repeating: " ", count: expected.width),
                        count: expected.height))
        }

        @Test func sizeFollowsLinesAndColumnsFromTheEnvironment() throws {
            let screen = try withEnvironment("LINES", "7") {
                try withEnvironment("COLUMNS", "33") { try open() }
            }
            defer { screen.close() }
            #expect(screen.size == Size(width: 33, height: 7))
        }

        @Test func closingTwiceIsHarmless() throws {
            let screen = try open(width: 10, height: 2)
            screen.put("bye", at: .zero)
            screen.flush()
            screen.close()
            screen.close()
            // A new screen opens fine afterwards and starts blank.
            let again = try open(width: 10, height: 2)
            defer { again.close() }
            #expect(lines(of: again) == ["          ", "          "])
        }

        @Test func unknownTerminalTypeThrows() throws {
            let output = try #require(fopen("/dev/null", "w"))
            let input = try #require(fopen("/dev/null", "r"))
            #expect(throws: CursesScreen.OpenError.self) {
                _ = try CursesScreen(terminalType: "no-such-terminal-type", input: input, output: output, guardFD: nil)
            }
        }

        @Test(arguments: ["dumb"])
        func aTerminalTypeThatCannotAddressTheCursorIsRefused(terminalType: String) throws {
            let output = try #require(fopen("/dev/null", "w"))
            let input = try #require(fopen("/dev/null", "r"))
            do {
                _ = try CursesScreen(terminalType: terminalType, input: input, output: output, guardFD: nil)
                Issue.record("TERM=\(terminalType) was accepted")
            } catch let error as CursesScreen.OpenError {
                guard case .cannotAddressCursor(terminalType) = error else {
                    Issue.record("wrong error: \(error)")
                    return
                }
                #expect(error.description.contains("cannot move the cursor (no `cup` capability)"))
            }
            // A good type still opens afterwards: the probe left ncurses' current terminal alone.
            let again = try open(width: 10, height: 2)
            defer { again.close() }
            #expect(lines(of: again) == ["          ", "          "])
        }

        @Test func theTerminalTypeInAnErrorIsSanitised() {
            let error = CursesScreen.OpenError.unsupportedTerminal("x\u{1B}]0;pwned\u{07}")
            #expect(
                !error.description.unicodeScalars.contains { $0.value < 0x20 }, "\(error.description.debugDescription)")
        }

        // MARK: Text and attributes

        @Test func putTextWithAttributes() throws {
            let screen = try open(width: 20, height: 3)
            defer { screen.close() }
            screen.put("bold", at: Point(x: 0, y: 0), style: .bold)
            screen.put("under", at: Point(x: 5, y: 0), style: .underline)
            screen.put("rev", at: Point(x: 11, y: 0), style: .reverse)
            screen.put("dim", at: Point(x: 15, y: 0), style: .dim)
            screen.put("it", at: Point(x: 0, y: 1), style: Style(attributes: .italic))
            screen.put("blink", at: Point(x: 3, y: 1), style: Style(attributes: .blink))
            screen.put("all", at: Point(x: 9, y: 1), style: Style(attributes: [.bold, .underline, .reverse]))
            screen.put("plain", at: Point(x: 0, y: 2))
            screen.flush()
            #expect(
                lines(of: screen) == [
                    "bold under rev dim  ",
                    "it blink all        ",
                    "plain               ",
                ])
            #expect(screen.cell(at: Point(x: 0, y: 0)).style == .bold)
            #expect(screen.cell(at: Point(x: 3, y: 0)).style == .bold)
            #expect(screen.cell(at: Point(x: 4, y: 0)).style == .plain)
            #expect(screen.cell(at: Point(x: 9, y: 0)).style == .underline)
            #expect(screen.cell(at: Point(x: 11, y: 0)).style == .reverse)
            #expect(screen.cell(at: Point(x: 17, y: 0)).style == .dim)
            #expect(screen.cell(at: Point(x: 1, y: 1)).style == Style(attributes: .italic))
            #expect(screen.cell(at: Point(x: 3, y: 1)).style == Style(attributes: .blink))
            #expect(screen.cell(at: Point(x: 11, y: 1)).style == Style(attributes: [.bold, .underline, .reverse]))
            #expect(screen.cell(at: Point(x: 0, y: 2)) == ("p", .plain))
        }

        @Test func coloursAreReadBackAsPaletteIndices() throws {
            let screen = try withEnvironment("NO_COLOR", nil) { try open(width: 12, height: 2) }
            defer { screen.close() }
            #expect(screen.colorsEnabled)
            let warning = Style(foreground: .red, background: .palette(200), attributes: .bold)
            screen.put("red", at: Point(x: 0, y: 0), style: warning)
            screen.put("bg", at: Point(x: 4, y: 0), style: Style(background: .green))
            screen.put("gray", at: Point(x: 7, y: 0), style: Style(foreground: .gray))
            screen.put("日", at: Point(x: 0, y: 1), style: Style(foreground: .palette(33)))
            screen.put("x", at: Point(x: 3, y: 1), style: .plain)
            screen.flush()
            #expect(lines(of: screen) == ["red bg gray ", "日 x        "])
            #expect(
                screen.cell(at: Point(x: 2, y: 0)).style
                    == Style(foreground: .palette(1), background: .palette(200), attributes: .bold))
            #expect(screen.cell(at: Point(x: 5, y: 0)).style == Style(foreground: .default, background: .palette(2)))
            #expect(screen.cell(at: Point(x: 7, y: 0)).style == Style(foreground: .palette(8)))
            #expect(screen.cell(at: Point(x: 0, y: 1)).style == Style(foreground: .palette(33)))
            #expect(screen.cell(at: Point(x: 3, y: 1)).style == .plain)
            #expect(screen.cell(at: Point(x: 11, y: 1)).style == .plain)
        }

        @Test func asciiTextKeepsColourPairsAbove255() throws {
            // A chtype holds 8 bits of colour pair: ASCII runs drawn in pair 256 and up once wrapped to pair 0-255.
            let screen = try withEnvironment("NO_COLOR", nil) { try open(width: 20, height: 16) }
            defer { screen.close() }
            let styles = (0..<300).map {
                Style(foreground: .palette(UInt8($0 % 256)), background: .palette(UInt8($0 / 256 + 1)))
            }
            for (index, style) in styles.enumerated() {
                screen.put("ab", at: Point(x: (index % 10) * 2, y: index / 10 % 16), style: style)
            }
            screen.flush()
            for index in 140..<300 {
                let point = Point(x: (index % 10) * 2 + 1, y: index / 10 % 16)
                // Without extended colours (ABI 5) a cell holds pairs up to 255: later styles draw in the default
                // colours, never in another pair's.
                let expected = cnc_has_extended_colors() == 1 || index < 255 ? styles[index] : .plain
                #expect(screen.cell(at: point) == ("b", expected), "style \(index)")
            }
        }

        @Test func noColorTurnsColoursOffButKeepsAttributes() throws {
            let screen = try withEnvironment("NO_COLOR", "1") { try open(width: 6, height: 1) }
            defer { screen.close() }
            #expect(!screen.colorsEnabled)
            screen.put("red", at: .zero, style: Style(foreground: .red, attributes: .underline))
            #expect(screen.line(0) == "red   ")
            #expect(screen.cell(at: Point(x: 1, y: 0)).style == Style(attributes: .underline))
        }

        @Test func colorsOptionOffTurnsColoursOff() throws {
            var options = CursesScreen.Options()
            options.colors = false
            let screen = try withEnvironment("NO_COLOR", nil) { try open(width: 6, height: 1, options: options) }
            defer { screen.close() }
            #expect(!screen.colorsEnabled)
            screen.put("x", at: .zero, style: Style(background: .blue))
            #expect(screen.cell(at: .zero) == ("x", .plain))
        }

        // MARK: Clipping and wide characters

        @Test func clippingAtEveryEdge() throws {
            let screen = try open(width: 8, height: 3)
            defer { screen.close() }
            screen.put("abcdefgh", at: Point(x: -3, y: 0))
            screen.put("abcdefgh", at: Point(x: 5, y: 1))
            screen.put("top", at: Point(x: 0, y: -1))
            screen.put("bottom", at: Point(x: 0, y: 3))
            screen.put("abcdefgh", at: Point(x: 0, y: 2), clippedTo: 2..<5, style: .plain)
            screen.put("far", at: Point(x: 0, y: 2), clippedTo: 10..<20, style: .plain)  // right of the screen
            screen.put("日本", at: Point(x: 0, y: 2), clippedTo: 30..<40, style: .plain)
            screen.put("far", at: Point(x: 9, y: 2))
            screen.flush()
            #expect(lines(of: screen) == ["defgh   ", "     abc", "  cde   "])
        }

        @Test func wideCharactersAndTheLastColumn() throws {
            let screen = try open(width: 6, height: 3)
            defer { screen.close() }
            screen.put("a日本", at: Point(x: 0, y: 0), style: .bold)
            screen.put("abcde日", at: Point(x: 0, y: 1))
            screen.put("👍", at: Point(x: 5, y: 2))
            screen.flush()
            #expect(lines(of: screen) == ["a日本 ", "abcde ", "      "])
            #expect((0..<6).map { screen.cell(at: Point(x: $0, y: 0)).text } == ["a", "日", "", "本", "", " "])
            #expect(screen.cell(at: Point(x: 2, y: 0)).style == .bold)
            // Nothing wrapped onto the next line.
            #expect(screen.cell(at: Point(x: 0, y: 2)).text == " ")
        }

        @Test func wideCharactersCutByTheClipRange() throws {
            let screen = try open(width: 10, height: 2)
            defer { screen.close() }
            screen.fill(Rect(x: 0, y: 0, width: 10, height: 2), with: ".", style: .plain)
            screen.put("日本語", at: Point(x: 0, y: 0), clippedTo: 1..<5, style: .bold)
            screen.put("日本語", at: Point(x: -1, y: 1), style: .plain)
            screen.flush()
            #expect(lines(of: screen) == [". 本 .....", " 本語....."])
            #expect(screen.cell(at: Point(x: 1, y: 0)) == (" ", .bold))
            #expect(screen.cell(at: Point(x: 4, y: 0)) == (" ", .bold))
            #expect(screen.cell(at: Point(x: 5, y: 0)) == (".", .plain))
        }

        @Test func combiningMarks() throws {
            let screen = try open(width: 10, height: 1)
            defer { screen.close() }
            // Decomposed é, か with a combining voiced mark (after a wide character), a keycap.
            screen.put("e\u{301}か\u{3099}1\u{FE0F}\u{20E3}z", at: .zero)
            screen.flush()
            #expect(screen.cell(at: Point(x: 0, y: 0)).text.unicodeScalars.map(\.value) == [0x65, 0x301])
            #expect(screen.cell(at: Point(x: 1, y: 0)).text.unicodeScalars.map(\.value) == [0x304B, 0x3099])
            #expect(screen.cell(at: Point(x: 2, y: 0)).text == "")
            #expect(screen.cell(at: Point(x: 3, y: 0)).text.unicodeScalars.map(\.value) == [0x31, 0x20E3])
            #expect(screen.cell(at: Point(x: 4, y: 0)).text == "z")
            #expect(screen.line(0) == "e\u{301}か\u{3099}1\u{20E3}z     ")
        }

        /// The same drawing on a `BufferScreen` and a `CursesScreen` gives the same lines,
        /// including writes over half of a wide character.
        @Test func drawsLikeABufferScreen() throws {
            let curses = try open(width: 12, height: 6)
            defer { curses.close() }
            let buffer = BufferScreen(width: 12, height: 6)
            for screen in [curses, buffer] as [any Screen] {
                screen.put("日本語テキスト", at: Point(x: 0, y: 0), style: .bold)
                screen.put("x", at: Point(x: 1, y: 0), style: .plain)  // right half of 日
                screen.put("y", at: Point(x: 4, y: 0), style: .plain)  // left half of 語
                screen.put("日本語", at: Point(x: 0, y: 1), style: .plain)
                screen.put("中", at: Point(x: 1, y: 1), style: .plain)  // halves of 日 and 本
                screen.put("éa", at: Point(x: 4, y: 1), style: .plain)  // left half of 語, non-ASCII path
                screen.fill(Rect(x: 0, y: 2, width: 7, height: 2), with: "日", style: .reverse)
                screen.fill(Rect(x: 3, y: 3, width: 2, height: 1), with: "-", style: .plain)
                screen.put("a\u{1B}[31mb\u{7}c", at: Point(x: 0, y: 4), style: .plain)
                screen.put("👍🏽👨‍👩‍👧🇯🇵!", at: Point(x: 2, y: 5), clippedTo: 0..<11, style: .plain)
            }
            curses.flush()
            #expect(lines(of: curses) == buffer.lines)
            #expect(
                buffer.lines == [
                    " x本y テキス",
                    " 中 éa      ",
                    "日日日      ",
                    "日 --       ",
                    "a␛[31mb␇c   ",
                    "  👍👨🇯🇵!   ",
                ])
            // Cell by cell too, except the last line: ncurses keeps the two regional
            // indicators of a flag in two cells, the buffer in one wide cell.
            for y in 0..<5 {
                for x in 0..<12 {
                    let point = Point(x: x, y: y)
                    #expect(curses.cell(at: point).text == buffer.cell(at: point).text, "text at \(point)")
                    #expect(curses.cell(at: point).style == buffer.style(at: point), "style at \(point)")
                }
            }
        }

        // MARK: Sanitising

        @Test func controlCharactersNeverReachTheCells() throws {
            let screen = try open(width: 24, height: 3)
            defer { screen.close() }
            screen.put("a\u{1B}[2Jb\u{1B}]0;evil\u{07}", at: Point(x: 0, y: 0))
            screen.put("\u{9B}31m\u{202E}rtl\u{2066}\u{7F}\u{0}", at: Point(x: 0, y: 1))
            screen.fill(Rect(x: 0, y: 2, width: 3, height: 1), with: "\u{1B}", style: .plain)
            screen.flush()
            #expect(
                lines(of: screen) == [
                    "a␛[2Jb␛]0;evil␇" + String(repeating: " ", count: 9),
                    "\u{FFFD}31m\u{FFFD}rtl\u{FFFD}␡␀" + String(repeating: " ", count: 13),
                    "␛␛␛" + String(repeating: " ", count: 21),
                ])
            for y in 0..<3 {
                for x in 0..<24 {
                    let scalars = screen.cell(at: Point(x: x, y: y)).text.unicodeScalars
                    #expect(
                        !scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                        "control character at (\(x), \(y))")
                }
            }
        }

        @Test func flushSendsOnlySanitisedTextToTheTerminal() throws {
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("termtable-curses-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
            defer { unlink(path) }
            let screen = try open(outputPath: path)
            screen.put("hello \u{1B}]52;c;ZXZpbA==\u{07} \u{1B}[2J", at: Point(x: 0, y: 0))
            screen.flush()
            screen.close()
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let output = String(decoding: bytes, as: UTF8.self)
            #expect(output.contains("hello ␛]52;c;ZXZpbA==␇ ␛[2J"))
            #expect(!output.contains("\u{1B}]52"))
            #expect(!output.contains("\u{07}"))
            // Full-screen mode was entered and left.
            #expect(output.contains("\u{1B}[?1049h"))
            #expect(output.contains("\u{1B}[?1049l"))
        }

        // MARK: Resize

        @Test func resizeChangesTheSizeAndKeepsTheContents() throws {
            let screen = try open(width: 10, height: 4)
            defer { screen.close() }
            #expect(screen.size == Size(width: 10, height: 4))
            screen.put("top left", at: .zero)
            screen.put("日本語テキ", at: Point(x: 0, y: 1))
            screen.resize(to: Size(width: 30, height: 10))
            #expect(screen.size == Size(width: 30, height: 10))
            #expect(screen.nextEvent(timeout: .zero) == .resize(Size(width: 30, height: 10)))
            screen.put("bottom", at: Point(x: 24, y: 9))
            screen.put("gone", at: Point(x: 0, y: 10))
            #expect(screen.line(0) == "top left" + String(repeating: " ", count: 22))
            #expect(screen.line(1) == "日本語テキ" + String(repeating: " ", count: 20))
            #expect(screen.line(9) == String(repeating: " ", count: 24) + "bottom")
            screen.resize(to: Size(width: 5, height: 2))
            #expect(screen.size == Size(width: 5, height: 2))
            #expect(lines(of: screen) == ["top l", "日本 "])
        }

        @Test func noInputOnDevNull() throws {
            let screen = try open(width: 4, height: 1)
            defer { screen.close() }
            #expect(screen.nextEvent(timeout: .milliseconds(5)) == nil)
        }
    }
}
