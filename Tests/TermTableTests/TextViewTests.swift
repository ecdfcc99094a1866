import TermTableTesting
import Testing

@testable import TermTable

/// The text view (issue 23): wrapping, the table's keys and the wheel, the end, sanitising, a resize keeping the
/// top line's character, and its keys' help.
@Suite("TextView") @MainActor
struct TextViewTests {
    static let text = "The quick brown fox jumps over the lazy dog.\nSecond paragraph here.\n\nLast."

    @Test func wrapsAtSpacesAndDrawsEachLineInTheWidth() {
        let view = TextView(text: Self.text)
        let driver = AppDriver(rootView: view, size: Size(width: 12, height: 4))
        #expect(driver.lines == ["The quick   ", "brown fox   ", "jumps over  ", "the lazy    "])
        #expect(view.lineCount == 10)
        #expect(view.lineText(4) == "dog.")
        #expect(view.lineText(5) == "Second")
        #expect(view.lineText(6) == "paragraph")
        #expect(view.lineText(7) == "here.")
        #expect(view.lineText(8) == "")
        #expect(view.lineText(9) == "Last.")
    }

    @Test func theTablesKeysAndTheWheelScrollAndStopAtTheEnd() {
        let view = TextView(text: Self.text)
        let driver = AppDriver(rootView: view, size: Size(width: 12, height: 4))
        driver.press("j j")
        #expect(view.topLine == 2)
        #expect(driver.lines[0] == "jumps over  ")
        driver.press("k")
        #expect(view.topLine == 1)
        driver.press("G")
        #expect(view.topLine == 6 && view.isAtEnd)
        #expect(driver.lines == ["paragraph   ", "here.       ", "            ", "Last.       "])
        driver.press("j pagedown down")
        #expect(view.topLine == 6, "never past the end")
        driver.press("g")
        #expect(view.topLine == 0)
        driver.press("pagedown")
        #expect(view.topLine == 3)
        driver.press("pageup")
        #expect(view.topLine == 0)
        driver.press("end")
        #expect(view.topLine == view.maximumTopLine)
        driver.press("home")
        #expect(view.topLine == 0)
        driver.wheel(up: false)
        #expect(view.topLine == 3)
        driver.wheel(up: true)
        #expect(view.topLine == 0)
    }

    @Test func controlsAndBidiNeverReachTheScreen() {
        let view = TextView(text: "evil\u{1B}]0;title\u{07} and \u{202E}reversed")
        let driver = AppDriver(rootView: view, size: Size(width: 40, height: 2))
        #expect(!driver.lines.joined().contains("\u{1B}"))
        #expect(!driver.lines.joined().contains("\u{202E}"))
        #expect(driver.lines[0].hasPrefix("evil␛]0;title␇ and �reversed"))
    }

    @Test func aWidthChangeKeepsTheTopCharacterOnTheTopLine() {
        let words = (1...200).map { "word\($0)" }.joined(separator: " ")
        let view = TextView(text: words)
        let driver = AppDriver(rootView: view, size: Size(width: 30, height: 5))
        driver.press("j j j j j j j")
        let offset = view.topOffset
        let first = view.lineText(view.topLine).split(separator: " ").first.map(String.init)
        driver.resize(to: Size(width: 17, height: 5))
        #expect(view.lineText(view.topLine).contains(first ?? "?"))
        driver.resize(to: Size(width: 30, height: 5))
        #expect(view.topOffset == offset, "back at the first width, the same line is at the top")
    }

    @Test func settingTheTextGoesBackToTheBeginning() {
        let view = TextView(text: Self.text)
        let driver = AppDriver(rootView: view, size: Size(width: 12, height: 4))
        driver.press("G")
        view.text = "Short."
        driver.press("")
        #expect(view.topLine == 0)
        #expect(view.lineCount == 1)
    }

    @Test func itsKeysHaveHelp() {
        let view = TextView()
        #expect(view.keyHelp.map(\.help) == ["up", "down", "page up", "page down", "beginning", "end"])
        #expect(view.keyHelp[1].label == "↓/j")
        view.keyBindings[Key("G")] = nil
        #expect(view.keyHelp[5].label == "End")
    }

    /// The article's `makeLogPane` (BuildAnAppExamples.swift) shows the last lines.
    @Test func theArticlesLogPaneShowsTheEnd() {
        let tail = LogTail()
        let pane = makeLogPane(tail)
        #expect(pane.text.isEmpty && pane.topLine == 0)
        let long = TextView(text: (1...30).map { "line \($0)" }.joined(separator: "\n"))
        long.scrollToEnd()
        let driver = AppDriver(rootView: long, size: Size(width: 10, height: 3))
        #expect(driver.lines == ["line 28   ", "line 29   ", "line 30   "])
    }

    @Test func paragraphsHaveTheirStylesOnEveryLineTheyWrapTo() {
        let view = TextView(text: "Title that wraps\nplain text")
        view.paragraphStyles = [0: .bold]
        let driver = AppDriver(rootView: view, size: Size(width: 10, height: 3))
        #expect(driver.lines == ["Title that", "wraps     ", "plain text"])
        #expect(driver.screen.style(at: Point(x: 0, y: 0)).attributes.contains(.bold))
        #expect(driver.screen.style(at: Point(x: 0, y: 1)).attributes.contains(.bold))
        #expect(!driver.screen.style(at: Point(x: 0, y: 2)).attributes.contains(.bold))
        view.isFocusable = false
        #expect(!view.acceptsFocus)
    }
}
