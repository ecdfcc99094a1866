import TermTableTesting
import Testing

@testable import TermTable

/// A text view of runs in their own styles: the runs kept through the wrap (a boundary inside a run, a run that
/// crosses a line end), wide characters, laid over the paragraph's style, and back to plain text.
@Suite("TextView styled text") @MainActor
struct TextViewStyledTextTests {
    static let key = Style(foreground: .blue, attributes: .bold)
    static let value = Style(foreground: .green)

    /// `key: value` lines, keys in one style and values in another.
    static func yaml(_ pairs: [(String, String)]) -> StyledText {
        var text = StyledText()
        for (index, (key, value)) in pairs.enumerated() {
            text.append(key + ":", style: Self.key)
            text.append(" " + value + (index == pairs.count - 1 ? "" : "\n"), style: Self.value)
        }
        return text
    }

    /// A `^` under each cell of line `y` drawn in `style`'s foreground.
    static func mask(_ driver: AppDriver, _ y: Int, _ style: Style) -> String {
        driver.screen.styleMask(line: y) { $0.foreground == style.foreground }
    }

    @Test func runsKeepTheirStylesWhereTheTextWrapsAndARunGoesOnOnTheNextLine() {
        let view = TextView(styledText: Self.yaml([("name", "web"), ("command", "nginx -g daemon off")]))
        let driver = AppDriver(rootView: view, size: Size(width: 14, height: 4))
        #expect(driver.lines == ["name: web     ", "command: nginx", "-g daemon off ", "              "])
        #expect(Self.mask(driver, 0, Self.key) == "^^^^^         ")
        #expect(Self.mask(driver, 0, Self.value) == "     ^^^^     ")
        #expect(Self.mask(driver, 1, Self.key) == "^^^^^^^^      ")
        #expect(Self.mask(driver, 1, Self.value) == "        ^^^^^^", "the value's run up to the line's end")
        #expect(Self.mask(driver, 2, Self.value) == "^^^^^^^^^^^^^ ", "and on on the next line, in its style")
        #expect(driver.screen.style(at: Point(x: 0, y: 1)).attributes.contains(.bold))
    }

    @Test func aWordBrokenInsideARunAndWideCharactersKeepTheirCells() {
        var text = StyledText("ab", style: Self.key)
        text.append("漢字漢字漢字", style: Self.value)
        let view = TextView(styledText: text)
        let driver = AppDriver(rootView: view, size: Size(width: 7, height: 3))
        // 2 + 12 columns broken at 7: "ab漢字" (6, a wide glyph does not fit in the 7th), "漢字漢"…
        #expect(driver.lines[0] == "ab漢字 ")
        #expect(Self.mask(driver, 0, Self.key) == "^^     ")
        #expect(Self.mask(driver, 0, Self.value) == "  ^^^^ ")
        #expect(driver.lines[1].hasPrefix("漢字漢"))
        #expect(Self.mask(driver, 1, Self.value) == "^^^^^^ ")
    }

    @Test func runsAreLaidOverTheParagraphStyleAndPlainTextClearsThem() {
        let view = TextView(styledText: Self.yaml([("a", "1"), ("b", "2")]))
        view.paragraphStyles = [1: Style(background: .red)]
        let driver = AppDriver(rootView: view, size: Size(width: 8, height: 2))
        #expect(
            driver.screen.style(at: Point(x: 0, y: 1)) == Style(foreground: .blue, background: .red, attributes: .bold))
        #expect(driver.screen.style(at: Point(x: 3, y: 1)) == Style(foreground: .green, background: .red))
        #expect(view.text == "a: 1\nb: 2")
        view.text = "plain"
        #expect(view.styledText == nil)
        driver.app.renderIfNeeded()
        #expect(driver.lines[0] == "plain   " && driver.screen.style(at: .zero) == .plain)
        view.styledText = Self.yaml([("k", "v")])
        view.styledText = nil
        driver.app.renderIfNeeded()
        #expect(driver.lines[0] == "k: v    " && driver.screen.style(at: .zero) == .plain, "nil keeps the text, plain")
    }
}
