import Testing

@testable import TermTableCore

@Suite("Sanitising")
struct TerminalTextSanitizeTests {
    /// Code points that must never reach the terminal: C0 controls, DEL, C1 controls, bidi controls.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    @Test(arguments: UInt32(0)...0x1F)
    func c0ControlBecomesItsControlPicture(value: UInt32) throws {
        let control = String(Character(try #require(Unicode.Scalar(value))))
        let picture = String(Character(try #require(Unicode.Scalar(0x2400 + value))))
        #expect(TerminalText.sanitize(control) == picture)
        #expect(TerminalText.sanitize("a" + control + "b") == "a" + picture + "b")
        #expect(TerminalText.glyphs(control) == [TerminalText.Cluster(character: Character(picture), width: 1)])
        #expect(TerminalText.width(of: control) == 1)
    }

    @Test func deleteBecomesItsControlPicture() {
        #expect(TerminalText.sanitize("\u{7F}") == "\u{2421}")
        #expect(TerminalText.sanitize("x\u{7F}y") == "x\u{2421}y")
        #expect(TerminalText.width(of: "\u{7F}") == 1)
    }

    @Test(arguments: UInt32(0x80)...0x9F)
    func c1ControlBecomesTheReplacementCharacter(value: UInt32) throws {
        let control = String(Character(try #require(Unicode.Scalar(value))))
        #expect(TerminalText.sanitize(control) == "\u{FFFD}")
        #expect(TerminalText.sanitize("a" + control + "b") == "a\u{FFFD}b")
        #expect(TerminalText.width(of: control) == 1)
    }

    @Test func allControlsAtOnce() {
        let c0 = String(String.UnicodeScalarView((UInt32(0)...0x1F).compactMap(Unicode.Scalar.init)))
        let c1 = String(String.UnicodeScalarView((UInt32(0x80)...0x9F).compactMap(Unicode.Scalar.init)))
        let pictures = String(String.UnicodeScalarView((UInt32(0x2400)...0x241F).compactMap(Unicode.Scalar.init)))
        #expect(
            TerminalText.sanitize(c0 + "\u{7F}" + c1)
                == pictures + "\u{2421}" + String(repeating: "\u{FFFD}", count: 32))
    }

    @Test(arguments: [
        ("\u{1B}[2J", "␛[2J"),
        ("\u{1B}[31mred\u{1B}[0m", "␛[31mred␛[0m"),
        ("\u{1B}]0;evil\u{07}", "␛]0;evil␇"),
        ("\u{1B}]0;evil\u{1B}\\", "␛]0;evil␛\\"),
        ("\u{1B}]52;c;ZXZpbA==\u{07}", "␛]52;c;ZXZpbA==␇"),
        ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "␛]8;;http://x␛\\link␛]8;;␛\\"),
        ("\u{1B}P1$r\u{1B}\\", "␛P1$r␛\\"),
        ("\u{1B}Pq#0;2;0;0;0\u{1B}\\", "␛Pq#0;2;0;0;0␛\\"),
        ("\u{9B}2J", "\u{FFFD}2J"),
        ("\u{9D}0;evil\u{9C}", "\u{FFFD}0;evil\u{FFFD}"),
        ("\u{90}data\u{9C}", "\u{FFFD}data\u{FFFD}"),
        ("\u{1B}7\u{1B}[999;999H\u{1B}8", "␛7␛[999;999H␛8"),
        ("a\r\u{1B}[Kb", "a␍␛[Kb"),
    ])
    func escapeSequencesAreDefused(text: String, expected: String) {
        let sanitized = TerminalText.sanitize(text)
        #expect(sanitized == expected)
        #expect(!sanitized.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" })
        #expect(!sanitized.unicodeScalars.contains(where: Self.isForbidden))
    }

    @Test(
        arguments: [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
            as [UInt32])
    func bidiControlBecomesTheReplacementCharacter(value: UInt32) throws {
        let control = String(Character(try #require(Unicode.Scalar(value))))
        #expect(TerminalText.sanitize(control) == "\u{FFFD}")
        #expect(TerminalText.sanitize("abc" + control + "def") == "abc\u{FFFD}def")
        #expect(TerminalText.sanitize("日" + control + "本") == "日\u{FFFD}本")
        #expect(TerminalText.width(of: "abc" + control + "def") == 7)
    }

    @Test func ordinaryTextIsUnchanged() {
        for text in ["plain ASCII", "café", "e\u{301}", "日本語", "👍", "a b\u{A0}c", "→ ✓ …"] {
            #expect(TerminalText.sanitize(text) == text)
        }
        // Zero-width clusters vanish; emoji lose their modifiers.
        #expect(TerminalText.sanitize("a\u{200B}b\u{FEFF}") == "ab")
        #expect(TerminalText.sanitize("👍🏽👨‍👩‍👧❤️") == "👍👨❤")
    }

    @Test(
        arguments: [
            ([0x61, 0xFF, 0x62], "a\u{FFFD}b"),
            ([0xC3], "\u{FFFD}"),
            ([0xC3, 0xA9], "é"),
            ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xE6, 0x97, 0xA5, 0xE6, 0x97], "日\u{FFFD}"),
            ([0x80, 0x80], "\u{FFFD}\u{FFFD}"),
            ([0x1B, 0x5B, 0x32, 0x4A], "\u{1B}[2J"),
            ([0xC2, 0x9B, 0x32, 0x4A], "\u{9B}2J"),
            ([], ""),
        ] as [([UInt8], String)])
    func decodeReplacesInvalidUTF8(bytes: [UInt8], expected: String) {
        let decoded = TerminalText.decode(bytes)
        #expect(decoded.unicodeScalars.map(\.value) == expected.unicodeScalars.map(\.value))
        // Decoding does not sanitise; sanitising what was decoded leaves nothing forbidden.
        #expect(!TerminalText.sanitize(decoded).unicodeScalars.contains(where: Self.isForbidden))
    }

    @Test func decodeThenSanitizeBytesFromAFile() {
        let bytes: [UInt8] = Array("title: \u{1B}]0;pwned\u{07} ".utf8) + [0xFF, 0xFE] + Array("\u{202E}gnp.exe".utf8)
        #expect(
            TerminalText.sanitize(TerminalText.decode(bytes))
                == "title: ␛]0;pwned␇ \u{FFFD}\u{FFFD}\u{FFFD}gnp.exe")
    }

    @Test @MainActor func bufferScreenNeverStoresForbiddenScalars() {
        var texts = [
            "\u{1B}[2J", "\u{1B}]0;evil\u{07}", "\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}P1$r\u{1B}\\", "\u{9B}2J",
            "a\u{202E}b\u{2066}c\u{2069}d\u{200E}\u{200F}\u{061C}", "\r\n", "x\u{7F}",
            TerminalText.decode([0x1B, 0x5B, 0xC2, 0x9B, 0xFF, 0x07]),
        ]
        texts += (UInt32(0)...0x9F).compactMap(Unicode.Scalar.init).map { "<" + String(Character($0)) + ">" }
        let screen = BufferScreen(width: 40, height: 1)
        for text in texts {
            screen.clear()
            screen.put(text, at: Point(x: 1, y: 0))
            screen.fill(Rect(x: 30, y: 0, width: 3, height: 1), with: text.first ?? " ", style: .plain)
            let stored = screen.lines.joined()
            #expect(
                !stored.unicodeScalars.contains(where: Self.isForbidden),
                "\(text.debugDescription) stored as \(stored.debugDescription)")
            #expect(screen.line(0).hasPrefix(" " + TerminalText.sanitize(text)), "\(text.debugDescription)")
        }
    }
}
