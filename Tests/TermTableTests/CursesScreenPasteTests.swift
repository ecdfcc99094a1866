import CNcursesw
import Foundation
import Glibc
import Testing

@testable import TermTable

extension ProcessStateTests {
    /// Bracketed paste through ncurses: the terminal's marks around pasted text, read from a pipe.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenPasteTests {
        /// A screen for `terminalType` reading the bytes `input` (through a pipe) and writing to `outputPath`.
        func open(
            _ terminalType: String = "xterm-256color", input bytes: String, outputPath: String = "/dev/null",
            options: CursesScreen.Options = .init()
        ) throws -> CursesScreen {
            var fds: [Int32] = [-1, -1]
            #expect(pipe(&fds) == 0)
            var data = Array(bytes.utf8)
            #expect(write(fds[1], &data, data.count) == data.count)
            close(fds[1])
            let input = try #require(fdopen(fds[0], "r"))
            let output = try #require(fopen(outputPath, "w"))
            return try CursesScreen(
                terminalType: terminalType, input: input, output: output, options: options, guardFD: nil)
        }

        /// Every event the screen has, until it has none.
        func events(_ screen: CursesScreen) -> [InputEvent] {
            var events: [InputEvent] = []
            while let event = screen.nextEvent(timeout: .milliseconds(100)) { events.append(event) }
            return events
        }

        @Test func pastedTextBetweenTheMarksIsOnePasteEvent() throws {
            // ESC O A is the up arrow (xterm's keypad mode): a key inside a paste is not text.
            let screen = try open(input: "a\u{1B}[200~line one\nq\u{E9}\u{1B}OA\u{1B}[201~b\u{1B}[200~\u{1B}[201~c")
            defer { screen.close() }
            #expect(events(screen) == [.key(Key("a")), .paste("line one\nq\u{E9}"), .key(Key("b")), .key(Key("c"))])
        }

        @Test func anEscapeEndsAPasteWhoseClosingMarkIsLost() throws {
            let screen = try open(input: "\u{1B}[200~abc\u{1B}")
            defer { screen.close() }
            #expect(events(screen) == [.paste("abc")])
            #expect(!screen.pasting)
        }

        @Test func aClosingMarkAloneIsNothing() throws {
            let screen = try open(input: "\u{1B}[201~x")
            defer { screen.close() }
            #expect(events(screen) == [.key(Key("x"))])
        }

        @Test func theModeIsTurnedOnAtTheStartAndOffAtTheEnd() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(getpid()).out").path
            defer { unlink(path) }
            let screen = try open(input: "", outputPath: path)
            screen.close()
            let written = try String(contentsOfFile: path, encoding: .utf8)
            let on = try #require(written.range(of: "\u{1B}[?2004h"))
            let off = try #require(written.range(of: "\u{1B}[?2004l"))
            #expect(on.upperBound <= off.lowerBound)
        }

        @Test func aTerminalWithoutTheModeIsNotAskedForIt() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("paste-vt-\(getpid()).out").path
            defer { unlink(path) }
            let screen = try open("vt100", input: "\u{1B}[200~x", outputPath: path)
            let events = events(screen)
            screen.close()
            #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("2004"))
            #expect(!events.contains { if case .paste = $0 { true } else { false } })
        }
    }
}
