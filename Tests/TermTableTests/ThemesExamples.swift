import Foundation
import TermTable

// The code of the article "Themes, colour and copy" (Sources/TermTable/TermTable.docc/ThemesColourAndCopy.md),
// compiled and run by the tests: `ThemesArticleTests` checks that every Swift block of the article is here, line
// for line. Change both together.

@MainActor
func makeStatusLabel() -> Label {
    let status = Label(text: "3 errors")
    status.textStyle = Style(role: .error, attributes: .bold)
    return status
}

func harbourTheme() -> Theme {
    var theme = Theme.dark
    theme[.accent] = Style(foreground: .rgb(0xFF, 0x88, 0x00), attributes: .bold)
    theme[.cursor] = Style(foreground: .black, background: .rgb(0xFF, 0xD7, 0x00))
    return theme
}

@MainActor
func toggleTheme(of app: Application) {
    app.theme = app.theme == .light ? harbourTheme() : .light
}

@MainActor
func applyUserTheme(to app: Application) {
    let (theme, problems) = Theme.load(forApp: "tasks")
    for problem in problems { FileHandle.standardError.write(Data("tasks: \(problem)\n".utf8)) }
    app.theme = theme
}

func orangeAtEachDepth() -> [Color] {
    let orange = Color.rgb(0xFF, 0x88, 0x00)
    return [ColorDepth.trueColor, .palette256, .ansi16, .none].map { $0.map(orange) }
    // [.rgb(255, 136, 0), .palette(208), .ansi(3), .default]
}

@MainActor
func openScreen(colours depth: ColorDepth?) throws -> CursesScreen {
    var options = CursesScreen.Options()
    options.colorDepth = depth  // nil: from the environment and the terminal
    return try CursesScreen(options: options)
}

@MainActor
func copyRowsToClipboard(_ rows: [[String]], in app: Application, status: Label) {
    let result = app.copy(ClipboardText.tsv(rows))
    status.text = result.message(describing: rows.count == 1 ? "1 row" : "\(rows.count) rows")
}

@MainActor
func announceCopy(of rows: [[String]], in app: Application, status: Label) {
    app.announcementView = status
    let result = app.copy(ClipboardText.tsv(rows))
    app.announce(result.message(describing: rows.count == 1 ? "1 row" : "\(rows.count) rows"))
}
