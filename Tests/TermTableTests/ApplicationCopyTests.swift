import Dispatch
import Foundation
import Glibc
import TermTableTesting
import Testing

@testable import TermTable

/// `Application.copy`: what reaches the terminal and what the status says.
@MainActor
struct ApplicationCopyTests {
    func makeApp(_ screen: BufferScreen, clipboard: TerminalClipboard = TerminalClipboard()) -> Application {
        let app = Application(screen: screen, rootView: Label(text: "x"))
        app.clipboard = clipboard
        return app
    }

    /// A copy writes the OSC 52 sequence to the screen, once, and says how much it copied.
    @Test func aCopyWritesOneSequenceToTheTerminal() {
        let screen = BufferScreen(width: 20, height: 2)
        let app = makeApp(screen)
        let result = app.copy("1\tinit\n2\tbash")
        #expect(result == .copied(byteCount: 13))
        #expect(result.message(describing: "2 rows") == "Copied 2 rows (13 B)")
        #expect(screen.controlSequences.map(\.bytes) == [Array("\u{1B}]52;c;MQlpbml0CjIJYmFzaA==\u{07}".utf8)])
    }

    /// In tmux the copy is wrapped for tmux.
    @Test func inTmuxTheCopyIsWrapped() {
        let screen = BufferScreen(width: 20, height: 2)
        let app = makeApp(screen, clipboard: TerminalClipboard(passthrough: .tmux))
        app.copy("hi")
        #expect(
            screen.controlSequences.map(\.bytes) == [Array("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\".utf8)])
    }

    /// A copy over the limit sends nothing and says why, with the limit.
    @Test func aCopyOverTheLimitSendsNothing() {
        let screen = BufferScreen(width: 20, height: 2)
        let app = makeApp(screen)
        let rows = (0..<1_000_000).lazy.map { _ in [String(repeating: "y", count: 99)] }
        let result = app.copy(ClipboardText.tsv(rows))
        #expect(!result.succeeded)
        #expect(
            result.message(describing: "1000000 rows")
                == "Not copied: 1000000 rows come to more than 786.4 KB, the most a copy sends")
        #expect(screen.controlSequences.isEmpty)
    }

    /// A screen with no terminal behind it, or TERM=dumb: nothing is sent and the status says the terminal cannot.
    @Test func aScreenThatCannotTakeItSaysSo() {
        let screen = BufferScreen(width: 20, height: 2)
        screen.acceptsControlSequences = false
        let app = makeApp(screen)
        #expect(app.copy("a").message == "Cannot copy: the output is not a terminal")
        let dumb = makeApp(
            BufferScreen(width: 20, height: 2), clipboard: TerminalClipboard(environment: ["TERM": "dumb"]))
        #expect(dumb.copy("a").message == "Cannot copy: TERM=dumb has no clipboard")
    }

    /// Sizes for people.
    @Test func sizesAreReadable() {
        #expect(CopyResult.copied(byteCount: 1234).message(describing: "3 rows") == "Copied 3 rows (1.2 KB)")
        #expect(CopyResult.copied(byteCount: 999).message == "Copied the text (999 B)")
        #expect(CopyResult.copied(byteCount: 3_400_000).message == "Copied the text (3.4 MB)")
    }
}

extension ProcessStateTests {
    /// A copy on the real terminal: the bytes a pseudo-terminal's reader gets after the frame.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenClipboardTests {
        /// The sequence reaches the terminal after the frame drawn before it, whole; on a screen whose output is
        /// not a terminal nothing is written.
        @Test func theSequenceReachesThePseudoTerminal() throws {
            var master: Int32 = -1
            var slave: Int32 = -1
            try #require(openpty(&master, &slave, nil, nil, nil) == 0)
            defer { Glibc.close(master) }
            // The terminal's side is read on a thread as it comes: a pseudo-terminal holds a few KB, and the copy's
            // write would wait for a reader.
            let received = Locked<[UInt8]>([])
            let done = DispatchSemaphore(value: 0)
            let reader = master
            let text = String(repeating: "copied text ", count: 2000)
            let expected = Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                let deadline = Date().addingTimeInterval(30)
                while Date() < deadline {
                    var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, 200) > 0 else { continue }
                    let count = read(reader, &buffer, buffer.count)
                    if count <= 0 { break }
                    let complete = received.withLock { bytes in
                        bytes += buffer[0..<count]
                        return bytes.ends(with: expected)
                    }
                    if complete { break }
                }
                done.signal()
            }
            let output = try #require(fdopen(slave, "w"))
            let input = try #require(fopen("/dev/null", "r"))
            let screen = try CursesScreen(terminalType: "xterm-256color", input: input, output: output, guardFD: nil)
            screen.put("frame", at: Point(x: 0, y: 0))
            screen.flush()
            let app = Application(screen: screen, rootView: Label(text: "x"))
            app.clipboard = TerminalClipboard()
            #expect(app.copy(text).succeeded)
            done.wait()
            screen.close()
            let bytes = received.withLock { $0 }
            let all = String(decoding: bytes, as: UTF8.self)
            let frame = try #require(all.range(of: "frame"))
            let copy = try #require(all.range(of: "\u{1B}]52;c;"))
            #expect(frame.upperBound <= copy.lowerBound)
            #expect(bytes.ends(with: expected))

            let file = tmpfile()!
            let notATerminal = try CursesScreen(
                terminalType: "xterm-256color", input: fopen("/dev/null", "r")!, output: file, guardFD: nil)
            defer { notATerminal.close() }
            #expect(!notATerminal.writeControlSequence(ControlSequence(bytes: [0x41])))
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

/// The article's copy example ("Themes, colour and copy") copies and says so.
@MainActor
@Test func theArticlesCopyExampleCopiesAndSaysHowMuch() {
    let screen = BufferScreen(width: 20, height: 2)
    let app = Application(screen: screen, rootView: Label(text: "x"))
    app.clipboard = TerminalClipboard()
    let status = Label()
    copyRowsToClipboard([["1", "init"], ["2", "bash"], ["3", "vim"]], in: app, status: status)
    #expect(status.text == "Copied 3 rows (19 B)")
    #expect(screen.controlSequences.count == 1)
}

/// The article's announcement example ("Screen readers"): in the mode the copy's message is on the status line,
/// sent whole, with the terminal's cursor at its start.
@MainActor
@Test func theArticlesAnnounceExampleSaysItOnTheStatusLineWithTheCursorThere() {
    let screen = BufferScreen(width: 30, height: 3)
    let status = Label()
    let app = Application(screen: screen, rootView: VStack([.fill(Label(text: "x")), .fixed(status, height: 1)]))
    app.clipboard = TerminalClipboard()
    app.isAccessible = true
    announceCopy(of: [["1", "init"], ["2", "bash"], ["3", "vim"]], in: app, status: status)
    app.render()
    #expect(screen.lines[2].hasPrefix("Copied 3 rows (19 B)"))
    #expect(screen.cursor == Point(x: 0, y: 2))
    #expect(screen.linesRewritten == [2])
}
