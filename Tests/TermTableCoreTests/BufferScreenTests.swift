import TermTableTestSupport
import Testing

@testable import TermTableCore

@Suite("BufferScreen")
@MainActor
struct BufferScreenTests {
    // MARK: Clipping at the edges

    @Test func putInsideTheScreen() {
        let screen = BufferScreen(width: 8, height: 3)
        screen.put("Hello", at: Point(x: 1, y: 1))
        #expect(screen.lines == ["        ", " Hello  ", "        "])
        #expect(screen.text == "        \n Hello  \n        ")
    }

    @Test func putClipsAtTheLeftEdgeWithNegativeX() {
        let screen = BufferScreen(width: 6, height: 2)
        screen.put("abcdef", at: Point(x: -2, y: 0))
        screen.put("日本語", at: Point(x: -3, y: 1))  // 日 at -3..<-1 gone, 本 at -1..<1 cut: its visible half is a space
        #expect(screen.lines == ["cdef  ", " 語   "])
        #expect(screen.cell(at: Point(x: 1, y: 1)).text == "語")
        #expect(screen.cell(at: Point(x: 2, y: 1)).isContinuation)
    }

    @Test func putClipsAtTheRightEdge() {
        let screen = BufferScreen(width: 6, height: 2)
        screen.put("abcdefgh", at: Point(x: 3, y: 0))
        screen.put("xyz", at: Point(x: 5, y: 1))
        #expect(screen.lines == ["   abc", "     x"])
    }

    @Test func putOnLinesAboveOrBelowTheScreenIsIgnored() {
        let screen = BufferScreen(width: 4, height: 2)
        screen.put("top", at: Point(x: 0, y: -1))
        screen.put("bottom", at: Point(x: 0, y: 2))
        screen.put("日本", at: Point(x: 0, y: 5))
        screen.put("far", at: Point(x: 0, y: Int.min))
        #expect(screen.lines == ["    ", "    "])
    }

    @Test func putEntirelyOutsideTheScreenWritesNothing() {
        let screen = BufferScreen(width: 4, height: 1)
        screen.put("abc", at: Point(x: 4, y: 0))
        screen.put("abc", at: Point(x: -3, y: 0))
        screen.put("日本", at: Point(x: 9, y: 0))
        screen.put("日本", at: Point(x: -4, y: 0))
        screen.put("", at: Point(x: 0, y: 0))
        #expect(screen.lines == ["    "])
    }

    @Test func fillClipsToTheScreen() {
        let screen = BufferScreen(width: 5, height: 4)
        screen.fill(Rect(x: -2, y: -1, width: 4, height: 3), with: "#", style: .plain)
        screen.fill(Rect(x: 3, y: 2, width: 10, height: 10), with: "*", style: .bold)
        screen.fill(Rect(x: 7, y: 0, width: 2, height: 2), with: "!", style: .plain)  // outside
        screen.fill(Rect(x: 0, y: 3, width: 0, height: 1), with: "!", style: .plain)  // empty
        #expect(screen.lines == ["##   ", "##   ", "   **", "   **"])
        #expect(screen.style(at: Point(x: 4, y: 3)) == .bold)
        #expect(screen.style(at: Point(x: 1, y: 1)) == .plain)
    }

    @Test func fillWithAWideCharacterPadsAnOddWidthWithASpace() {
        let screen = BufferScreen(width: 6, height: 2)
        screen.fill(Rect(x: 0, y: 0, width: 5, height: 2), with: "日", style: .reverse)
        #expect(screen.lines == ["日日  ", "日日  "])
        #expect(screen.cell(at: Point(x: 4, y: 0)) == BufferScreen.Cell(text: " ", style: .reverse))
        #expect(screen.cell(at: Point(x: 5, y: 0)) == .blank)
    }

    @Test func fillWithAControlCharacterFillsItsPicture() {
        let screen = BufferScreen(width: 3, height: 1)
        screen.fill(Rect(x: 0, y: 0, width: 3, height: 1), with: "\u{1B}", style: .plain)
        #expect(screen.lines == ["\u{241B}\u{241B}\u{241B}"])
    }

    // MARK: Clip ranges

    @Test(arguments: [
        (0..<Int.max, "abcdefgh  "),
        (2..<5, "  cde     "),
        (-5..<3, "abc       "),
        (7..<100, "       h  "),
        (3..<3, "          "),
        (8..<9, "          "),  // past the end of the text
        (10..<20, "          "),  // right of the screen
        (25..<30, "          "),  // far right of the screen
        (Int.min..<0, "          "),
    ])
    func putClippedToColumns(columns: Range<Int>, expected: String) {
        let screen = BufferScreen(width: 10, height: 1)
        screen.put("abcdefgh", at: .zero, clippedTo: columns, style: .plain)
        #expect(screen.lines == [expected])
    }

    @Test func clipRangeCutsWideCharactersIntoSpaces() {
        let screen = BufferScreen(width: 10, height: 3)
        // 日 0-1, 本 2-3, 語 4-5: the range 1..<5 keeps 本 whole and cuts 日 and 語.
        screen.fill(Rect(x: 0, y: 0, width: 10, height: 3), with: ".", style: .plain)
        screen.put("日本語", at: Point(x: 0, y: 0), clippedTo: 1..<5, style: .bold)
        screen.put("日本語", at: Point(x: 0, y: 1), clippedTo: 0..<3, style: .plain)
        screen.put("日本語", at: Point(x: 1, y: 2), clippedTo: 2..<6, style: .plain)
        #expect(
            screen.lines == [
                ". 本 .....",
                "日 .......",
                ".. 本 ....",
            ])
        #expect(screen.style(at: Point(x: 1, y: 0)) == .bold)
        #expect(screen.style(at: Point(x: 4, y: 0)) == .bold)
        #expect(screen.style(at: Point(x: 5, y: 0)) == .plain)
        #expect(screen.cell(at: Point(x: 0, y: 0)) == BufferScreen.Cell(text: ".", style: .plain))
    }

    @Test func clipRangeAndScreenEdgeTogether() {
        let screen = BufferScreen(width: 6, height: 1)
        screen.put("abcdefghij", at: Point(x: -3, y: 0), clippedTo: 1..<50, style: .plain)
        #expect(screen.lines == [" efghi"])
    }

    // MARK: Styles

    @Test func stylesAreStoredPerCell() {
        let screen = BufferScreen(width: 8, height: 2)
        let red = Style(foreground: .red, background: .palette(236), attributes: [.bold, .underline])
        screen.put("ab", at: Point(x: 0, y: 0), style: red)
        screen.put("日", at: Point(x: 3, y: 0), style: .reverse)
        screen.put("c", at: Point(x: 1, y: 0), style: .dim)
        #expect(screen.style(at: Point(x: 0, y: 0)) == red)
        #expect(screen.style(at: Point(x: 1, y: 0)) == .dim)
        #expect(screen.style(at: Point(x: 2, y: 0)) == .plain)
        #expect(screen.style(at: Point(x: 3, y: 0)) == .reverse)
        #expect(screen.style(at: Point(x: 4, y: 0)) == .reverse)
        #expect(screen.cell(at: Point(x: 4, y: 0)) == BufferScreen.Cell(text: "", style: .reverse))
        #expect(screen.style(at: Point(x: 5, y: 0)) == .plain)
        #expect(screen.styleMask(line: 0, where: { $0.attributes.contains(.bold) }) == "^       ")
        #expect(screen.styleMask(line: 0, where: { $0.attributes.contains(.reverse) }) == "   ^^   ")
        #expect(screen.styleMask(line: 1, where: { $0 == .plain }) == "^^^^^^^^")
        // Outside the grid: a blank cell.
        #expect(screen.cell(at: Point(x: 8, y: 0)) == .blank)
        #expect(screen.cell(at: Point(x: -1, y: 0)) == .blank)
        #expect(screen.style(at: Point(x: 0, y: 2)) == .plain)
    }

    // MARK: Wide characters

    @Test(arguments: ["日", "👍", "가", "Ａ", "👍🏽", "👨‍👩‍👧"])
    func wideCharacterAtTheLastColumnBecomesASpace(wide: String) {
        let screen = BufferScreen(width: 4, height: 2)
        screen.put("abc" + wide, at: Point(x: 0, y: 0), style: .bold)
        #expect(screen.lines == ["abc ", "    "])
        #expect(screen.cell(at: Point(x: 3, y: 0)) == BufferScreen.Cell(text: " ", style: .bold))
    }

    @Test func wideCharactersTakeTwoColumns() {
        let screen = BufferScreen(width: 8, height: 1)
        screen.put("a日👍b", at: .zero)
        #expect(screen.lines == ["a日👍b  "])
        #expect((0..<8).map { screen.cell(at: Point(x: $0, y: 0)).text } == ["a", "日", "", "👍", "", "b", " ", " "])
    }

    @Test func overwritingTheLeftHalfOfAWideCharacterBlanksItsRightHalf() {
        let screen = BufferScreen(width: 6, height: 2)
        screen.put("日本", at: Point(x: 0, y: 0), style: .bold)
        screen.put("x", at: Point(x: 2, y: 0))
        screen.put("日本", at: Point(x: 0, y: 1), style: .bold)
        screen.put("é", at: Point(x: 0, y: 1))
        #expect(screen.lines == ["日x   ", "é 本  "])
        // The blanked half keeps its style.
        #expect(screen.cell(at: Point(x: 3, y: 0)) == BufferScreen.Cell(text: " ", style: .bold))
        #expect(screen.cell(at: Point(x: 1, y: 1)) == BufferScreen.Cell(text: " ", style: .bold))
    }

    @Test func overwritingTheRightHalfOfAWideCharacterBlanksItsLeftHalf() {
        let screen = BufferScreen(width: 6, height: 2)
        screen.put("日本", at: Point(x: 0, y: 0), style: .bold)
        screen.put("x", at: Point(x: 1, y: 0))
        screen.put("日本", at: Point(x: 0, y: 1))
        screen.put("語", at: Point(x: 1, y: 1))  // right half of 日 and left half of 本
        #expect(screen.lines == [" x本  ", " 語   "])
        #expect(screen.cell(at: Point(x: 0, y: 0)) == BufferScreen.Cell(text: " ", style: .bold))
        #expect(screen.cell(at: Point(x: 3, y: 1)) == BufferScreen.Cell(text: " ", style: .plain))
    }

    @Test func combiningMarksStayWithTheirBase() {
        let screen = BufferScreen(width: 6, height: 1)
        screen.put("e\u{301}か\u{3099}z", at: .zero)
        #expect(screen.lines == ["e\u{301}か\u{3099}z  "])
        #expect(screen.cell(at: Point(x: 0, y: 0)).text == "e\u{301}")
        #expect(screen.cell(at: Point(x: 1, y: 0)).text == "か\u{3099}")
        #expect(screen.cell(at: Point(x: 3, y: 0)).text == "z")
    }

    @Test func emojiSequencesAreStoredInTheirDisplayForm() {
        let screen = BufferScreen(width: 8, height: 1)
        screen.put("👍🏽👨‍👩‍👧❤️", at: .zero)
        // Skin tone, the ZWJ tail and VS16 are dropped; ❤ alone is one column wide for glibc.
        #expect(screen.lines == ["👍👨❤   "])
    }

    // MARK: Resize

    @Test func resizeKeepsWhatFitsAndQueuesAResizeEvent() {
        let screen = BufferScreen(width: 6, height: 2)
        screen.put("abcdef", at: .zero, style: .bold)
        screen.put("日本語", at: Point(x: 0, y: 1))
        screen.resize(to: Size(width: 5, height: 3))
        #expect(screen.size == Size(width: 5, height: 3))
        #expect(screen.lines == ["abcde", "日本 ", "     "])
        #expect(screen.style(at: Point(x: 4, y: 0)) == .bold)
        #expect(screen.pendingEventCount == 1)
        #expect(screen.nextEvent(timeout: nil) == .resize(Size(width: 5, height: 3)))
        #expect(screen.nextEvent(timeout: .zero) == nil)

        screen.resize(to: Size(width: 7, height: 1))
        #expect(screen.lines == ["abcde  "])
        screen.resize(to: Size(width: 0, height: 0))
        #expect(screen.lines == [])
        #expect(screen.nextEvent(timeout: nil) == .resize(Size(width: 7, height: 1)))
        #expect(screen.nextEvent(timeout: nil) == .resize(.zero))
    }

    @Test func resizeKeepsAWideCharacterThatStillFits() {
        let screen = BufferScreen(width: 5, height: 1)
        screen.put("a日本", at: .zero)
        screen.resize(to: Size(width: 3, height: 1))
        #expect(screen.lines == ["a日"])
        screen.resize(to: Size(width: 2, height: 1))
        #expect(screen.lines == ["a "])
    }

    // MARK: Whole screens, events, cursor

    @Test func wholeScreen() {
        let screen = BufferScreen(width: 12, height: 4)
        screen.fill(Rect(x: 0, y: 0, width: 12, height: 1), with: "─", style: .plain)
        screen.put("Name", at: Point(x: 0, y: 1), style: .bold)
        screen.put("Size", at: Point(x: 8, y: 1), style: .bold)
        screen.put("東京タワー.txt", at: Point(x: 0, y: 2), clippedTo: 0..<7, style: .plain)
        screen.put("12K", at: Point(x: 9, y: 2))
        screen.put("a\tb", at: Point(x: 0, y: 3))
        #expect(
            screen.lines == [
                "────────────",
                "Name    Size",
                "東京タ   12K",
                "a\u{2409}b         ",
            ])
        screen.clear()
        #expect(screen.lines == Array(repeating: String(repeating: " ", count: 12), count: 4))
    }

    @Test func eventsFlushAndCursor() {
        let screen = BufferScreen(width: 2, height: 2)
        screen.enqueue([.key(Key("a")), .key(.enter)])
        screen.enqueue(.mouse(MouseEvent(.press, at: Point(x: 1, y: 1))))
        #expect(screen.pendingEventCount == 3)
        #expect(screen.nextEvent(timeout: nil) == .key(Key("a")))
        #expect(screen.nextEvent(timeout: nil) == .key(.enter))
        #expect(screen.nextEvent(timeout: nil) == .mouse(MouseEvent(.press, at: Point(x: 1, y: 1))))
        #expect(screen.nextEvent(timeout: nil) == nil)
        #expect(screen.flushCount == 0)
        screen.flush()
        screen.flush()
        #expect(screen.flushCount == 2)
        #expect(screen.cursor == nil)
        screen.setCursor(Point(x: 1, y: 0))
        #expect(screen.cursor == Point(x: 1, y: 0))
        screen.setCursor(nil)
        #expect(screen.cursor == nil)
    }

    // MARK: Sanitising

    @Test func controlCharactersAreSanitisedInWhatIsStored() {
        let screen = BufferScreen(width: 16, height: 3)
        screen.put("a\u{1B}[2Jb", at: Point(x: 0, y: 0))
        screen.put("\u{1B}]0;t\u{07}\u{9B}1m", at: Point(x: 0, y: 1))
        screen.put("x\u{202E}y\rz\n\u{7F}", at: Point(x: 0, y: 2))
        #expect(
            screen.lines == [
                "a\u{241B}[2Jb          ",
                "\u{241B}]0;t\u{2407}\u{FFFD}1m       ",
                "x\u{FFFD}y\u{240D}z\u{240A}\u{2421}         ",
            ])
        for line in screen.lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func negativeSizesAreEmpty() {
        let screen = BufferScreen(width: -3, height: -1)
        #expect(screen.size == .zero)
        #expect(screen.lines == [])
        screen.put("abc", at: .zero)
        screen.fill(Rect(x: 0, y: 0, width: 3, height: 3), with: "x", style: .plain)
        #expect(screen.lines == [])
    }
}

extension BufferScreenTests {
    /// Scrolling a band of full-width rows by any amount, either way, gives what copying the rows one by one
    /// gives: the rows outside the band untouched, the uncovered rows blank (generated grids and bands,
    /// several scrolls in a row, writes between them).
    @Test func scrollingMovesRowsLikeACopy() {
        var random = SeededRandom(seed: 0x5C_2011)
        for _ in 0..<300 {
            let width = Int.random(in: 1...12, using: &random)
            let height = Int.random(in: 2...10, using: &random)
            let screen = BufferScreen(width: width, height: height)
            for y in 0..<height {
                let text = String((0..<width).map { _ in "abcdefgh日".randomElement(using: &random)! })
                screen.put(text, at: Point(x: 0, y: y), style: y % 2 == 0 ? Style.plain : Style.reverse)
            }
            // The model: the rows as plain arrays, moved one by one.
            var model = (0..<height).map { y in (0..<width).map { screen.cell(at: Point(x: $0, y: y)) } }
            var steps: [String] = []
            for _ in 0..<6 {
                if Bool.random(using: &random) {
                    let top = Int.random(in: 0..<height - 1, using: &random)
                    let bandHeight = Int.random(in: 2...(height - top), using: &random)
                    let shift = bandHeight + 1  // by the band's height or more too: all of it blank
                    let lines = Int.random(in: (0 - shift)...shift, using: &random)
                    steps.append("scroll rows \(top)..<\(top + bandHeight) by \(lines)")
                    #expect(screen.scroll(Rect(x: 0, y: top, width: width, height: bandHeight), by: lines))
                    let before = model
                    for y in top..<top + bandHeight {
                        model[y] =
                            (top..<top + bandHeight).contains(y + lines)
                            ? before[y + lines] : Array(repeating: .blank, count: width)
                    }
                } else {
                    let y = Int.random(in: 0..<height, using: &random)
                    let text = String((0..<width).map { _ in "xyz-".randomElement(using: &random)! })
                    steps.append("put \(text) on line \(y)")
                    screen.put(text, at: Point(x: 0, y: y), style: .plain)
                    model[y] = text.map { BufferScreen.Cell(text: String($0), style: .plain) }
                }
                for y in 0..<height {
                    let actual = (0..<width).map { screen.cell(at: Point(x: $0, y: y)) }
                    #expect(actual == model[y], "\(width)x\(height), after \(steps): line \(y)")
                }
            }
        }
    }
}
