import TermTableTesting
import Testing

@testable import TermTable
@testable import TermTableCore

/// A label showing a few lines of a very long text (a list row's summary of a 9 MB article, issue 32 item 6):
/// it draws and measures what the lines it shows need, so its screen is that of a label holding only the text's
/// start. (The work is counted in `TerminalTextLongTextTests`.)
@Suite("Label long text") @MainActor
struct LabelLongTextTests {
    static let article: String = {
        var text = ""
        for index in 0..<300_000 { text += index % 40 == 39 ? "paragraph end\n" : "word\(index % 7) " }
        return text
    }()
    static let head = String(article.prefix(4000))

    @Test(arguments: [1, 3, 0])
    func aLabelOfALongTextShowsWhatALabelOfItsStartShows(lines: Int) {
        func screen(_ text: String) -> [String] {
            let label = Label(text: text)
            label.numberOfLines = lines
            return AppDriver(rootView: label, size: Size(width: 50, height: 3)).lines
        }
        #expect(screen(Self.article) == screen(Self.head))
    }

    /// Self-sizing rows (`height=auto` with `wrap=N`) measure with `sizeThatFits` at an unbounded height.
    @Test func aWrappingLabelMeasuresTheLinesItCanShow() {
        let label = Label(text: Self.article)
        label.numberOfLines = 3
        #expect(label.sizeThatFits(Size(width: 50, height: Int.max / 4)) == Size(width: 50, height: 3))
        #expect(label.sizeThatFits(Size(width: 50, height: 2)) == Size(width: 50, height: 2))
        let short = Label(text: "one\nlonger line\nthree\n" + Self.article)
        short.numberOfLines = 3
        // Only the three lines shown count in the width.
        #expect(short.sizeThatFits(Size(width: 50, height: 10)) == Size(width: 11, height: 3))
        let one = Label(text: Self.article)
        #expect(one.sizeThatFits(Size(width: 50, height: 1)) == Size(width: 50, height: 1))
    }

    /// A text view measured at the same width again (a stack that fits it asks every frame) does not wrap again.
    @Test func aTextViewKeepsItsMeasuredWrapPerWidth() {
        let view = TextView(text: Self.article)
        let first = view.sizeThatFits(Size(width: 50, height: 1_000_000))
        #expect(view.measuredLines?.width == 50)
        #expect(view.sizeThatFits(Size(width: 50, height: 1_000_000)) == first)
        #expect(first.height == view.measuredLines?.count)
        view.text = "short"
        #expect(view.measuredLines == nil)
        #expect(view.sizeThatFits(Size(width: 50, height: 10)) == Size(width: 50, height: 1))
    }

    /// A `height=auto` row whose field wraps to 3 lines (`wrap=3`) measures and draws a long text as its start.
    @Test func aSelfSizingRowOfALongTextIsThreeLinesTall() throws {
        let source = NumbersSource(sections: [[Self.article, "short"]])
        source.identifier = { _ in "summary" }
        let layout = "cell summary height=auto\n|[1 message       ]|\n  1 label wrap=3 stretch=both"
        let table = makeTable(source, width: 40, height: 6)
        table.register(
            template: try LayoutLibrary(string: layout).template("summary"), forCellReuseIdentifier: "summary")
        let driver = AppDriver(rootView: table, size: Size(width: 40, height: 6))
        #expect(table.placedItems.map(\.height) == [3, 1])
        #expect(
            Array(driver.lines[0..<3])
                == TerminalText.wrap(Self.head, width: 40, maxLines: 3).map {
                    $0 + String(repeating: " ", count: 40 - TerminalText.width(of: $0))
                })
    }
}
