import Testing

@testable import TermTableCore

/// Themes: a style naming a role is drawn in the theme's style for it, under its own colours and attributes.
@Suite @MainActor
struct ThemeTests {
    @Test func aRoleResolvesToTheThemesStyleWithTheStylesOwnLaidOver() {
        #expect(
            Theme.dark.resolve(Style(role: .accent, attributes: .underline))
                == Style(foreground: .cyan, attributes: [.bold, .underline]))
        #expect(
            Theme.dark.resolve(Style(role: .mark, foreground: .rgb(1, 2, 3)))
                == Style(foreground: .rgb(1, 2, 3), attributes: .bold), "the style's own colour wins")
        #expect(Theme.dark.resolve(.bold) == .bold, "a style without a role is left as it is")
        var theme = Theme.light
        theme[.accent] = Style(role: .error, foreground: .red)
        #expect(theme[.accent] == Style(foreground: .red), "a theme's style has no role of its own")
    }

    @Test func theDarkThemeKeepsTheLooksTheToolkitHadBeforeThemes() {
        #expect(Theme.dark[.cursor] == .reverse)
        #expect(Theme.dark[.inactiveCursor] == .underline)
        #expect(Theme.dark[.mark] == Style(foreground: .yellow, attributes: .bold))
        #expect(Theme.dark[.header] == .bold)
        #expect(Theme.dark[.dim] == .dim)
    }

    @Test func roleNamesReadBackAndEveryRoleHasOne() {
        for role in Theme.Role.allCases { #expect(Theme.Role(name: role.name) == role) }
        #expect(Theme.Role(name: "inactive-cursor") == .inactiveCursor)
        #expect(Theme.Role(name: "accents") == nil)
    }

    @Test func rgbColoursAreWrittenHashAndSixHexDigits() {
        #expect(Color(name: "#ff8800") == .rgb(0xFF, 0x88, 0x00))
        #expect(Color(name: "#FF8800") == .rgb(0xFF, 0x88, 0x00))
        for bad in ["#ff88", "#ff88000", "#gg0000", "#+12345", "ff8800"] { #expect(Color(name: bad) == nil, "\(bad)") }
    }

    @Test func aViewDrawsItsRolesInTheThemeItIsRenderedWith() {
        let label = Label(text: "hi")
        label.textStyle = Style(role: .error, attributes: .underline)
        label.frame = Rect(x: 0, y: 0, width: 4, height: 1)
        let screen = BufferScreen(size: Size(width: 4, height: 1))
        label.render(on: screen)
        #expect(screen.style(at: .zero) == Style(foreground: .red, attributes: .underline))
        var theme = Theme.dark
        theme[.error] = Style(foreground: .rgb(0xAF, 0, 0), background: .rgb(0xFF, 0xEE, 0xEE))
        label.render(on: screen, theme: theme)
        #expect(
            screen.style(at: .zero)
                == Style(foreground: .rgb(0xAF, 0, 0), background: .rgb(0xFF, 0xEE, 0xEE), attributes: .underline))
        #expect(
            screen.style(at: Point(x: 3, y: 0)) == Style(background: .rgb(0xFF, 0xEE, 0xEE)),
            "the blanks after the text take the role's background")
    }

    @Test func aContextResolvesBaseAndOverlayRolesBeforeMergingThem() {
        let screen = BufferScreen(size: Size(width: 4, height: 1))
        var theme = Theme.dark
        theme[.cursor] = Style(background: .blue)
        let context = DrawContext(
            screen: screen, origin: .zero, clip: Rect(x: 0, y: 0, width: 4, height: 1), baseStyle: Style(role: .mark),
            theme: theme
        ).with(overlayStyle: Style(role: .cursor))
        context.put("x", at: .zero, style: Style(role: .error))
        #expect(screen.style(at: .zero) == Style(foreground: .red, background: .blue, attributes: .bold))
    }
}
