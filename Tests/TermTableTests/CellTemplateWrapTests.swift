import TermTableTesting
import Testing

@testable import TermTable

/// `wrap` on a label follows the height the field is drawn at, as the format reference says (issue 23).
@Suite("Cell templates: wrap") @MainActor
struct CellTemplateWrapTests {
    /// The lines of `identifier`'s cell from `layout`, drawn `width` columns by `height` lines with `text` in field 1.
    func draw(_ layout: String, _ identifier: String, text: String, width: Int, height: Int) throws -> [String] {
        let library = try LayoutLibrary(string: layout)
        let cell = try library.instantiate(identifier)
        try #require(cell.viewWithTag(1, as: Label.self)).text = text
        cell.frame = Rect(x: 0, y: 0, width: width, height: height)
        let screen = BufferScreen(width: width, height: height)
        cell.render(on: screen)
        return screen.lines
    }

    /// The case: `one\ntwo\nthree` in a one-line `wrap stretch=both` field of a row drawn 3 lines tall.
    @Test func aOneLineFieldThatStretchesWrapsToTheDrawnHeight() throws {
        let layout = "cell row\n|[1 message    ]|\n  1 label wrap stretch=both"
        let lines = try draw(layout, "row", text: "one\ntwo\nthree", width: 15, height: 3)
        #expect(lines.map { $0.trimmingTrailingSpaces } == ["one", "two", "three"])
    }

    /// A field drawn two lines tall, stretched to five, wraps onto five lines, not its design's two.
    @Test func aFieldDrawnTallerThanItsDesignWrapsOntoEveryLine() throws {
        let layout = "cell row height=2\n|[1 message]|\n|[1        ]|\n  1 label wrap stretch=both"
        let lines = try draw(layout, "row", text: "aa bb cc dd ee", width: 11, height: 5)
        #expect(lines.map { $0.trimmingTrailingSpaces } == ["aa bb cc dd", "ee", "", "", ""])
        let narrow = try draw(layout, "row", text: "aa bb cc dd ee", width: 2, height: 5)
        #expect(narrow.map { $0.trimmingTrailingSpaces } == ["aa", "bb", "cc", "dd", "ee"])
    }

    /// `wrap=N` still stops at N lines, with the ellipsis, however tall the field is drawn.
    @Test func wrapNStopsAtNLinesInATallerField() throws {
        let layout = "cell row\n|[1 message]|\n  1 label wrap=2 stretch=both truncate=tail"
        let lines = try draw(layout, "row", text: "aa bb cc dd ee", width: 5, height: 4)
        #expect(lines.map { $0.trimmingTrailingSpaces } == ["aa bb", "cc d…", "", ""])
    }

    /// Without `wrap`, a one-line field drawn taller shows one line (the control character made visible).
    @Test func withoutWrapAOneLineFieldStaysOneLine() throws {
        let layout = "cell row\n|[1 message    ]|\n  1 label stretch=both"
        let lines = try draw(layout, "row", text: "one\ntwo", width: 15, height: 3)
        #expect(lines[0].hasPrefix("one"))
        #expect(!lines[0].contains("\n"))
        #expect(lines[1].trimmingTrailingSpaces == "")
    }
}

extension String {
    /// The string without the spaces at its end.
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
