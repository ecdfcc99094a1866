import Testing

@testable import TermTableLayout

/// Parses `text` as `T.layout` and returns the errors.
func layoutErrors(_ text: String) -> [LayoutError] {
    LayoutParser.check(text, file: "T.layout").errors
}

@Suite("Layout parser: refusals")
struct LayoutErrorTests {
    /// Expects an error containing `message` at `line`:`column` (and `hint` in its hint, when given).
    func expectError(
        _ text: String, _ message: String, line: Int, column: Int, hint: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let errors = layoutErrors(text)
        let match = errors.first { $0.message.contains(message) }
        #expect(
            match != nil, "no error containing \"\(message)\" in:\n\(LayoutErrorList(errors))",
            sourceLocation: sourceLocation)
        guard let match else { return }
        #expect(match.line == line, "line of \(match)", sourceLocation: sourceLocation)
        #expect(match.column == column, "column of \(match)", sourceLocation: sourceLocation)
        if let hint {
            #expect(match.hint?.contains(hint) == true, "hint of \(match)", sourceLocation: sourceLocation)
        }
        #expect(match.sourceLine == LayoutParser.lines(of: text)[line - 1], sourceLocation: sourceLocation)
    }

    @Test func theFullDescriptionHasLocationSourceLineCaretAndHint() throws {
        let text = """
            # News.layout

            cell other
              | [1 x                  ] |
              1 label
            cell news
              | [3 summary           ] |
            """
        let errors = LayoutParser.check(text, file: "News.layout").errors
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(
            error.description == """
                News.layout:7:5: error: tag 3 is drawn on the canvas but has no property line
                    | [3 summary           ] |
                      ^
                hint: add a line such as `  3 label stretch` under the canvas
                """)
        #expect(error.location == LayoutLocation(file: "News.layout", line: 7, column: 5))
        #expect(throws: LayoutErrorList.self) { try LayoutParser.parse(text, file: "News.layout") }
    }

    @Test func theCaretIsPlacedByDisplayWidth() throws {
        let error = try #require(layoutErrors("cell a\n| 日本 [x] |\n").first)
        #expect(error.column == 7)
        #expect(error.description.split(separator: "\n")[2] == "          ^")
    }

    @Test func everyErrorOfAFileIsReportedInOrder() {
        let errors = layoutErrors(
            """
            cell a
            | [1 x] [2 y] |
              1 lable
              2 label algin=left
              3 label
            """)
        #expect(errors.map(\.line) == [3, 4, 5])
        #expect(errors.count == 3)
    }

    // MARK: Files and cells

    @Test func aFileWithNoCell() {
        expectError("", "no cell in the file", line: 1, column: 1, hint: "cell IDENTIFIER")
        expectError("# only a comment\n\n", "no cell in the file", line: 1, column: 1)
    }

    @Test func aCellWithoutIdentifier() {
        expectError("cell\n|[1]|\n 1 glyph", "cell has no identifier", line: 1, column: 6, hint: "`cell row`")
        expectError(
            "cell height=1\n|[1]|\n 1 glyph", "cell has no identifier", line: 1, column: 6,
            hint: "`cell row height=1`")
    }

    @Test func anIdentifierWithAnInvalidCharacter() {
        expectError("cell ne!ws\n|[1]|\n 1 glyph", "invalid character `!` in identifier `ne!ws`", line: 1, column: 8)
        expectError("cell 9lives\n|[1]|\n 1 glyph", "invalid character `9`", line: 1, column: 6)
    }

    @Test func twoCellsWithOneIdentifier() {
        expectError(
            "cell row\n|[1]|\n 1 glyph\n\ncell row\n|[1]|\n 1 glyph",
            "duplicate identifier `row`: a cell `row` is already defined on line 1", line: 5, column: 6,
            hint: "unique")
    }

    @Test func aCellWithoutCanvas() {
        expectError("cell row height=1\ncell next\n|[1]|\n 1 glyph", "cell `row` has no canvas", line: 1, column: 6)
    }

    @Test func unknownAndBadCellAttributes() {
        expectError(
            "cell row heigth=1\n|[1]|\n 1 glyph", "unknown cell attribute `heigth`", line: 1, column: 10,
            hint: "did you mean `height`?")
        expectError(
            "cell row accessory=arrow\n|[1]|\n 1 glyph", "bad value `arrow` for `accessory`", line: 1,
            column: 20, hint: "`none`, `disclosure` or `checkmark`")
        expectError("cell row indent=-1\n|[1]|\n 1 glyph", "bad value `-1` for `indent`", line: 1, column: 17)
        expectError("cell row height=1 height=1\n|[1]|\n 1 glyph", "`height` is given twice", line: 1, column: 19)
        expectError(
            "cell row selection=blod\n|[1]|\n 1 glyph", "unknown style `blod`", line: 1, column: 20,
            hint: "did you mean `bold`?")
    }

    @Test func aHeightThatDoesNotMatchTheCanvas() {
        expectError(
            "cell row height=3\n|[1 a]|\n|[1 a]|\n 1 label", "height=3 but the canvas has 2 lines",
            line: 1, column: 10, hint: "`height=2`")
    }

    // MARK: The canvas

    @Test func aFieldRepeatedInACell() {
        expectError(
            "cell row\n| [1 a] [2 b] |\n| [3 c] [1 d] |\n 1 label\n 2 label\n 3 label",
            "tag 1 is used twice in cell `row` (first on line 2)", line: 3, column: 9)
        expectError("cell row\n| [1 a] [1 b] |\n 1 label", "tag 1 is used twice", line: 2, column: 9)
    }

    @Test func aTallerFieldWhoseColumnsDoNotLineUp() {
        expectError(
            "cell row\n| [1 title    ] |\n| [1 title  ]   |\n 1 label",
            "field 1 overlaps: here it takes columns 1..<12, on line 2 columns 1..<14", line: 3, column: 3,
            hint: "same columns")
    }

    @Test func anUnclosedBracket() {
        expectError(
            "cell row\n| [1 title   |\n 1 label", "unclosed bracket", line: 2, column: 3,
            hint: "before the canvas's right bar")
        expectError(
            "cell row\n| [1 title [2 x] |\n 2 label", "unclosed bracket", line: 2, column: 3,
            hint: "before the next `[`")
    }

    @Test func aClosingBracketWithoutOpening() {
        expectError("cell row\n| a] [1 x] |\n 1 label", "`]` without a matching `[`", line: 2, column: 4)
    }

    @Test func anEmptyBracket() {
        expectError("cell row\n| [  ] |", "empty field", line: 2, column: 3, hint: "`[1 title]`")
    }

    @Test func aTagThatIsNotAPositiveInteger() {
        expectError(
            "cell row\n| [title] |", "tag `title` is not a positive integer", line: 2, column: 4,
            hint: "`[1 title]`")
        expectError("cell row\n| [-1 x] |", "tag `-1` is not a positive integer", line: 2, column: 4)
        expectError("cell row\n| [0 x] |", "tag 0 is reserved for static text", line: 2, column: 4)
        expectError("cell row\n| [12345678 x] |", "tag 12345678 is too large", line: 2, column: 4)
        expectError("cell row\n| [1 x] |\n one label", "unexpected line", line: 3, column: 2)
        expectError("cell row\n| [1 x] |\n 1x label", "tag `1x` is not a positive integer", line: 3, column: 2)
    }

    @Test func anInvalidFieldName() {
        expectError(
            "cell row\n| [1 3h ago] |\n 1 label", "`3h` is not a valid field name", line: 2, column: 6,
            hint: "sample=")
    }

    @Test func aRaggedCanvasMeasuredInDisplayColumns() {
        // 日本 takes four columns: the bars line up in characters but not on the terminal.
        expectError(
            "cell row\n| [1 a]    |\n| 日本 [2]   |\n 1 label\n 2 glyph",
            "ragged canvas: this line is 12 columns wide, the first canvas line (line 2) is 10",
            line: 3, column: 12, hint: "wide characters")
    }

    @Test func aMissingClosingBar() {
        expectError(
            "cell row\n| [1 a] |\n| [2 b]   \n 1 label\n 2 label", "canvas line has no closing `|`",
            line: 3, column: 8)
        expectError("cell row\n| [1 a] | x\n 1 label", "canvas line has no closing `|`", line: 2, column: 12)
    }

    @Test func aTabInTheCanvas() {
        expectError("cell row\n|\t[1 a] |\n 1 label", "tab in the canvas", line: 2, column: 2, hint: "use spaces")
    }

    @Test func canvasLinesInTheWrongPlace() {
        expectError("| [1 a] |\ncell row\n|[1]|\n 1 glyph", "canvas line outside a cell", line: 1, column: 1)
        expectError("cell row\n|[1]|\n 1 glyph\n|[2]|", "canvas line after the property lines", line: 4, column: 1)
    }

    // MARK: Property lines

    @Test func aPropertyLineBeforeTheCanvas() {
        expectError("cell row\n  1 label\n| [1 a] |", "property line before the canvas", line: 2, column: 3)
        expectError("  1 label\ncell row\n|[1]|\n 1 glyph", "property line outside a cell", line: 1, column: 3)
    }

    @Test func aPropertyLineForATagNotDrawn() {
        expectError(
            "cell row\n| [1 a] |\n  1 label\n  2 label", "tag 2 has a property line but is not drawn",
            line: 4, column: 3, hint: "`[2 name]`")
    }

    @Test func aDrawnTagWithoutPropertyLine() {
        expectError(
            "cell row\n| [1 a] [2 b] |\n  1 label", "tag 2 is drawn on the canvas but has no property line",
            line: 2, column: 9, hint: "`  2 label stretch`")
    }

    @Test func twoPropertyLinesForOneTag() {
        expectError(
            "cell row\n| [1 a] |\n  1 label\n  1 label stretch",
            "tag 1 already has a property line (line 3)", line: 4, column: 3)
    }

    @Test func anUnknownKindWithSuggestion() {
        expectError(
            "cell row\n| [1 a] |\n  1 lable", "unknown kind `lable`", line: 3, column: 5,
            hint: "did you mean `label`?")
        expectError(
            "cell row\n| [1 a] |\n  1 buton", "unknown kind `buton`", line: 3, column: 5,
            hint: "did you mean `button`?")
        expectError(
            "cell row\n| [1 a] |\n  1 text", "`text` is the kind of static canvas text", line: 3, column: 5,
            hint: "`label`")
        expectError("cell row\n| [1 a] |\n  1 style=bold", "tag 1 has no kind", line: 3, column: 5)
    }

    @Test func anUnknownPropertyWithSuggestion() {
        expectError(
            "cell row\n| [1 a] |\n  1 label algin=left", "unknown property `algin`", line: 3, column: 11,
            hint: "did you mean `align`?")
        expectError(
            "cell row\n| [1 a] |\n  1 label bold", "unknown property `bold`", line: 3, column: 11,
            hint: "did you mean `style=bold`?")
        expectError(
            "cell row\n| [1 a] |\n  1 label strech", "unknown property `strech`", line: 3, column: 11,
            hint: "did you mean `stretch`?")
    }

    @Test func aBadValueListsTheAllowedOnes() {
        expectError(
            "cell row\n| [1 a] |\n  1 label truncate=end", "bad value `end` for `truncate`", line: 3,
            column: 20, hint: "`head`, `middle`, `tail` or `clip`")
        expectError(
            "cell row\n| [1 a] |\n  1 label pin=left", "bad value `left` for `pin`", line: 3, column: 15,
            hint: "`right`, `bottom` or `right,bottom`")
        expectError(
            "cell row\n| [1 a] |\n  1 label stretch=wide", "bad value `wide` for `stretch`", line: 3,
            column: 19, hint: "`width`, `height` or `both`")
        expectError("cell row\n| [1 a] |\n  1 label fg=pruple", "unknown colour `pruple`", line: 3, column: 14)
        expectError(
            "cell row\n| [1 a] |\n  1 label style=bold,,dim", "empty item in the style list", line: 3,
            column: 22)
        expectError("cell row\n| [1 a] |\n  1 label style=bold,ugly", "unknown style `ugly`", line: 3, column: 22)
        expectError(
            "cell row\n| [1 a] |\n  1 label align", "`align` needs a value", line: 3, column: 11,
            hint: "`align=left`, `align=center` or `align=right`")
        expectError(
            "cell row\n| [1 a] |\n  1 label hidden=maybe", "bad value `maybe` for `hidden`", line: 3,
            column: 18)
    }

    @Test func aPropertyThatDoesNotApplyToTheKind() {
        expectError(
            "cell row\n| [1 a] |\n  1 label action=open", "`action` does not apply to a label", line: 3,
            column: 11, hint: "`button`, `field` or `slider`")
        expectError(
            "cell row\n| [1 a] |\n  1 label title=Hi", "`title` does not apply to a label", line: 3,
            column: 11, hint: "did you mean `text=`?")
        expectError(
            "cell row\n| [1 abc] |\n  1 progress min=2", "`min` does not apply to a progress bar", line: 3,
            column: 14)
    }

    @Test func aPropertyGivenTwice() {
        expectError(
            "cell row\n| [1 a] |\n  1 label align=left align=right", "`align` is given twice", line: 3,
            column: 22)
        expectError(
            "cell row\n| [1 a] |\n  1 label text=a sample=b", "`sample` and `text` are both given", line: 3,
            column: 18)
        expectError(
            "cell row\n| [1 a] |\n  1 label style=fg=red fg=blue", "a colour is given both", line: 3,
            column: 24)
    }

    @Test func anUnterminatedQuote() {
        expectError("cell row\n| [1 a] |\n  1 label text=\"hello", "unterminated quote", line: 3, column: 16)
    }

    @Test func sliderAndProgressRanges() {
        expectError("cell row\n| [1 slider] |\n  1 slider min=5", "min=5 is not below max=1", line: 3, column: 12)
        expectError(
            "cell row\n| [1 slider] |\n  1 slider min=0 max=10 value=11", "value=11 is outside", line: 3,
            column: 31)
        expectError("cell row\n| [1 slider] |\n  1 slider step=2", "step=2 does not fit", line: 3, column: 17)
        expectError(
            "cell row\n| [1 bar] |\n  1 progress value=40", "value=40 is outside 0...1", line: 3, column: 20,
            hint: "`value=0.4`")
        expectError(
            "cell row\n| [1 slider] |\n  1 slider value=abc", "bad value `abc` for `value`", line: 3,
            column: 18)
    }

    @Test func symbolsMustBeOneCharacterOfTheRightWidth() {
        expectError(
            "cell row\n| [1] |\n  1 glyph symbol=ab", "symbol `ab` is 2 characters, not one", line: 3,
            column: 18)
        expectError(
            "cell row\n| [1 line] |\n  1 separator symbol=日", "symbol `日` takes 2 columns", line: 3,
            column: 22, hint: "one column wide")
    }

    @Test func controlsThatAreTooSmall() {
        expectError(
            "cell row\n| [1 go] |\n  1 button title=Subscribe", "the title needs 13 columns, but button 1 is 6",
            line: 3, column: 18, hint: "widen `[1 ...]`")
        expectError(
            "cell row\n| [1] |\n  1 slider", "a slider needs at least 5 columns, field 1 is 3", line: 2,
            column: 3)
        expectError(
            "cell row\n| [1 a] |\n| [1 a] |\n  1 button", "a button is one line tall, but field 1 is 2 lines",
            line: 2, column: 3)
        expectError("cell row\n| [1 box] |\n  1 box", "a box needs at least 2 lines", line: 2, column: 3)
        expectError(
            "cell row\n| [1 a] |\n  1 progress percent", "a progress bar needs at least 6 columns", line: 2,
            column: 3)
    }

    @Test func conflictingAutoresizing() {
        expectError(
            "cell row\n| [1 a] |\n  1 label stretch pin=right", "`stretch` and `pin=right` both given",
            line: 3, column: 19)
        expectError(
            "cell row\n| [1 a] |\n  1 label wrap=3", "wrap=3 but field 1 is 1 line tall", line: 3, column: 11,
            hint: "stretch=height")
    }

    /// `wrap` on a field one line tall that never stretches in height can never wrap: an error, not a silent no-op.
    @Test func wrapOnAFieldThatCanNeverBeTallerThanOneLine() {
        expectError(
            "cell row\n| [1 a] |\n  1 label wrap", "it never wraps", line: 3, column: 11, hint: "stretch=height")
        expectError(
            "cell row\n| [1 a] |\n  1 label stretch wrap=1", "it never wraps", line: 3, column: 19,
            hint: "remove `wrap`")
        #expect(layoutErrors("cell row\n| [1 a] |\n  1 label wrap stretch=both").isEmpty)
        #expect(layoutErrors("cell row\n| [1 a] |\n  1 label wrap stretch=height").isEmpty)
        #expect(layoutErrors("cell row height=2\n| [1 a] |\n| [1  ] |\n  1 label wrap").isEmpty)
    }

    @Test func namesAreUniqueInACell() {
        expectError(
            "cell row\n| [1 title] [2 b] |\n  1 label\n  2 label name=title",
            "name `title` is already used by tag 1", line: 4, column: 16)
    }

    @Test func junkLines() {
        expectError("cel row\n|[1]|\n 1 glyph", "unexpected line", line: 1, column: 1, hint: "did you mean `cell`?")
        expectError("cell row\n| [1 a] |\n  label 1", "unexpected line", line: 3, column: 3, hint: "`  1 label ...`")
        expectError("cell row\n[1 a]\n", "unexpected line", line: 2, column: 1, hint: "canvas lines start and end")
    }
}
