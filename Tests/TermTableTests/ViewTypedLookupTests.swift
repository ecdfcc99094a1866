import Testing

@testable import TermTable

/// Views found by tag or name as a class: a missing one is nil, one of another class is an error that names it.
@MainActor
struct ViewTypedLookupTests {
    let cell: TableViewCell

    init() throws {
        let library = try LayoutLibrary(
            string: """
                cell row
                | [1 title              ] [2 done  ] |
                  1 label stretch
                  2 progress pin=right name=done
                """)
        cell = try library.instantiate("row")
    }

    @Test func theRightClassIsFound() throws {
        #expect(try cell.checkedViewWithTag(1, as: Label.self) != nil)
        #expect(cell.viewWithTag(2, as: ProgressBar.self) != nil)
        #expect(cell.view(named: "done", as: ProgressBar.self) != nil)
    }

    @Test func aMissingTagOrNameIsNil() throws {
        #expect(try cell.checkedViewWithTag(7, as: Label.self) == nil)
        #expect(cell.viewWithTag(7, as: Label.self) == nil)
        #expect(try cell.checkedView(named: "nothing", as: Label.self) == nil)
    }

    @Test func anotherClassIsAnErrorNamingTheTagAndBothClasses() {
        #expect(throws: ViewLookupError.wrongClassForTag(2, expected: "Label", found: "ProgressBar")) {
            try cell.checkedViewWithTag(2, as: Label.self)
        }
        let error = ViewLookupError.wrongClassForTag(2, expected: "Label", found: "ProgressBar")
        #expect(
            error.description.hasPrefix(
                "viewWithTag(2, as: Label.self): the view with tag 2 is a ProgressBar, not a Label"))
        #expect(throws: ViewLookupError.wrongClassForName("done", expected: "Slider", found: "ProgressBar")) {
            try cell.checkedView(named: "done", as: Slider.self)
        }
    }
}
