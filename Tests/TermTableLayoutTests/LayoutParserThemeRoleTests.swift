import TermTableCore
import Testing

@testable import TermTableLayout

/// Theme roles in style lists: `style=accent,bold` names the theme's accent, resolved when drawn; `#rrggbb` colours.
@Suite("Layout parser: theme roles")
struct LayoutParserThemeRoleTests {
    func viewStyles(_ properties: String) throws -> [Style] {
        let text = "cell row\n| [1 a    ] [2 b    ] |\n" + properties
        let (document, errors) = LayoutParser.check(text, file: "T.layout")
        #expect(errors.isEmpty, "\(errors)")
        return try #require(document.cells.first).views.map(\.style)
    }

    @Test func aRoleNameInAStyleListNamesTheThemeRoleWithTheOtherItemsOverIt() throws {
        let styles = try viewStyles("  1 label style=accent,bold\n  2 label style=inactive-cursor fg=#ff8800\n")
        #expect(styles[0] == Style(role: .accent, attributes: .bold))
        #expect(styles[1] == Style(role: .inactiveCursor, foreground: .rgb(0xFF, 0x88, 0x00)))
    }

    @Test func dimIsTheDimRoleAloneAndTheDimAttributeBesideAnotherRole() throws {
        let styles = try viewStyles("  1 label style=dim\n  2 label style=dim,error\n")
        #expect(styles[0] == Style(role: .dim))
        #expect(styles[1] == Style(role: .error, attributes: .dim))
        #expect(Theme.dark.resolve(styles[0]) == .dim, "the default themes draw the dim role dim, as before")
    }

    @Test func twoRolesInOneListAreRefusedAtTheSecond() {
        let errors = layoutErrors("cell row\n| [1 a ] |\n  1 label style=accent,error\n")
        #expect(errors.map(\.message) == ["a style list names one theme role: `accent` and `error`"])
        #expect(errors.first?.column == 24)
    }

    @Test func aRoleNameIsSuggestedForAMisspeltOne() {
        let errors = layoutErrors("cell row\n| [1 a ] |\n  1 label style=acent\n")
        #expect(errors.first?.message == "unknown style `acent`")
        #expect(errors.first?.hint?.contains("`accent`") == true)
    }
}
