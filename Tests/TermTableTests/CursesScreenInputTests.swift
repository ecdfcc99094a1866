import CNcursesw
import Foundation
import Glibc
import TermTableTestSupport
import Testing

@testable import TermTable

extension ProcessStateTests {
    /// Input decoded from raw bytes through ncurses (read from a pipe): UTF-8 with bad bytes in it, and SGR mouse
    /// reports whatever the terminal type's `kmous` says.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenInputTests {
        /// A screen for `terminalType` reading `bytes` (through a pipe) and writing to `outputPath`.
        func open(
            _ terminalType: String = "xterm-256color", bytes: [UInt8], outputPath: String = "/dev/null"
        ) throws -> CursesScreen {
            var fds: [Int32] = [-1, -1]
            #expect(pipe(&fds) == 0)
            var data = bytes
            #expect(write(fds[1], &data, data.count) == data.count)
            close(fds[1])
            let input = try #require(fdopen(fds[0], "r"))
            let output = try #require(fopen(outputPath, "w"))
            return try CursesScreen(terminalType: terminalType, input: input, output: output, guardFD: nil)
        }

        /// Every event the screen has, until it has none.
        func events(_ screen: CursesScreen) -> [InputEvent] {
            var events: [InputEvent] = []
            while let event = screen.nextEvent(timeout: .milliseconds(100)) { events.append(event) }
            return events
        }

        /// The characters of key events, as the scalars they are.
        func scalars(_ events: [InputEvent]) -> [Unicode.Scalar] {
            events.flatMap { event -> [Unicode.Scalar] in
                guard case .key(let key) = event, let character = key.character else { return [] }
                return Array(character.unicodeScalars)
            }
        }

        /// `ab\xFFcd` used to read as `a`, `b` and nothing more: ncurses' `wget_wch` went on collecting bytes
        /// after the bad one until the input paused, then gave up with all of them.
        @Test func aBadByteReadsAsAReplacementCharacterAndTheRestIsKept() throws {
            let screen = try open(bytes: Array("ab".utf8) + [0xFF] + Array("cd".utf8))
            defer { screen.close() }
            #expect(events(screen) == ["a", "b", "\u{FFFD}", "c", "d"].map { .key(Key($0)) })
        }

        /// tmux, GNU screen and the Linux console send `ESC[1~` and `ESC[4~` for Home and End, which
        /// `xterm-256color` (a `TERM` often set inside tmux) does not name: they arrived as Alt+[, `1`, `~`.
        @Test(arguments: ["xterm-256color", "tmux-256color", "linux", "vt100", "vt220"])
        func homeAndEndFromTmuxXtermAndRxvtAreHomeAndEnd(terminalType: String) throws {
            let sequences = [
                "\u{1B}[1~", "\u{1B}[4~", "\u{1B}OH", "\u{1B}OF", "\u{1B}[H", "\u{1B}[F", "\u{1B}[7~", "\u{1B}[8~",
            ]
            let screen = try open(terminalType, bytes: Array(sequences.joined().utf8) + Array("x".utf8))
            defer { screen.close() }
            let expected: [InputEvent] = [.home, .end, .home, .end, .home, .end, .home, .end].map { .key($0) }
            #expect(events(screen) == expected + [.key(Key("x"))])
        }

        /// The hostile pass's line: a NUL, two bad bytes, a lead byte cut short, then text and escape sequences.
        @Test func badBytesAmongControlsAndEscapesLoseNothingAfterThem() throws {
            let bytes = Array("err".utf8) + [0x00] + Array("or".utf8) + [0xFF, 0xFE, 0xC3] + Array("db\u{1B}[2J".utf8)
            let screen = try open(bytes: bytes)
            defer { screen.close() }
            let expected: [InputEvent] =
                ["e", "r", "r"].map { .key(Key($0)) } + [.key(Key(.character(" "), modifiers: .control))]
                + ["o", "r", "\u{FFFD}", "\u{FFFD}", "\u{FFFD}", "d", "b"].map { .key(Key($0)) }
                + [.key(Key(.character("["), modifiers: .alt)), .key(Key("2")), .key(Key("J"))]
            #expect(events(screen) == expected)
        }

        /// A pasted bad byte is one U+FFFD in the paste, which goes on after it (it used to stop there).
        @Test func aPasteWithABadByteKeepsTheRest() throws {
            let screen = try open(bytes: Array("\u{1B}[200~ab".utf8) + [0xFF] + Array("cd\u{1B}[201~x".utf8))
            defer { screen.close() }
            #expect(events(screen) == [.paste("ab\u{FFFD}cd"), .key(Key("x"))])
        }

        /// Keys that arrive together reach a text field as one edit, bad byte and all.
        @Test func aBatchWithABadByteReachesATextFieldWhole() throws {
            let screen = try open(bytes: Array("ab".utf8) + [0xFF] + Array("cd".utf8))
            defer { screen.close() }
            let field = TextField(text: "", frame: Rect(x: 0, y: 0, width: 10, height: 1))
            let app = Application(screen: screen, rootView: field)
            app.handle(events(screen))
            #expect(field.text == "ab\u{FFFD}cd")
        }

        /// Random bytes (printable ASCII and every byte from 0x80 up, so overlong forms, surrogates, values past
        /// U+10FFFF and cut sequences) read as Swift decodes them: one U+FFFD for each maximal bad subsequence.
        @Test func randomBytesReadAsSwiftDecodesThem() throws {
            var random = SeededRandom(seed: 17)
            let pool = Array(UInt8(0x20)...UInt8(0x7E)) + Array(UInt8(0x80)...UInt8(0xFF))
            for _ in 0..<20 {
                let bytes = (0..<300).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
                let screen = try open(bytes: bytes)
                let read = scalars(events(screen))
                screen.close()
                let expected = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
                #expect(read == expected, "bytes \(bytes.map { String($0, radix: 16) })")
            }
        }

        /// An Escape followed at once by a function key is both keys (the key used to be lost).
        @Test func anEscapeBeforeAFunctionKeyKeepsTheKey() throws {
            let screen = try open(bytes: Array("\u{1B}\u{1B}OA".utf8))
            defer { screen.close() }
            #expect(events(screen) == [.key(.escape), .key(.up)])
        }

        /// SGR mouse reports (`ESC [ < b ; x ; y M/m`) are read under `screen` (tmux's default TERM), whose
        /// `kmous` is X10's `ESC [ M`: they used to arrive as keys (`alt-[`, `<`, `0`, `;`… and `M`, which is
        /// Shift-m). (Where `kmous` is SGR's, under `xterm-256color`, ncurses reads them itself.)
        @Test func sgrMouseReportsAreReadWhateverTheTerminalTypeSays() throws {
            let reports =
                "\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<64;1;1M\u{1B}[<65;2;2M\u{1B}[<2;7;4M\u{1B}[<2;7;4m"
                + "\u{1B}[<16;3;3Mx"
            let screen = try open("screen", bytes: Array(reports.utf8))
            defer { screen.close() }
            #expect(
                events(screen) == [
                    .mouse(MouseEvent(.press, at: Point(x: 4, y: 2))),
                    .mouse(MouseEvent(.release, at: Point(x: 4, y: 2))),
                    .mouse(MouseEvent(.wheelUp, button: .none, at: Point(x: 0, y: 0))),
                    .mouse(MouseEvent(.wheelDown, button: .none, at: Point(x: 1, y: 1))),
                    .mouse(MouseEvent(.press, button: .right, at: Point(x: 6, y: 3))),
                    .mouse(MouseEvent(.release, button: .right, at: Point(x: 6, y: 3))),
                    .mouse(MouseEvent(.press, at: Point(x: 2, y: 2), modifiers: .control)),
                    .key(Key("x")),
                ])
        }

        /// A motion report is skipped; a report cut short gives back the character that broke it, and a number
        /// longer than any screen ends the report (five digits at most).
        @Test func motionAndBrokenSGRReportsLoseNoKeys() throws {
            let input = "\u{1B}[<35;9;9Ma\u{1B}[<0;5xb\u{1B}[<0;1234567;1Mc"
            let screen = try open("screen", bytes: Array(input.utf8))
            defer { screen.close() }
            #expect(events(screen) == ["a", "x", "b", "6", "7", ";", "1", "M", "c"].map { .key(Key($0)) })
        }

        /// Under `screen` the terminal is asked for SGR reports at the start and no more at the end.
        @Test func sgrReportsAreAskedForAndStoppedUnderScreen() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("sgr-\(getpid()).out").path
            defer { unlink(path) }
            let screen = try open("screen", bytes: [], outputPath: path)
            screen.close()
            let written = try String(contentsOfFile: path, encoding: .utf8)
            let on = try #require(written.range(of: "\u{1B}[?1006h"))
            let off = try #require(written.range(of: "\u{1B}[?1006l"))
            #expect(on.upperBound <= off.lowerBound)
        }
    }
}
