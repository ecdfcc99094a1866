import Foundation
import Testing

@testable import TermTable

/// The OSC 52 sequence a copy sends: base64, wrapped for tmux and GNU screen, refused above the limit.
struct TerminalClipboardTests {
    /// The base64 in the sequence decodes back to the text (UTF-8 of every length modulo 3, and control bytes).
    @Test(arguments: ["", "a", "ab", "abc", "pid\tcommand\n1\tinit", "héllo wörld ✓ 漢字"])
    func theSequenceIsTheTextInBase64(text: String) throws {
        let bytes = try #require(TerminalClipboard(passthrough: .none).sequence(for: ClipboardText(text)))
        let sequence = String(decoding: bytes, as: UTF8.self)
        #expect(sequence.hasPrefix("\u{1B}]52;c;"))
        #expect(sequence.hasSuffix("\u{07}"))
        let payload = String(sequence.dropFirst(7).dropLast())
        #expect(payload == Data(text.utf8).base64EncodedString())
    }

    /// Whatever the text holds (escapes, BEL, ST, C1 controls), the sequence has exactly one ESC and one BEL:
    /// base64 carries no control byte, so the text cannot end the sequence or drive the terminal.
    @Test func aHostileTextCannotBreakTheSequence() throws {
        let hostile = "x\u{1B}]52;c;AAAA\u{07}\u{1B}\\\u{9B}31m\u{1B}[2J\u{0}y"
        let bytes = try #require(TerminalClipboard().sequence(for: ClipboardText(hostile)))
        #expect(bytes.filter { $0 == 0x1B }.count == 1)
        #expect(bytes.filter { $0 == 0x07 }.count == 1)
        let payload = Array(bytes.dropFirst(7).dropLast())
        #expect(payload.allSatisfy { $0 >= 0x2B && $0 <= 0x7A })
        // The text copied is the data without its control characters.
        let decoded = try #require(Data(base64Encoded: Data(payload)))
        #expect(String(decoding: decoded, as: UTF8.self) == "x]52;c;AAAA\\31m[2Jy")
    }

    /// In tmux the sequence goes through tmux's passthrough, its ESC doubled.
    @Test func inTmuxTheSequenceIsWrappedForPassthrough() throws {
        let bytes = try #require(TerminalClipboard(passthrough: .tmux).sequence(for: ClipboardText("hi")))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\")
    }

    /// In GNU screen the sequence is cut into DCS strings of at most 76 bytes each, which joined give it back.
    @Test func inScreenTheSequenceIsCutIntoDCSStrings() throws {
        let text = String(repeating: "0123456789", count: 30)
        let bare = try #require(TerminalClipboard(passthrough: .none).sequence(for: ClipboardText(text)))
        let bytes = try #require(TerminalClipboard(passthrough: .screen).sequence(for: ClipboardText(text)))
        var pieces: [[UInt8]] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            #expect(Array(rest.prefix(2)) == [0x1B, 0x50])
            let end = try #require(rest.indices.dropFirst(2).first { rest[$0] == 0x1B && rest[$0 + 1] == 0x5C })
            pieces.append(Array(rest[(rest.startIndex + 2)..<end]))
            rest = rest[(end + 2)...]
        }
        #expect(pieces.allSatisfy { $0.count <= TerminalClipboard.screenChunkSize })
        #expect(pieces.count == (bare.count + 75) / 76)
        #expect(Array(pieces.joined()) == bare)
    }

    /// The environment picks the wrapping: TMUX first (tmux sets TERM=screen too), then STY; TERM=dumb has none.
    @Test func theEnvironmentPicksThePassthrough() {
        #expect(
            TerminalClipboard(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "STY": "1.pts"]).passthrough == .tmux)
        #expect(TerminalClipboard(environment: ["STY": "1.pts-0.host", "TERM": "screen"]).passthrough == .screen)
        #expect(TerminalClipboard(environment: ["TERM": "xterm-256color"]).passthrough == .none)
        #expect(TerminalClipboard(environment: ["TERM": "xterm-256color"]).unavailableReason == nil)
        #expect(TerminalClipboard(environment: ["TERM": "dumb"]).unavailableReason != nil)
    }

    /// The largest text sent is 1 MiB of base64; one byte more is refused.
    @Test func theLimitIsOneMebibyteOfBase64() throws {
        let most = ClipboardText(String(repeating: "a", count: ClipboardText.maximumByteCount))
        let bytes = try #require(TerminalClipboard().sequence(for: most))
        #expect(bytes.count == 7 + TerminalClipboard.maximumEncodedByteCount + 1)
        let over = ClipboardText(String(repeating: "a", count: ClipboardText.maximumByteCount + 1))
        #expect(over.isTooLong)
        #expect(TerminalClipboard().sequence(for: over) == nil)
    }
}

/// Text for a copy, built within its limit.
struct ClipboardTextTests {
    /// Rows become tab-separated lines; tabs and newlines in a field become spaces.
    @Test func rowsBecomeTabSeparatedLines() {
        let text = ClipboardText.tsv([["1", "init"], ["2", "a\tb\nc"]])
        #expect(text.text == "1\tinit\n2\ta b c")
        #expect(text.byteCount == text.text.utf8.count)
        #expect(!text.isTooLong)
    }

    /// 100 MB of rows (a million of 100 bytes, made as they are read) are refused after reading no more rows
    /// than fit in the limit (7,864 of them), not all of them: the bound is the limit, not the rows offered.
    @Test func rowsOverTheLimitAreRefusedAfterReadingOnlyTheLimit() {
        let row = String(repeating: "x", count: 99)
        var read = 0
        let rows = (0..<1_000_000).lazy.map { _ -> [String] in
            read += 1
            return [row]
        }
        let text = ClipboardText.tsv(rows)
        #expect(text.isTooLong)
        #expect(text.text.isEmpty)
        #expect(text.byteCount > ClipboardText.maximumByteCount)
        #expect(read <= ClipboardText.maximumByteCount / 100 + 1)
    }

    /// Once too long, a text takes nothing more, even a piece that would fit.
    @Test func aTextTooLongTakesNothingMore() {
        var text = ClipboardText(limit: 10)
        let first = text.append("12345")
        let second = text.append("123456")
        let third = text.append("1")
        #expect(first && !second && !third)
        #expect(text.isTooLong)
        #expect(text.text == "")
    }
}
