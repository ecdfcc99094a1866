import Testing

@testable import TermTableLayout

/// `height=auto` on a `cell` line: the row follows its content; a value that is neither a number nor `auto` is
/// refused with a hint naming both (issue 23).
@Suite("Layout parser: height=auto")
struct LayoutParserAutomaticHeightTests {
    @Test func heightAutoMarksTheCellAndKeepsTheCanvasHeight() throws {
        let document = try parseLayout(
            "cell message height=auto\n|[1 message ]|\n|[1         ]|\n  1 label wrap stretch=both")
        let cell = try #require(document.cell("message"))
        #expect(cell.heightIsAutomatic)
        #expect(cell.height == 2)
    }

    @Test(arguments: ["cell row\n|[1 a]|\n  1 label", "cell row height=1\n|[1 a]|\n  1 label"])
    func aCellWithoutHeightAutoHasAFixedHeight(text: String) throws {
        let cell = try #require(try parseLayout(text).cell("row"))
        #expect(!cell.heightIsAutomatic)
        #expect(cell.height == 1)
    }

    @Test func heightAutoGoesWithTheOtherAttributes() throws {
        let document = try parseLayout(
            "cell row accessory=disclosure height=auto indent=1\n|[1 a    ]|\n  1 label wrap stretch=both")
        let cell = try #require(document.cell("row"))
        #expect(cell.heightIsAutomatic)
        #expect(cell.accessory == .disclosure)
        #expect(cell.indentation == 1)
    }

    @Test(arguments: ["x", "automatic", "AUTO", "1.5"])
    func aHeightThatIsNeitherANumberNorAutoIsRefused(value: String) throws {
        let errors = layoutErrors("cell row height=\(value)\n|[1 a]|\n  1 label")
        let error = try #require(errors.first, "no error for height=\(value)")
        #expect(errors.count == 1, "\(LayoutErrorList(errors))")
        #expect(error.message == "bad value `\(value)` for `height`")
        #expect(error.line == 1)
        #expect(error.column == 17)
        #expect(error.hint?.contains("`auto`") == true, "\(error)")
        #expect(error.hint?.contains("1 to 500") == true, "\(error)")
    }

    @Test func heightAutoGivenTwiceAndAMissingValueAreRefused() throws {
        let twice = layoutErrors("cell row height=auto height=1\n|[1 a]|\n  1 label")
        #expect(twice.map(\.message) == ["`height` is given twice"])
        let missing = layoutErrors("cell row height=\n|[1 a]|\n  1 label")
        #expect(missing.count == 1, "\(LayoutErrorList(missing))")
        #expect(missing.first?.message.contains("height") == true, "\(LayoutErrorList(missing))")
    }
}
