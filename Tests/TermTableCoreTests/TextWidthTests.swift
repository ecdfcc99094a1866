import CTermGuard
import Glibc
import Testing

@testable import TermTableCore

/// Runs `body` with LC_CTYPE set to C.UTF-8, so glibc's `wcwidth` is the one `WidthTable.swift` was made from.
///
/// The process locale is set (as the tables were generated) and, because other tests
/// may call `setlocale` at the same time (opening a `CursesScreen` does), the calling
/// thread also gets its own C.UTF-8 locale for the duration of `body`.
func withUTF8Locale<T>(_ body: () throws -> T) throws -> T {
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil, "the C.UTF-8 locale is missing")
    let locale = try #require(newlocale(1 << LC_CTYPE, "C.UTF-8", nil), "newlocale(C.UTF-8) failed")
    let previous = uselocale(locale)
    defer {
        uselocale(previous)
        freelocale(locale)
    }
    return try body()
}

/// glibc's width of `text`: `wcswidth` over its code points.
func glibcWidth(_ text: String) -> Int {
    let wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
    return Int(wide.withUnsafeBufferPointer { ttg_wcswidth($0.baseAddress, $0.count) })
}

@Suite("Text width")
struct TextWidthTests {
    // MARK: (a) Every code point

    @Test func scalarWidthMatchesGlibcForEveryCodePoint() throws {
        var mismatches: [String] = []
        var count = 0
        try withUTF8Locale {
            for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
                let ours = TerminalText.scalarWidth(value)
                let glibc = Int(ttg_wcwidth(value))
                if ours != glibc {
                    count += 1
                    if mismatches.count < 20 {
                        mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(ours), glibc \(glibc)")
                    }
                }
            }
        }
        #expect(count == 0, "\(count) code points differ from glibc, first: \(mismatches.joined(separator: "; "))")
    }

    @Test func glibcAgreesWithKnownWidths() throws {
        // Guards the test above against a locale that silently is not UTF-8 (every width would be -1).
        let widths = try withUTF8Locale {
            [0x41, 0x0, 0x1B, 0x301, 0x65E5, 0x1F44D, 0xFF21, 0x200B, 0xFE0F].map { Int(ttg_wcwidth($0)) }
        }
        #expect(widths == [1, 0, -1, 0, 2, 2, 2, 0, 0])
    }

    // MARK: (b) Strings

    /// A few hundred strings: ASCII, Latin, CJK, fullwidth forms, emoji, zero-width characters, controls, more.
    static let strings: [String] = {
        var strings: [String] = [
            // ASCII
            "", "a", "hello", "Hello, world!", "  spaced  ", "~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./",
            String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }),
            // Latin, precomposed and decomposed
            "é", "e\u{301}", "café", "cafe\u{301}", "naïve", "nai\u{308}ve", "Ångström", "A\u{30A}ngstro\u{308}m",
            "Œuvre", "straße", "ĳ", "ǅ", "ṩ", "s\u{323}\u{307}", "ự", "u\u{31B}\u{323}",
            "o\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}", "a\u{308}\u{304}", "x\u{20DD}",
            // Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai
            "αβγ", "Ελληνικά", "Кириллица", "שָׁלוֹם", "مرحبا", "\u{600}12", "नमस्ते", "क्षि", "ภาษาไทย", "กำ",
            // Chinese, Japanese, Korean
            "日本", "日本語", "中文字符", "漢字かな交じり文", "ひらがな", "カタカナ", "ｶﾀｶﾅ", "ﾊﾟﾝ", "か\u{3099}", "が",
            "한국어", "한글", "\u{1100}\u{1161}\u{11A8}", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}",
            "\u{1100}", "\u{1161}", "가\u{11A8}", "\u{3131}\u{314F}", "〜〒〓", "㈱", "、。",
            // Fullwidth and halfwidth forms
            "ＡＢＣ", "１２３", "！？", "Ｈｅｌｌｏ", "￥￡", "ﾟ",
            // Emoji
            "😀", "👍", "👍🏽", "👍\u{1F3FB}", "✋🏿", "❤️", "❤", "☺️", "☺", "✈️", "⌚", "⏰",
            "👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩‍💻", "🧑🏽‍🚀", "🏳️‍🌈", "🏴‍☠️", "🇯🇵", "🇺🇸🇬🇧", "🇯", "🇯🇵🇯",
            "1️⃣", "#️⃣", "*️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "😀😃😄", "a😀b", "🫠", "🫶🏼",
            // Zero-width characters
            "\u{200B}", "a\u{200B}b", "\u{200C}", "\u{200D}", "a\u{200D}b", "\u{FEFF}", "\u{FEFF}x", "\u{2060}",
            "\u{00AD}", "\u{034F}", "\u{301}", "\u{301}\u{301}",
            // Controls, escape sequences, bidi
            "\t", "a\tb", "\n", "a\nb", "\r\n", "\u{0}", "\u{7}", "\u{1B}", "\u{1B}[2J", "\u{1B}]0;title\u{7}",
            "\u{7F}", "\u{80}", "\u{85}", "\u{9B}31m", "\u{202E}abc\u{202C}", "\u{2066}x\u{2069}", "\u{200E}\u{200F}",
            "\u{61C}",
            // Symbols, private use, unassigned, non-characters
            "┌─┐│└┘", "∑∫√∞", "←↑→↓", "★☆", "€", "\u{E000}", "\u{F8FF}", "\u{378}", "\u{FFFF}", "\u{10FFFF}",
            "\u{FFFD}", "\u{2028}", "\u{2029}", "\u{E0001}", "\u{1D11E}", "\u{20000}", "\u{2A6D6}",
        ]
        // Generated: single code points across the planes, and bases with combining marks.
        for value in stride(from: UInt32(0xA0), through: 0x3400, by: 53) {
            if let scalar = Unicode.Scalar(value) { strings.append(String(Character(scalar))) }
        }
        for value in stride(from: UInt32(0x1F300), through: 0x1FAFF, by: 29) {
            if let scalar = Unicode.Scalar(value) { strings.append(String(Character(scalar))) }
        }
        for value in stride(from: UInt32(0xAC00), through: 0xD7A3, by: 997) {
            if let scalar = Unicode.Scalar(value) { strings.append(String(Character(scalar)) + "\u{11A8}") }
        }
        for base in ["a", "日", "👍", "ｶ", "\u{1B}"] {
            for mark in ["\u{300}", "\u{20E3}", "\u{3099}", "\u{FE0F}", "\u{1F3FD}", "\u{200D}", "\u{E0020}"] {
                strings.append(base + mark)
            }
        }
        return strings
    }()

    @Test func theStringTableIsLarge() {
        #expect(Self.strings.count >= 300)
    }

    @Test(arguments: strings)
    func widthMatchesGlibcOnTheDisplayForm(text: String) throws {
        let display = TerminalText.sanitize(text)
        let glibc = try withUTF8Locale { glibcWidth(display) }
        let width = TerminalText.width(of: text)
        #expect(width == glibc, "display form \(display.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(width == TerminalText.glyphs(text).reduce(0) { $0 + $1.width })
        #expect(display.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
    }

    @Test(arguments: [
        ("hello", 5), ("", 0), ("日本", 4), ("日本語", 6), ("é", 1), ("e\u{301}", 1), ("cafe\u{301}", 4),
        ("o\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}", 1), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("한국어", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2), ("か\u{3099}", 2), ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("👩‍💻", 2),
        // Regional indicators are one column each for glibc: a flag is two.
        ("🇯🇵", 2), ("🇯", 1), ("🇺🇸🇬🇧", 4),
        // VS16 does not widen a text-default symbol for glibc; a keycap is its base.
        ("❤️", 1), ("1️⃣", 1), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),
        ("a\u{200B}b", 2), ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FEFF}", 0), ("\u{301}", 0),
        ("\t", 1), ("\u{1B}[2J", 4), ("\u{7F}", 1), ("\u{9B}", 1), ("\u{202E}", 1), ("\u{378}", 1),
    ])
    func explicitWidths(text: String, expected: Int) {
        #expect(TerminalText.width(of: text) == expected)
    }

    @Test func widthOfCharacter() {
        #expect(TerminalText.width(of: Character("日")) == 2)
        #expect(TerminalText.width(of: Character("👨‍👩‍👧")) == 2)
        #expect(TerminalText.width(of: Character("e\u{301}")) == 1)
        #expect(TerminalText.width(of: Character("\u{200B}")) == 0)
        #expect(TerminalText.width(of: Character("\u{1B}")) == 1)
    }

    @Test func glyphsOfAMixedString() {
        let glyphs = TerminalText.glyphs("a日\u{200B}👍🏽\u{1B}e\u{301}")
        #expect(
            glyphs == [
                TerminalText.Cluster(character: "a", width: 1),
                TerminalText.Cluster(character: "日", width: 2),
                TerminalText.Cluster(character: "👍", width: 2),
                TerminalText.Cluster(character: "\u{241B}", width: 1),
                TerminalText.Cluster(character: "e\u{301}", width: 1),
            ])
    }

    // MARK: (c) Truncation

    @Test(arguments: [
        // ASCII
        ("Hello, world", 12, TerminalText.TruncationMode.tail, "Hello, world"),
        ("Hello, world", 20, .middle, "Hello, world"),
        ("Hello, world", 8, .tail, "Hello, …"),
        ("Hello, world", 8, .middle, "Hell…rld"),
        ("Hello, world", 8, .head, "…, world"),
        ("Hello, world", 8, .clip, "Hello, w"),
        ("Hello, world", 7, .middle, "Hel…rld"),
        ("Hello, world", 9, .middle, "Hell…orld"),
        ("Hello, world", 2, .tail, "H…"),
        ("Hello, world", 2, .head, "…d"),
        ("Hello, world", 2, .middle, "H…"),
        ("Hello, world", 1, .tail, "…"),
        ("Hello, world", 1, .head, "…"),
        ("Hello, world", 1, .middle, "…"),
        ("Hello, world", 1, .clip, "H"),
        ("Hello, world", 0, .tail, ""),
        ("Hello, world", -3, .clip, ""),
        // CJK: 7 characters, 14 columns
        ("日本語テキスト", 14, .tail, "日本語テキスト"),
        ("日本語テキスト", 6, .tail, "日本…"),
        ("日本語テキスト", 7, .tail, "日本語…"),
        ("日本語テキスト", 6, .head, "…スト"),
        ("日本語テキスト", 7, .head, "…キスト"),
        ("日本語テキスト", 6, .middle, "日…ト"),
        ("日本語テキスト", 7, .middle, "日…スト"),
        ("日本語テキスト", 8, .middle, "日本…ト"),
        ("日本語テキスト", 5, .clip, "日本"),
        ("日本語テキスト", 6, .clip, "日本語"),
        ("日本語テキスト", 1, .clip, ""),
        ("日本語テキスト", 2, .tail, "…"),
        ("日本語テキスト", 3, .tail, "日…"),
        ("日本語テキスト", 3, .head, "…ト"),
        // Mixed, clusters and controls
        ("ab日本cd", 4, .tail, "ab…"),
        ("ab日本cd", 4, .head, "…cd"),
        ("ab日本cd", 5, .middle, "ab…cd"),
        ("ab日本cd", 5, .clip, "ab日"),
        ("e\u{301}e\u{301}e\u{301}e\u{301}", 3, .tail, "e\u{301}e\u{301}…"),
        ("👨‍👩‍👧👍🏽🇯🇵x", 5, .tail, "👨👍…"),
        ("👨‍👩‍👧👍🏽🇯🇵x", 4, .head, "…🇯🇵x"),
        ("a\u{1B}[31mred", 5, .tail, "a␛[3…"),
        ("a\u{1B}[31mred", 20, .tail, "a␛[31mred"),
    ])
    func truncate(text: String, width: Int, mode: TerminalText.TruncationMode, expected: String) {
        let result = TerminalText.truncate(text, toWidth: width, mode: mode)
        #expect(result == expected)
        #expect(TerminalText.width(of: result) <= max(0, width))
    }

    /// For many strings, widths and every mode: never wider than asked, clusters whole, the ellipsis where it belongs.
    @Test(arguments: TerminalText.TruncationMode.allCases)
    func truncationNeverExceedsTheWidthNorSplitsClusters(mode: TerminalText.TruncationMode) {
        let texts = [
            "Hello, world", "日本語テキスト", "ab日本cd", "e\u{301}x\u{301}日\u{3099}", "👨‍👩‍👧👍🏽🇯🇵x😀",
            "a\u{1B}[2Jb\u{7}", "ｶﾀｶﾅ漢字ｶﾅ", "한국어 텍스트", "",
        ]
        let ellipsis = Array("…".unicodeScalars)
        for text in texts {
            let glyphs = TerminalText.glyphs(text)
            let scalars = glyphs.map { Array($0.character.unicodeScalars) }
            let total = glyphs.reduce(0) { $0 + $1.width }
            for width in 0...16 {
                let result = TerminalText.truncate(text, toWidth: width, mode: mode)
                let resultWidth = TerminalText.width(of: result)
                let context: Comment = "\(text.debugDescription) to \(width): \(result.debugDescription)"
                #expect(resultWidth <= width, context)
                let out = Array(result.unicodeScalars)
                if width == 0 {
                    #expect(out.isEmpty, context)
                    continue
                }
                if total <= width {
                    #expect(out == scalars.flatMap { $0 }, context)
                    continue
                }
                // The result is whole glyphs from the start and/or the end around one ellipsis.
                var matched = false
                for front in 0...glyphs.count {
                    for back in 0...(glyphs.count - front) {
                        let head = scalars[0..<front].flatMap { $0 }
                        let tail = scalars[(glyphs.count - back)...].flatMap { $0 }
                        let candidate: [Unicode.Scalar]
                        switch mode {
                        case .clip: candidate = back == 0 ? head : []
                        case .tail: candidate = back == 0 ? head + ellipsis : []
                        case .head: candidate = front == 0 ? ellipsis + tail : []
                        case .middle: candidate = head + ellipsis + tail
                        }
                        if !candidate.isEmpty && candidate == out { matched = true }
                    }
                }
                #expect(matched || (mode == .clip && out.isEmpty), context)
                // Nothing is wasted: at most one column short, two for the middle (both halves may round down).
                #expect(resultWidth >= width - (mode == .middle ? 2 : 1), context)
            }
        }
    }

    @Test(arguments: [
        ("abc", 6, TextAlignment.left, TerminalText.TruncationMode.tail, "abc   "),
        ("abc", 6, .right, .tail, "   abc"),
        ("abc", 6, .center, .tail, " abc  "),
        ("abc", 3, .center, .tail, "abc"),
        ("abcdefgh", 5, .left, .tail, "abcd…"),
        ("abcdefgh", 5, .left, .head, "…efgh"),
        ("abcdefgh", 5, .right, .middle, "ab…gh"),
        ("日本", 5, .center, .tail, "日本 "),
        ("日本", 7, .center, .tail, " 日本  "),
        ("日本", 6, .right, .tail, "  日本"),
        ("日本語", 5, .left, .tail, "日本…"),
        ("日本語", 4, .left, .tail, "日… "),
        ("日本語", 4, .right, .tail, " 日…"),
        ("日本語", 4, .left, .clip, "日本"),
        ("日本語", 3, .left, .clip, "日 "),
        ("e\u{301}", 3, .left, .tail, "e\u{301}  "),
        ("a\tb", 4, .left, .tail, "a␉b "),
        ("", 3, .left, .tail, "   "),
        ("x", 0, .left, .tail, ""),
    ])
    func fit(text: String, width: Int, alignment: TextAlignment, mode: TerminalText.TruncationMode, expected: String) {
        let result = TerminalText.fit(text, width: width, alignment: alignment, mode: mode)
        #expect(result == expected)
        #expect(TerminalText.width(of: result) == max(0, width))
    }

    // MARK: Wrapping

    @Test(
        arguments: [
            ("the quick brown fox", 10, nil, ["the quick", "brown fox"]),
            ("the quick brown fox", 19, nil, ["the quick brown fox"]),
            ("the quick brown fox", 3, nil, ["the", "qui", "ck", "bro", "wn", "fox"]),
            ("abcdefghij klm", 4, nil, ["abcd", "efgh", "ij", "klm"]),
            ("abcd efgh", 4, nil, ["abcd", "efgh"]),
            ("a b", 1, nil, ["a", "b"]),
            ("  leading and trailing  ", 12, nil, ["leading and", "trailing"]),
            ("one\n\ntwo three", 5, nil, ["one", "", "two", "three"]),
            ("line\n", 10, nil, ["line", ""]),
            ("", 5, nil, [""]),
            ("日本語のテキスト", 5, nil, ["日本", "語の", "テキ", "スト"]),
            ("日本語のテキスト", 4, nil, ["日本", "語の", "テキ", "スト"]),
            ("hello 世界 again", 8, nil, ["hello", "世界", "again"]),
            ("ab日", 3, nil, ["ab", "日"]),
            ("a\u{1B}[2J b", 4, nil, ["a␛[2", "J b"]),
            ("the quick brown fox jumps", 10, 2, ["the quick", "brown fox…"]),
            ("abcdefghij klm", 10, 1, ["abcdefghi…"]),
            ("the quick brown fox", 10, 2, ["the quick", "brown fox"]),
            ("one\ntwo\nthree", 10, 2, ["one", "two…"]),
            ("日本語のテキスト", 5, 2, ["日本", "語の…"]),
            ("日本語のテキスト", 4, 1, ["日…"]),
            ("anything", 0, nil, []),
            ("anything", 4, 0, []),
        ] as [(String, Int, Int?, [String])])
    func wrap(text: String, width: Int, maxLines: Int?, expected: [String]) {
        let lines = TerminalText.wrap(text, width: width, maxLines: maxLines)
        #expect(lines == expected)
        for line in lines {
            #expect(TerminalText.width(of: line) <= width, "\(line.debugDescription)")
        }
    }
}
