import CNcursesw
import Foundation
import Glibc
import Testing

@testable import TermTable

extension ProcessStateTests {
    /// One theme drawn by ncurses at each colour depth: the escape sequences the terminal gets.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenColorDepthTests {
        /// A theme with an RGB accent and a palette mark, drawn as a bold accent label and a marked label.
        static let theme: Theme = {
            var theme = Theme.dark
            theme[.accent] = Style(foreground: .rgb(0xFF, 0x88, 0x00), attributes: .bold)
            theme[.mark] = Style(foreground: .palette(196), background: .rgb(0x20, 0x20, 0x20))
            return theme
        }()

        /// A direct-colour terminfo entry (`xterm-256color` with `colors#0x1000000`, `RGB` and an `setaf` that
        /// writes `38;2;r;g;b`), compiled with `tic` into a temporary directory named by `TERMINFO`: the system
        /// may have no `*-direct` entry installed.
        static func compileDirectEntry() throws -> String {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-\(UUID())").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let source = directory + "/tt-direct.src"
            let rgb = "%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d"
            try """
            tt-direct|TermTable test direct colour,
            \tcolors#0x1000000, pairs#0x10000, RGB, ccc@, initc@,
            \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38;2;\(rgb)%;m,
            \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48;2;\(rgb)%;m,
            \tuse=xterm-256color,

            """.write(toFile: source, atomically: true, encoding: .utf8)
            let tic = Process()
            tic.executableURL = URL(fileURLWithPath: "/usr/bin/tic")
            tic.arguments = ["-x", "-o", directory, source]
            tic.standardError = FileHandle.nullDevice
            try tic.run()
            tic.waitUntilExit()
            try #require(tic.terminationStatus == 0, "tic compiled the test entry")
            return directory
        }

        /// Draws the theme on a screen of `type` at `depth` and returns the bytes the terminal was sent.
        func drawn(
            type: String, depth: ColorDepth?, environment: [String: String?] = [:], theme: Theme = Self.theme
        ) throws -> (
            String, CursesScreen.Options, ColorDepth
        ) {
            var pair: [Int32] = [0, 0]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            var size = 1 << 20
            setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int>.size))
            defer { Glibc.close(pair[1]) }
            let output = try #require(fdopen(pair[0], "w"))
            let input = try #require(fopen("/dev/null", "r"))
            var options = CursesScreen.Options()
            options.mouse = false
            options.bracketedPaste = false
            options.colorDepth = depth
            var saved: [(name: String, value: String?)] = []
            for (name, value) in environment {
                saved.append((name, getenv(name).map { String(cString: $0) }))
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
            defer {
                for (name, value) in saved {
                    if let value { setenv(name, value, 1) } else { unsetenv(name) }
                }
            }
            let screen = try CursesScreen(
                terminalType: type, input: input, output: output, options: options, guardFD: nil)
            let opened = screen.colorDepth
            screen.resize(to: Size(width: 20, height: 2))
            _ = screen.nextEvent(timeout: .zero)
            screen.flush()
            _ = read(all: pair[1])
            let accent = Label(text: "accent")
            accent.textStyle = Style(role: .accent)
            accent.frame = Rect(x: 0, y: 0, width: 8, height: 1)
            accent.render(on: screen, theme: theme)
            let mark = Label(text: "mark")
            mark.textStyle = Style(role: .mark, attributes: .underline)
            mark.frame = Rect(x: 0, y: 1, width: 8, height: 1)
            mark.render(on: screen, theme: theme)
            screen.flush()
            let bytes = read(all: pair[1])
            screen.close()
            return (bytes, options, opened)
        }

        func read(all descriptor: Int32) -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        @Test func trueColourWritesTheRGBValuesThroughADirectColourEntry() throws {
            let directory = try Self.compileDirectEntry()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let (bytes, _, depth) = try drawn(
                type: "tt-direct", depth: nil,
                environment: ["TERMINFO": directory, "NO_COLOR": nil, "TERMTABLE_COLORS": nil])
            guard cnc_has_extended_colors() == 1 else {
                // ABI 5: the entry's numbers past 7 would be RGB values that do not fit; its 8 colours are drawn.
                #expect(depth == .ansi16, "a direct-colour entry without extended colours")
                #expect(!bytes.contains("38;2;"), "no RGB value: \(bytes.debugDescription)")
                #expect(
                    bytes.contains("\u{1B}[31m") || bytes.contains(";31m"),
                    "palette 196 as red: \(bytes.debugDescription)")
                return
            }
            #expect(depth == .trueColor, "a direct-colour entry (colors#0x1000000, RGB) gives true colour")
            #expect(bytes.contains("38;2;255;136;0"), "the accent: \(bytes.debugDescription)")
            #expect(bytes.contains("38;2;255;0;0"), "palette 196 as its RGB value")
            #expect(bytes.contains("48;2;32;32;32"))
        }

        /// Blinking text blinks (SGR 5), except in the screen-reader mode, where it is drawn steady.
        @Test func theScreenReaderModeDrawsBlinkingTextSteady() throws {
            var theme = Self.theme
            theme[.accent] = Style(attributes: [.bold, .blink])
            let (blinking, _, _) = try drawn(
                type: "xterm-256color", depth: ColorDepth.none, environment: ["TERMTABLE_ACCESSIBLE": nil], theme: theme
            )
            #expect(blinking.contains("\u{1B}[0;1;5m"), "bold and blink: \(blinking.debugDescription)")
            let (steady, _, _) = try drawn(
                type: "xterm-256color", depth: ColorDepth.none, environment: ["TERMTABLE_ACCESSIBLE": "1"], theme: theme
            )
            #expect(!steady.contains(";5m"), "no blink: \(steady.debugDescription)")
            #expect(steady.contains("\u{1B}[0;1m"), "still bold")
        }

        @Test func twoHundredFiftySixColoursWriteTheNearestPaletteIndex() throws {
            let (bytes, _, depth) = try drawn(type: "xterm-256color", depth: .palette256)
            #expect(depth == .palette256)
            #expect(bytes.contains("38;5;208"), "#ff8800 → 208: \(bytes.debugDescription)")
            #expect(bytes.contains("38;5;196"))
            #expect(bytes.contains("48;5;234"), "#202020 → the grey ramp's 234")
            #expect(!bytes.contains("38;2;"))
        }

        @Test func sixteenColoursWriteTheNearestANSIColour() throws {
            let (bytes, _, depth) = try drawn(type: "xterm-256color", depth: .ansi16)
            #expect(depth == .ansi16)
            #expect(bytes.contains("\u{1B}[33m"), "#ff8800 → yellow (33): \(bytes.debugDescription)")
            #expect(bytes.contains("\u{1B}[91m"), "palette 196 → bright red (91)")
            #expect(bytes.contains("\u{1B}[40m"), "#202020 → black (40)")
            #expect(!bytes.contains("38;5;") && !bytes.contains("38;2;") && !bytes.contains("48;5;"))
        }

        @Test func noColourWritesNoColourButKeepsBoldAndUnderline() throws {
            let (bytes, _, depth) = try drawn(
                type: "xterm-256color", depth: nil, environment: ["NO_COLOR": "1", "TERMTABLE_COLORS": nil])
            #expect(depth == .none)
            let colour = try Regex(#"\x1B\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;[0-9;]*)?m"#)
            let sgr = bytes.matches(of: try Regex(#"\x1B\[[0-9;]*m"#)).map { String(bytes[$0.range]) }
            #expect(!sgr.contains { $0.contains(colour) }, "no colour: \(sgr)")
            #expect(sgr.contains { $0.contains(";1m") || $0.contains(";1;") || $0 == "\u{1B}[1m" }, "bold: \(sgr)")
            #expect(sgr.contains { $0.contains(";4") || $0 == "\u{1B}[4m" }, "underline: \(sgr)")
        }

        @Test func aForcedDepthAboveTheEntrysIsLoweredToIt() throws {
            let (_, _, depth) = try drawn(
                type: "xterm-256color", depth: nil, environment: ["TERMTABLE_COLORS": "truecolor"])
            let hasDirectEntry = cnc_can_address_cursor("xterm-direct", 1) == 1
            #expect(depth == (hasDirectEntry ? .trueColor : .palette256), "xterm-direct is used where installed")
            let (_, _, vt) = try drawn(type: "vt100", depth: .palette256)
            #expect(vt == .none, "vt100 has no colours")
        }
    }
}
