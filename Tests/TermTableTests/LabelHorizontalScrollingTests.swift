import TermTableTesting
import Testing

@testable import TermTable

/// A label's one-line text scrolled sideways (issue 25, `less -S`), checked at every width and every offset.
@Suite("Label horizontal scrolling") @MainActor
struct LabelHorizontalScrollingTests {
    /// ASCII, wide characters (two columns) and a control: its columns as the screen shows them.
    static let text = "id=42 日本語のログ level=warn \u{1B}[31m message"

    /// The text's columns `offset..<offset + width` as drawn: a wide character cut by an edge is spaces.
    static func expectedColumns(_ text: String, offset: Int, width: Int) -> String {
        // Each column: the character starting there, or nil for the second column of a wide one.
        var columns: [Character?] = []
        for glyph in TerminalText.glyphs(text) {
            columns.append(glyph.character)
            if glyph.width == 2 { columns.append(nil) }
        }
        var result = ""
        for column in offset..<(offset + width) {
            guard column < columns.count else {
                result.append(" ")
                continue
            }
            guard let character = columns[column] else {
                if column == offset { result.append(" ") }  // its first column is cut at the left edge
                continue
            }
            let wide = column + 1 < columns.count && columns[column + 1] == nil
            result.append(wide && column + 1 >= offset + width ? " " : character)  // cut at the right edge
        }
        return result
    }

    @Test func everyOffsetAtEveryWidthShowsThoseColumns() {
        let total = TerminalText.width(of: Self.text)
        for width in 1...(total + 2) {
            let label = Label(text: Self.text)
            let driver = AppDriver(rootView: label, size: Size(width: width, height: 1))
            #expect(label.maximumHorizontalOffset == max(0, total - width))
            for offset in 1...(label.maximumHorizontalOffset + 3) {
                label.horizontalOffset = offset
                driver.app.renderIfNeeded()
                let drawn = driver.lines[0]
                let shown = min(offset, label.maximumHorizontalOffset)
                #expect(TerminalText.width(of: drawn) == width, "width \(width) offset \(offset): \(drawn)")
                if shown > 0 {
                    #expect(
                        drawn == Self.expectedColumns(Self.text, offset: shown, width: width),
                        "width \(width) offset \(offset)")
                }
                #expect(!drawn.contains("\u{1B}"))
            }
        }
    }

    @Test func theKeysScrollByTheStepAndToTheEnds() {
        let label = Label(text: Self.text)
        let driver = AppDriver(rootView: label, size: Size(width: 10, height: 1))
        let maximum = label.maximumHorizontalOffset
        #expect(label.handleHorizontalScrollKey(Key("l")))
        #expect(label.horizontalOffset == 8)
        #expect(label.handleHorizontalScrollKey(.right))
        #expect(label.horizontalOffset == 16)
        #expect(label.handleHorizontalScrollKey(Key("$")))
        #expect(label.horizontalOffset == maximum)
        driver.app.renderIfNeeded()
        #expect(driver.lines[0] == Self.expectedColumns(Self.text, offset: maximum, width: 10))
        #expect(driver.lines[0].hasSuffix("message"))
        #expect(label.handleHorizontalScrollKey(.right))
        #expect(label.horizontalOffset == maximum, "never past the end")
        #expect(label.handleHorizontalScrollKey(Key("h")))
        #expect(label.horizontalOffset == maximum - 8)
        #expect(label.handleHorizontalScrollKey(Key("0")))
        #expect(label.horizontalOffset == 0)
        driver.app.renderIfNeeded()
        #expect(driver.lines[0] == "id=42 日… ")
        #expect(label.handleHorizontalScrollKey(.left))
        #expect(label.horizontalOffset == 0)
        #expect(!label.handleHorizontalScrollKey(Key("x")))
        label.horizontalOffset = -3
        #expect(label.horizontalOffset == 0)
    }

    /// The article's `bindSidewaysScrolling` (BuildAnAppExamples.swift): the app's keys scroll the label, with help.
    @Test func theArticlesBindingsScrollTheLabel() {
        let label = Label(text: Self.text)
        let driver = AppDriver(rootView: label, size: Size(width: 10, height: 1))
        bindSidewaysScrolling(of: label, in: driver.app)
        driver.press("l l")
        #expect(label.horizontalOffset == 16)
        driver.press("$")
        #expect(label.horizontalOffset == label.maximumHorizontalOffset)
        driver.press("0")
        #expect(label.horizontalOffset == 0)
        #expect(
            driver.app.bindingsInForce.contains {
                $0.help == "scroll right" && ($0.label == "l/→" || $0.label == "→/l")
            })
    }
}
