import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The article "Themes, colour and copy": its code is the code compiled here (`ThemesExamples.swift`), and it
/// does what the article says.
@Suite("Themes, colour and copy (article)") @MainActor
struct ThemesArticleTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/ThemesColourAndCopy.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/ThemesExamples.swift"

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try DocExamplesTests.expectEverySwiftBlock(of: Self.articlePath, count: 4..., areIn: Self.examplesPath)
    }

    @Test func theArticlesThemeFileAndLayoutLinesReadWithoutProblems() throws {
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        let file = try #require(DocExamplesTests.blocks("text", in: article).first)
        let (theme, problems) = Theme.parse(file, file: "theme.conf")
        #expect(problems.isEmpty, "\(problems)")
        #expect(theme[.accent] == Style(foreground: .rgb(0xFF, 0x88, 0x00), attributes: .bold))
        #expect(theme[.text] == Theme.light[.text] && theme[.warning] == Theme.light[.warning])
        let layout = try #require(DocExamplesTests.blocks("layout", in: article).first)
        let (_, errors) = LayoutParser.check("cell row\n| [1 a      ] [2 b  ] |\n" + layout, file: "T.layout")
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func theStatusLabelAndTheToggleDrawInTheThemes() {
        let label = makeStatusLabel()
        let driver = AppDriver(rootView: label, size: Size(width: 10, height: 1))
        #expect(driver.screen.style(at: .zero) == Style(foreground: .red, attributes: .bold))
        toggleTheme(of: driver.app)
        driver.app.renderIfNeeded()
        #expect(driver.app.theme == .light)
        #expect(driver.screen.style(at: .zero) == Style(foreground: .rgb(0xAF, 0, 0), attributes: .bold))
        toggleTheme(of: driver.app)
        #expect(driver.app.theme == harbourTheme())
    }

    @Test func orangeMapsAsTheArticleSays() {
        #expect(orangeAtEachDepth() == [.rgb(255, 136, 0), .palette(208), .ansi(3), .default])
    }
}
