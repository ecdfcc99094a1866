import Foundation
import TermTableCore
import Testing

@testable import TermTableLayout

/// Parses `text` and fails the test with the errors' descriptions if there are any.
func parseLayout(
    _ text: String, file: String = "T.layout",
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> LayoutDocument {
    let (document, errors) = LayoutParser.check(text, file: file)
    #expect(errors.isEmpty, "\(LayoutErrorList(errors))", sourceLocation: sourceLocation)
    try #require(errors.isEmpty, sourceLocation: sourceLocation)
    return document
}

@Suite("Layout parser: valid files")
struct LayoutParserTests {
    func at(_ line: Int, _ column: Int) -> LayoutLocation {
        LayoutLocation(file: "T.layout", line: line, column: column)
    }

    @Test func theDesignSketchParsesToTheExpectedCell() throws {
        let text = """
            # Layouts/News.layout
            cell news height=2 accessory=disclosure indent=1 selection=bold,fg=yellow style=dim   # a comment
            | [1 title       ] [2 age ] |
            |   [3 summary            ] |
              1 label  style=bold  stretch
              2 label  style=dim   align=right  pin=right
              3 label  fg=cyan bg=bright-black stretch truncate=middle sample="two \\"quoted\\" words"
            """
        let document = try parseLayout(text)
        #expect(document.file == "T.layout")
        let cell = try #require(document.cells.first)
        var summary = ViewProperties()
        summary.truncation = .middle
        summary.text = "two \"quoted\" words"
        var age = ViewProperties()
        age.alignment = .right
        let expected = CellSpec(
            identifier: "news", width: 27, height: 2, selectable: true,
            selectionStyle: .custom(Style(foreground: .yellow, attributes: .bold)), accessory: .disclosure,
            indentation: 1, style: Style(role: .dim),
            views: [
                ViewSpec(
                    tag: 1, name: "title", kind: .label, frame: Rect(x: 1, y: 0, width: 16, height: 1),
                    autoresizing: .flexibleWidth, style: .bold, location: at(3, 3)),
                ViewSpec(
                    tag: 2, name: "age", kind: .label, frame: Rect(x: 18, y: 0, width: 8, height: 1),
                    autoresizing: .pinRight, style: Style(role: .dim), properties: age, location: at(3, 20)),
                ViewSpec(
                    tag: 3, name: "summary", kind: .label, frame: Rect(x: 3, y: 1, width: 23, height: 1),
                    autoresizing: .flexibleWidth,
                    style: Style(foreground: .cyan, background: .gray), properties: summary,
                    location: at(4, 5)),
            ],
            location: at(2, 6))
        #expect(cell == expected)
    }

    @Test func staticTextKeepsSingleSpacesAndIsMeasuredInDisplayColumns() throws {
        let text = """
            cell section selectable=no selection=none
            | ── 日本 [1 feed  ]  ── |
              1 label style=bold,underline
            """
        let cell = try #require(try parseLayout(text).cells.first)
        #expect(cell.width == 24)
        #expect(cell.selectable == false)
        #expect(cell.selectionStyle == SelectionStyle.none)
        var left = ViewProperties()
        left.text = "── 日本"
        var right = ViewProperties()
        right.text = "──"
        #expect(
            cell.views == [
                ViewSpec(
                    tag: 0, kind: .text, frame: Rect(x: 1, y: 0, width: 7, height: 1), properties: left,
                    location: at(2, 3)),
                ViewSpec(
                    tag: 1, name: "feed", kind: .label, frame: Rect(x: 9, y: 0, width: 10, height: 1),
                    style: Style(attributes: [.bold, .underline]), location: at(2, 9)),
                ViewSpec(
                    tag: 0, kind: .text, frame: Rect(x: 21, y: 0, width: 2, height: 1), properties: right,
                    location: at(2, 21)),
            ])
    }

    @Test func aTagRepeatedInTheSameColumnsMakesATallerField() throws {
        let text = """
            cell tall
            | [1 headline ] [2 pic] |
            | [3 body     ] [2    ] |
            | [3          ] [2    ] |
              1 label
              2 box title="Pic" stretch=both
              3 label wrap stretch=height
            """
        let cell = try #require(try parseLayout(text).cells.first)
        #expect(cell.height == 3)
        let frames = Dictionary(uniqueKeysWithValues: cell.views.map { ($0.tag, $0.frame) })
        #expect(frames[1] == Rect(x: 1, y: 0, width: 13, height: 1))
        #expect(frames[2] == Rect(x: 15, y: 0, width: 7, height: 3))
        #expect(frames[3] == Rect(x: 1, y: 1, width: 13, height: 2))
        let body = try #require(cell.views.first { $0.tag == 3 })
        #expect(body.properties.wrapLines == 0, "`wrap` alone: as many lines as the field is drawn tall")
        #expect(body.autoresizing == .flexibleHeight)
        let box = try #require(cell.views.first { $0.tag == 2 })
        #expect(box.autoresizing == .fill)
        #expect(box.properties.text == "Pic")
    }

    @Test func everyControlKindAndItsProperties() throws {
        let text = """
            cell controls
            | [1 go      ] [2 query  ] [3 vol    ] [4] [5 bar      ] [6 line] |
              1 button title=Go action=open style=bold
              2 field placeholder="Type here" action=search text=swift align=center
              3 slider min=-10 max=10 step=0.5 value=2.5 action=volume:changed
              4 glyph symbol=🚀 hidden name=rocket
              5 progress value=0.25 percent=yes pin=right,bottom
              6 separator symbol=═ fg=214
            """
        let cell = try #require(try parseLayout(text).cells.first)
        let views = Dictionary(uniqueKeysWithValues: cell.views.map { ($0.tag, $0) })
        #expect(views[1]?.kind == .button)
        #expect(views[1]?.properties.text == "Go")
        #expect(views[1]?.properties.action == "open")
        #expect(views[1]?.style == .bold)
        #expect(views[2]?.kind == .field)
        #expect(views[2]?.properties.placeholder == "Type here")
        #expect(views[2]?.properties.text == "swift")
        #expect(views[2]?.properties.alignment == .center)
        #expect(views[2]?.properties.action == "search")
        var slider = ViewProperties()
        slider.minimum = -10
        slider.maximum = 10
        slider.step = 0.5
        slider.value = 2.5
        slider.action = "volume:changed"
        #expect(views[3]?.properties == slider)
        #expect(views[4]?.name == "rocket")
        #expect(views[4]?.properties.symbol == "🚀")
        #expect(views[4]?.properties.hidden == true)
        #expect(views[4]?.frame.width == 3)
        #expect(views[5]?.properties.showsPercentage == true)
        #expect(views[5]?.properties.value == 0.25)
        #expect(views[5]?.autoresizing == [.pinRight, .pinBottom])
        #expect(views[6]?.properties.symbol == "═")
        #expect(views[6]?.style.foreground == .palette(214))
    }

    @Test func severalCellsBlankLinesAndCommentsAndCRLF() throws {
        let text =
            "# two cells\r\n\r\ncell a\r\n|[1 x]|\r\n  1 label   # trailing comment\r\n\r\n"
            + "# between\n  cell b height=1\n  |  [7 y] |  # a note after the bar\n\n  7 label text=\"# not a comment\"\n"
        let document = try parseLayout(text)
        #expect(document.cells.map(\.identifier) == ["a", "b"])
        #expect(document.cells[0].width == 5)
        #expect(document.cells[1].width == 8)
        #expect(document.cells[1].views.first?.properties.text == "# not a comment")
        #expect(document.cells[1].views.first?.frame == Rect(x: 2, y: 0, width: 5, height: 1))
        #expect(document.cell("b")?.location == at(8, 8))
    }

    /// U+2028, U+2029 and U+0085 inside a comment do not end the line: errors are at the lines an editor shows.
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
    func unicodeLineSeparatorsInACommentDoNotSplitTheLine(_ separator: String) throws {
        let text = "# a comment\(separator)cell hidden\ncell a\n|[1 x]|\n  1 labl\n"
        let (document, errors) = LayoutParser.check(text, file: "Sep.layout")
        #expect(document.cells.map(\.identifier) == ["a"])
        #expect(errors.map(\.line) == [4], "\(errors)")
    }

    /// A cell's height is capped (issue 21: a 20,000-line cell took 12 s and 2 GB to preview at 4096 columns).
    @Test func aCellTallerThanTheCapIsRefusedAtTheFirstLineOverIt() throws {
        let cap = CellSpec.maximumHeight
        let canvas = String(repeating: "| x |\n", count: 20_000)
        let (document, errors) = LayoutParser.check("cell tall\n" + canvas, file: "Tall.layout")
        #expect(errors.count == 1, "\(errors.prefix(3))")
        #expect(errors.first?.line == cap + 2)
        #expect(errors.first?.message == "the canvas has 20000 lines; a cell may be at most \(cap) lines tall")
        #expect(document.cells.first.map { $0.height <= cap } ?? true)
        let atTheCap = "cell tall\n" + String(repeating: "| x |\n", count: cap)
        #expect(LayoutParser.check(atTheCap, file: "Tall.layout").errors.isEmpty)
    }

    @Test func barsInsideTheCanvasAreText() throws {
        let text = """
            cell bars
            | a | b [1 x] # c |
              1 label
            """
        let cell = try #require(try parseLayout(text).cells.first)
        #expect(cell.views.filter { $0.kind == .text }.map(\.properties.text) == ["a | b", "# c"])
    }
}
