import Foundation
import TermTableTesting
import Testing

@testable import TermTableCore

/// Styled text lays out exactly as its plain string: at every width, for every truncation and wrap, the same
/// characters in the same cells; each cell of an ASCII text in the style of the run it came from.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of texts (default 200), `TERMTABLE_PROPERTY_SEED` the seed.
@MainActor
@Suite struct StyledTextPropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { max(20, $0 / 5) }
            ?? 200
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x5717_1ED0
    }

    /// Pieces texts are made of: ASCII words and spaces, wide characters, combining marks, controls, emoji, newlines.
    static let pieces: [String] = [
        "a", "b", "Word", "x", " ", " ", "  ", "日本", "語", "e\u{301}", "\u{301}", "\u{1B}[31m", "\t", "\n",
        "👍🏽", "👨‍👩‍👧", "\u{202E}", "…", "-", "ab cd", "\u{200B}", "Ä",
    ]
    static let styles: [Style] = [
        .plain, .bold, Style(foreground: .red), Style(background: .blue, attributes: .underline), .reverse,
    ]

    static func randomText(_ random: inout SeededRandom, asciiOnly: Bool) -> StyledText {
        var text = StyledText()
        let runs = Int.random(in: 0...5, using: &random)
        for _ in 0..<runs {
            var piece = ""
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                if asciiOnly {
                    piece += ["a", "Bc", " ", "de f", "g"][Int.random(in: 0..<5, using: &random)]
                } else {
                    piece += pieces[Int.random(in: 0..<pieces.count, using: &random)]
                }
            }
            text.runs.append(.init(piece, style: styles[Int.random(in: 0..<styles.count, using: &random)]))
        }
        return text
    }

    static func label(width: Int, height: Int, lines: Int, mode: TerminalText.TruncationMode, alignment: TextAlignment)
        -> Label
    {
        let label = Label(frame: Rect(x: 0, y: 0, width: width, height: height))
        label.numberOfLines = lines
        label.truncation = mode
        label.alignment = alignment
        label.textStyle = Style(foreground: .green)
        return label
    }

    @Test func styledTextTruncatesAndWrapsAsItsPlainString() {
        var random = SeededRandom(seed: Self.seed)
        for _ in 0..<Self.budget {
            let text = Self.randomText(&random, asciiOnly: false)
            let plain = text.string
            #expect(text.width == TerminalText.width(of: plain))
            let total = TerminalText.width(of: plain)
            for width in 0...(total + 2) {
                for mode in TerminalText.TruncationMode.allCases {
                    let cut = text.truncated(toWidth: width, mode: mode)
                    #expect(
                        cut.string == TerminalText.truncate(plain, toWidth: width, mode: mode),
                        "truncate \(String(reflecting: plain)) to \(width) \(mode)")
                }
                for maxLines in [nil, 1, 2] as [Int?] {
                    let lines = text.wrapped(width: width, maxLines: maxLines).map(\.string)
                    #expect(
                        lines == TerminalText.wrap(plain, width: width, maxLines: maxLines),
                        "wrap \(String(reflecting: plain)) at \(width), \(String(describing: maxLines)) lines")
                }
            }
        }
    }

    @Test func aStyledLabelDrawsTheCellsOfItsPlainTextAtEveryWidth() {
        var random = SeededRandom(seed: Self.seed &+ 1)
        for _ in 0..<Self.budget {
            let text = Self.randomText(&random, asciiOnly: false)
            let total = TerminalText.width(of: text.string)
            let mode = TerminalText.TruncationMode.allCases[Int.random(in: 0..<4, using: &random)]
            let alignment = [TextAlignment.left, .center, .right][Int.random(in: 0..<3, using: &random)]
            let lines = Int.random(in: 0...2, using: &random)
            for width in 0...(total + 2) {
                let plain = Self.label(width: width, height: 3, lines: lines, mode: mode, alignment: alignment)
                plain.text = text.string
                let styled = Self.label(width: width, height: 3, lines: lines, mode: mode, alignment: alignment)
                styled.styledText = text
                let size = Size(width: width, height: 3)
                #expect(styled.sizeThatFits(size) == plain.sizeThatFits(size))
                #expect(styled.preferredSize == plain.preferredSize)
                let expected = render(plain, size: size).lines
                let drawn = render(styled, size: size).lines
                #expect(drawn == expected, "\(String(reflecting: text.string)) at \(width), \(lines) lines, \(mode)")
            }
        }
    }

    @Test func eachCellOfAnASCIITextHasItsRunsStyleOverTheLabels() {
        var random = SeededRandom(seed: Self.seed &+ 2)
        for _ in 0..<Self.budget {
            let text = Self.randomText(&random, asciiOnly: true)
            // The style of every source byte: ASCII is one byte, one cell.
            var sourceStyles: [Style] = []
            for run in text.runs { sourceStyles += run.text.utf8.map { _ in run.style } }
            let total = sourceStyles.count
            for width in 1...(total + 1) {
                let label = Self.label(width: width, height: 1, lines: 1, mode: .clip, alignment: .left)
                label.styledText = text
                let screen = render(label, size: Size(width: width, height: 1))
                for x in 0..<min(width, total) {
                    let expected = Style(foreground: .green).merging(sourceStyles[x])
                    #expect(screen.style(at: Point(x: x, y: 0)) == expected, "\(text.string) cell \(x) at \(width)")
                }
            }
        }
    }

    @Test func highlightingMakesRunsOfTheRangesAndKeepsCodePointsWhole() {
        let text = StyledText("héllo wörld", highlighting: [0..<2, 7..<9, 40..<50], style: .bold)
        #expect(text.string == "héllo wörld")
        #expect(
            text.runs == [
                .init("hé", style: .bold), .init("llo ", style: .plain), .init("wö", style: .bold),
                .init("rld", style: .plain),
            ])
        #expect(StyledText("abc", highlighting: [], style: .bold).runs == [.init("abc")])
    }

    @Test func settingTheTextClearsTheStyledTextAndCopiesKeepIt() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 10, height: 1))
        label.styledText = StyledText("ab", style: .bold) + StyledText("cd")
        #expect(label.text == "abcd")
        let copy = label.copy()
        #expect(copy.styledText == label.styledText)
        label.text = "plain"
        #expect(label.styledText == nil)
        #expect(render(label, size: Size(width: 10, height: 1)).style(at: Point(x: 0, y: 0)) == .plain)
    }
}
