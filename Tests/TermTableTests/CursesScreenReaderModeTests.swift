import Foundation
import Glibc
import Testing

@testable import TermTable

extension ProcessStateTests {
    /// The screen-reader mode on the bytes ncurses writes: set in code it draws what `TERMTABLE_ACCESSIBLE=1`
    /// draws, and an announcement's line is sent whole.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenReaderModeTests {
        /// A 30x6 app on ncurses writing to a socket: a table in a box beside a blinking label, and a status line.
        @MainActor
        struct Terminal {
            let screen: CursesScreen
            let app: Application
            let status: Label
            let source: NumbersSource
            let descriptor: Int32

            /// What the terminal was sent since the last call.
            func sent() -> String {
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                    if count <= 0 { break }
                    bytes += buffer[..<count]
                }
                return String(decoding: bytes, as: UTF8.self)
            }

            func close() {
                screen.close()
                Glibc.close(descriptor)
            }
        }

        /// Opens the terminal with `TERMTABLE_ACCESSIBLE` set to `environment` (nil: unset) while the screen opens.
        func open(environment: String?) throws -> Terminal {
            var pair: [Int32] = [0, 0]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            var size = 1 << 20
            setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int>.size))
            let output = try #require(fdopen(pair[0], "w"))
            let input = try #require(fopen("/dev/null", "r"))
            var options = CursesScreen.Options()
            options.mouse = false
            options.bracketedPaste = false
            options.colorDepth = .ansi16
            let saved = getenv("TERMTABLE_ACCESSIBLE").map { String(cString: $0) }
            let savedASCII = getenv("TERMTABLE_ASCII").map { String(cString: $0) }
            if let environment {
                setenv("TERMTABLE_ACCESSIBLE", environment, 1)
            } else {
                unsetenv("TERMTABLE_ACCESSIBLE")
            }
            unsetenv("TERMTABLE_ASCII")
            defer {
                if let saved { setenv("TERMTABLE_ACCESSIBLE", saved, 1) } else { unsetenv("TERMTABLE_ACCESSIBLE") }
                if let savedASCII { setenv("TERMTABLE_ASCII", savedASCII, 1) }
            }
            let screen = try CursesScreen(
                terminalType: "xterm-256color", input: input, output: output, options: options, guardFD: nil)
            screen.resize(to: Size(width: 30, height: 6))
            let source = NumbersSource(rows: 10)
            let table = makeTable(source, width: 1, height: 1)
            let blinking = Label(text: "live")
            blinking.textStyle = Style(attributes: [.bold, .blink])
            let status = Label(text: "q quits")
            let root = VStack([
                .fill(HStack([.fill(Box(title: "Rows", content: table)), .fixed(blinking, width: 5)])),
                .fixed(status, height: 1),
            ])
            let app = Application(screen: screen, rootView: root)
            app.announcementView = status
            let terminal = Terminal(screen: screen, app: app, status: status, source: source, descriptor: pair[1])
            _ = terminal.sent()
            return terminal
        }

        @Test func theModeSetInCodeSendsWhatTheEnvironmentVariableSends() throws {
            let fromEnvironment = try open(environment: "1")
            #expect(fromEnvironment.app.isAccessible)
            fromEnvironment.app.render()
            let environmentBytes = fromEnvironment.sent()
            fromEnvironment.close()

            let inCode = try open(environment: nil)
            #expect(!inCode.app.isAccessible)
            inCode.app.isAccessible = true
            inCode.app.render()
            let codeBytes = inCode.sent()
            inCode.close()

            let plain = try open(environment: nil)
            plain.app.render()
            let plainBytes = plain.sent()
            plain.close()

            #expect(
                codeBytes == environmentBytes, "\(codeBytes.debugDescription)\n\(environmentBytes.debugDescription)")
            #expect(!codeBytes.contains("│") && !codeBytes.contains("┌") && !codeBytes.contains("|"))
            #expect(!codeBytes.contains(";5m"), "no blink: \(codeBytes.debugDescription)")
            #expect(codeBytes.contains(" Rows "))
            #expect(plainBytes.contains(";5m") || plainBytes.contains("[5m"), "blink outside the mode")
            #expect(plainBytes != codeBytes)
        }

        /// An announcement of the text already on the status line sends all of it again in the mode (ncurses would
        /// send nothing for an unchanged line), and only the changed cells outside it.
        @Test func anAnnouncementSendsItsLineWhole() throws {
            for accessible in [true, false] {
                let terminal = try open(environment: nil)
                defer { terminal.close() }
                terminal.app.isAccessible = accessible
                terminal.app.announce("Copied 1 row (6 B)")
                terminal.app.render()
                let first = terminal.sent()
                #expect(first.contains("Copied 1 row (6 B)"), "\(first.debugDescription)")
                terminal.app.handle(.key(Key("j")))
                terminal.app.render()
                _ = terminal.sent()
                terminal.app.announce("Copied 1 row (7 B)")
                terminal.app.render()
                let again = terminal.sent()
                if accessible {
                    #expect(again.contains("Copied 1 row (7 B)"), "the whole line: \(again.debugDescription)")
                } else {
                    #expect(!again.contains("Copied"), "the changed cell only: \(again.debugDescription)")
                    #expect(again.contains("7"))
                }
            }
        }
    }
}
