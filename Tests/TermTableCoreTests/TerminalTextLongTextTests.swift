import Testing

@testable import TermTableCore

/// A text much longer than what shows (a 9 MB article under a three-line summary, issue 32 item 6): wrapping to
/// `maxLines` lines and cutting to a width read only the characters that can show, counted here, not timed.
@Suite("TerminalText long text")
struct TerminalTextLongTextTests {
    /// Characters of a string, counting how many are read.
    final class ReadCount: @unchecked Sendable {
        var reads = 0
    }

    struct CountedText: BidirectionalCollection {
        let base: String
        let count: ReadCount
        var startIndex: String.Index { base.startIndex }
        var endIndex: String.Index { base.endIndex }
        func index(after i: String.Index) -> String.Index { base.index(after: i) }
        func index(before i: String.Index) -> String.Index { base.index(before: i) }
        subscript(position: String.Index) -> Character {
            count.reads += 1
            return base[position]
        }
    }

    /// Prose of `words` words, with a paragraph break every 50.
    static func article(words: Int) -> String {
        let vocabulary = ["the", "quorum", "backoff", "réplica", "日本語", "leader", "elected", "after", "timeout"]
        var text = ""
        for index in 0..<words {
            text += vocabulary[index % vocabulary.count]
            text += index % 50 == 49 ? "\n" : " "
        }
        return text
    }

    @Test(arguments: [(40, 3), (80, 1), (12, 6), (200, 2)])
    func wrappingToSomeLinesReadsWhatThoseLinesNeed(width: Int, maxLines: Int) {
        let article = Self.article(words: 200_000)  // about 1.3 MB
        let count = ReadCount()
        let lines = TerminalText.wrapLines(CountedText(base: article, count: count), width: width, maxLines: maxLines)
        let bound = TerminalText.LineBreaker<TerminalText.Cluster>.budget(width: width, maxLines: maxLines)
        #expect(count.reads <= bound, "read \(count.reads) characters for \(maxLines) lines of \(width)")
        #expect(count.reads <= (maxLines + 2) * (width + 1), "ordinary prose stops one line past those kept")
        // The same lines as wrapping a text that ends just after them.
        let head = String(article.prefix(count.reads + 2 * width))
        #expect(
            TerminalText.wrap(head, width: width, maxLines: maxLines)
                == TerminalText.wrap(article, width: width, maxLines: maxLines))
        #expect(lines.count == maxLines && lines.last?.last?.character == "…")
    }

    /// Thousands of spaces dropped at a break: the wrap gives up at its budget and shows the lines it has, the
    /// last ending with the ellipsis (the text goes on).
    @Test func aRunOfSpacesAtABreakStopsAtTheBudget() {
        let text = "first words" + String(repeating: " ", count: 1_000_000) + "then more"
        let count = ReadCount()
        let lines = TerminalText.wrapLines(CountedText(base: text, count: count), width: 20, maxLines: 3)
        #expect(count.reads <= TerminalText.LineBreaker<TerminalText.Cluster>.budget(width: 20, maxLines: 3) + 1)
        #expect(String(lines.flatMap { $0.map(\.character) }) == "first words…")
        // Unlimited, the text is read to its end.
        #expect(TerminalText.wrap(text, width: 20) == ["first words", "then more"])
    }

    /// Styled text wraps the same lines, as far as the lines kept need (its runs are joined only that far).
    @Test func styledTextWrapsALongTextAsThePlainOne() {
        let article = Self.article(words: 100_000)
        var runs: [StyledText.Run] = []
        var rest = Substring(article)
        while !rest.isEmpty {
            runs.append(StyledText.Run(String(rest.prefix(4096)), style: runs.count % 2 == 0 ? .bold : .plain))
            rest = rest.dropFirst(4096)
        }
        let styled = StyledText(runs: runs)
        for (width, maxLines) in [(40, 3), (7, 2), (120, 5)] {
            #expect(
                styled.wrapped(width: width, maxLines: maxLines).map(\.string)
                    == TerminalText.wrap(article, width: width, maxLines: maxLines))
        }
    }

    @Test(arguments: [TerminalText.TruncationMode.tail, .head, .middle, .clip])
    func cuttingALongLineReadsItsEnds(mode: TerminalText.TruncationMode) {
        let line = Self.article(words: 100_000).replacingOccurrences(of: "\n", with: " ")
        for width in [1, 2, 9, 80] {
            let count = ReadCount()
            let cut = TerminalText.truncateLong(CountedText(base: line, count: count), toWidth: width, mode: mode)
            #expect(count.reads <= 2 * (width + 1), "read \(count.reads) characters to cut to \(width)")
            // As the whole text measured: the cut of a short text with the same ends.
            let short = String(line.prefix(width + 1)) + " … " + String(line.suffix(width + 1))
            #expect(cut == TerminalText.truncate(short, toWidth: width, mode: mode), "\(mode) at \(width)")
            #expect(TerminalText.truncate(line, toWidth: width, mode: mode) == cut)
        }
    }
}
