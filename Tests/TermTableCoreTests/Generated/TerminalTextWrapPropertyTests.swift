import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableCore

/// The one word wrap (`TerminalText.wrapLines`, behind `TerminalText.wrap` and `StyledText.wrapped`) against a
/// reference written by words: greedy lines at spaces, a word wider than the line cut between clusters, every line
/// within the width, and `maxLines` as the unlimited lines cut with an ellipsis.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of texts (default 400), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite struct TerminalTextWrapPropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { max(40, $0 / 2) } ?? 400
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x3A7B_0C11
    }

    /// Pieces texts are made of: ASCII words, runs of spaces, wide characters, combining marks, emoji, controls.
    static let pieces: [String] = [
        "a", "bc", "Word", "reconstruction", " ", " ", "  ", "   ", "日本", "語", "e\u{301}", "👍🏽", "\u{1B}", "\n",
        "Ä", "x", "wwwwwwwwwwwwwwwwwwwwwwww",
    ]

    static func randomText(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }
        .joined()
    }

    /// The reference: one paragraph's display clusters split into words at spaces, laid greedily on lines.
    static func referenceLines(_ paragraph: String, width: Int) -> [String] {
        let clusters = TerminalText.glyphs(paragraph)
        // Words and the spaces before each (a word's spaces are dropped at a line's start and at a break).
        var words: [(spaces: Int, clusters: [TerminalText.Cluster])] = []
        var spaces = 0
        var word: [TerminalText.Cluster] = []
        for cluster in clusters {
            if cluster.character == " " {
                if !word.isEmpty {
                    words.append((spaces, word))
                    word = []
                    spaces = 0
                }
                spaces += 1
            } else {
                word.append(cluster)
            }
        }
        if !word.isEmpty { words.append((spaces, word)) }
        func columns(_ clusters: [TerminalText.Cluster]) -> Int { clusters.reduce(0) { $0 + $1.width } }
        func text(_ clusters: [TerminalText.Cluster]) -> String { String(clusters.map(\.character)) }
        var lines: [String] = []
        var line: [TerminalText.Cluster] = []
        for (spaces, word) in words {
            let gap = line.isEmpty ? 0 : spaces
            if columns(line) + gap + columns(word) <= width {
                line += Array(repeating: TerminalText.Cluster(character: " ", width: 1), count: gap) + word
                continue
            }
            if !line.isEmpty { lines.append(text(line)) }
            // On a line of its own, a word wider than the line is cut between clusters.
            var rest = word[...]
            line = []
            while let next = rest.first {
                if columns(line) + next.width > width {
                    lines.append(text(line))
                    line = []
                }
                line.append(next)
                rest = rest.dropFirst()
            }
        }
        lines.append(text(line))
        return lines
    }

    @Test func wrapMatchesTheReferenceAtEveryWidthAndLineLimit() {
        var random = SeededRandom(seed: Self.seed)
        var multiLine = 0
        for index in 0..<Self.budget {
            let text = Self.randomText(&random)
            // From 2 columns: every cluster fits an empty line (a 2-column cluster on a 1-column line is a case of
            // its own, in TextWidthTests).
            for width in 2...42 {
                let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .flatMap { Self.referenceLines(String($0), width: width) }
                let lines = TerminalText.wrap(text, width: width)
                #expect(
                    lines == expected,
                    "case \(index) \(String(reflecting: text)) at \(width), seed \(Self.seed)")
                #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width })
                if lines.count > 1 { multiLine += 1 }
                let maxLines = Int.random(in: 1...4, using: &random)
                var cut = Array(expected.prefix(maxLines))
                if expected.count > maxLines, let last = cut.popLast() {
                    cut.append(TerminalText.truncate(last, toWidth: width - 1, mode: .clip) + "…")
                }
                #expect(
                    TerminalText.wrap(text, width: width, maxLines: maxLines) == cut,
                    "case \(index) \(String(reflecting: text)) at \(width), \(maxLines) lines, seed \(Self.seed)")
            }
        }
        #expect(multiLine > Self.budget, "most texts wrap at the narrow widths")
    }
}
