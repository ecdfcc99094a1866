import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableLayouts
import TermTableTesting
import Testing

/// The list's summaries wrap over up to three lines at any width (issue 23): the `news` cell is `height=auto`, so a
/// row is its title line plus min(3, the summary's wrapped lines at the field's width), measured by the table.
///
/// Generated: random widths and summaries (words of every length, wide characters, paragraphs) from a fixed seed;
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 40), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite("Reader controller: summaries wrapped to the width") @MainActor
struct ReaderControllerSummaryHeightTests {
    static let environment = ProcessInfo.processInfo.environment
    static var cases: Int { environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { max(10, $0 / 5) } ?? 40 }
    static var seed: UInt64 { environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5EED_2311 }

    /// The most summary lines a row shows.
    static let maximumSummaryLines = 3
    static let words = [
        "a", "of", "the", "harbour", "bridge", "council", "timetable", "東京", "café", "ferry", "pier",
        "reconstruction", "x", "volunteers", "Überseequartier", "🚢",
    ]

    /// A random summary: empty, a few words, or paragraphs of many; now and then a word longer than the row.
    static func summary(using random: inout SeededRandom) -> String {
        let paragraphs = Int.random(in: 0...3, using: &random)
        return (0..<paragraphs).map { _ in
            (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<20, using: &random) == 0
                    ? String(repeating: "w", count: Int.random(in: 20...90, using: &random))
                    : words[Int.random(in: 0..<words.count, using: &random)]
            }.joined(separator: " ")
        }.joined(separator: "\n\n")
    }

    /// The summary as the list shows it: its paragraphs on one line (each trimmed, the empty ones left out).
    static func shownSummary(_ summary: String) -> String {
        summary.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test func eachRowIsItsTitleLinePlusItsWrappedSummaryUpToThreeLines() throws {
        var random = SeededRandom(seed: Self.seed)
        let library = try LayoutLibrary(contentsOf: ProjectLayouts.path(for: "News"))
        // The summary field's right margin, from the template at its design width.
        let template = try NewsLayout.news.makeCell(from: library)
        template.layoutIfNeeded()
        let rightMargin = template.frame.width - template.summary.frame.x - template.summary.frame.width
        let left = template.summary.frame.x
        var measuredRows = 0
        for index in 0..<Self.cases {
            let width = Int.random(in: 12...180, using: &random)
            let articles = (0..<Int.random(in: 1...6, using: &random)).map { number in
                Article(
                    id: "\(index)-\(number)", title: "Article \(number)", summary: Self.summary(using: &random),
                    published: fixedNow, feedTitle: "F")
            }
            let feed = Feed(title: "F", items: articles, source: "f.xml", format: .rss20)
            let table = TableView()
            table.frame = Rect(x: 0, y: 0, width: width, height: 40)
            try table.registerCells(from: library)
            let controller = ReaderController(
                model: ReaderModel(groups: [[.loaded(feed)]]), tableView: table, library: library, now: { fixedNow })
            let screen = render(table, size: Size(width: width, height: 40))
            let context = "case \(index), width \(width), seed \(Self.seed)"
            let paths = table.indexPathsForVisibleRows
            #expect(paths.count == articles.count, "every row shows: \(context)")
            for indexPath in paths {
                let cell = try #require(table.cellForRow(at: indexPath))
                let article = try #require(controller.article(at: indexPath))
                let text = Self.shownSummary(article.summary)
                guard let news = cell as? NewsLayout.NewsCell else {
                    #expect(article.summary.isEmpty && cell.frame.height == 1, "one line without a summary: \(context)")
                    continue
                }
                let fieldWidth = news.summary.frame.width
                #expect(news.summary.frame.x == left, "\(context)")
                #expect(fieldWidth == table.contentWidth - left - rightMargin, "the field spans the row: \(context)")
                let wrapped = TerminalText.wrap(text, width: fieldWidth)
                let lines = min(Self.maximumSummaryLines, max(1, wrapped.count))
                #expect(
                    cell.frame.height == 1 + lines, "\(article.summary.debugDescription) wrapped \(wrapped): \(context)"
                )
                // The lines drawn are the wrapped summary's, the last one cut with an ellipsis when more follow.
                let shown = TerminalText.wrap(text, width: fieldWidth, maxLines: Self.maximumSummaryLines)
                for (offset, line) in shown.enumerated() where !line.isEmpty {
                    let drawn = screen.line(cell.frame.y + 1 + offset)
                    #expect(drawn.contains(line), "line \(offset) \(line.debugDescription) in \(drawn): \(context)")
                }
                measuredRows += 1
            }
        }
        #expect(measuredRows > Self.cases, "most rows have a summary")
    }
}
