import TermTableCore
import Testing

@testable import TermTableLayout

/// `termtable lint` knows the narrow-width properties: bad values are refused with their place and a hint.
@Suite("Layout parser: narrow-width properties")
struct LayoutParserNarrowingTests {
    func expectError(
        _ property: String, _ message: String, column: Int, hint: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = """
            cell row
            | [1 title        ] [2 age ] [3 go    ] |
              1 label stretch
              2 label pin=right \(property)
              3 button title=Go
            """
        let errors = LayoutParser.check(text, file: "T.layout").errors
        let match = errors.first { $0.message.contains(message) }
        #expect(
            match != nil, "no error containing \"\(message)\" in:\n\(LayoutErrorList(errors))",
            sourceLocation: sourceLocation)
        guard let match else { return }
        #expect(match.line == 4 && match.column == column, "place of \(match)", sourceLocation: sourceLocation)
        #expect(match.hint?.contains(hint) == true, "hint of \(match)", sourceLocation: sourceLocation)
    }

    @Test func badValuesAreRefused() {
        // `  2 label pin=right ` is 20 characters: the property starts at column 21, its value after the `=`.
        expectError("shrink=first", "bad value `first` for `shrink`", column: 28, hint: "a whole number from 0 to 99")
        expectError("shrink=100", "bad value `100` for `shrink`", column: 28, hint: "from 0 to 99")
        expectError("min-width=0", "bad value `0` for `min-width`", column: 31, hint: "from 1 to")
        expectError("min-width=9", "min-width=9 but field 2 is 8 columns wide", column: 31, hint: "give at most 8")
        expectError(
            "hide-below=50", "hide-below=50 hides field 2 at the canvas's own width (39 columns)", column: 32,
            hint: "at most 39")
        expectError("hide-below=", "`hide-below` needs a value", column: 21, hint: "hide-below=1")
        expectError("heading", "`heading` needs a value", column: 21, hint: "heading=PID")
        expectError("min=3", "`min` does not apply to a label", column: 21, hint: "did you mean `min-width=`")
        expectError("minwidth=3", "unknown property `minwidth`", column: 21, hint: "did you mean `min-width`?")
    }

    @Test func aButtonCannotNarrowBelowItsOwnMinimum() {
        let errors = LayoutParser.check(
            """
            cell row
            | [1 go    ] |
              1 button title=Go min-width=2
            """, file: "T.layout"
        ).errors
        #expect(errors.map(\.message) == ["min-width=2 is narrower than a button can be drawn (4 columns)"])
        #expect(errors.first?.column == 31)
    }

    @Test func headingsThatShareColumnsAreRefused() {
        let errors = LayoutParser.check(
            """
            cell row height=2
            | [1 title        ] [2 age ] |
            |   [3 summary             ] |
              1 label stretch heading=Title
              2 label pin=right heading=Age
              3 label stretch heading=Summary
            """, file: "T.layout"
        ).errors
        #expect(errors.map(\.message) == ["the headings of fields 1 and 3 would overlap in the header row"])
        #expect(errors.first?.line == 6 && errors.first?.column == 19)
    }

    @Test func theNewPropertiesParseIntoTheSpec() throws {
        let document = LayoutParser.check(
            """
            cell row
            | [1 title        ] [2 age ] |
              1 label stretch min-width=5 shrink=3 heading=Title
              2 label pin=right hide-below=20 heading="Age ago"
            """, file: "T.layout")
        #expect(document.errors.isEmpty, "\(LayoutErrorList(document.errors))")
        let views = try #require(document.document.cells.first?.views)
        #expect(views[0].shrinkRule == ShrinkRule(minimumWidth: 5, priority: 3))
        #expect(views[1].shrinkRule == ShrinkRule(hiddenBelowWidth: 20))
        #expect(views.map(\.properties.heading) == ["Title", "Age ago"])
    }
}
