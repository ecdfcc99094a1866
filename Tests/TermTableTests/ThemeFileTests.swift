import Foundation
import Glibc
import TermTableTesting
import Testing

@testable import TermTable

/// The user's theme: `role = colour attributes` lines over a base theme; bad lines and bad files are reported with
/// the file, line and column, the defaults kept.
@Suite @MainActor
struct ThemeFileTests {
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func linesSetRolesOverTheBaseTheFileNames() {
        let text = """
            # my colours
            base = light
            accent = #ff8800 bold
              mark = bright-yellow bg=#202020 bold,underline   # marks
            dim = 244
            error = plain
            """
        let (theme, problems) = Theme.parse(text, file: "theme.conf")
        #expect(problems.isEmpty)
        #expect(theme[.accent] == Style(foreground: .rgb(0xFF, 0x88, 0x00), attributes: .bold))
        #expect(
            theme[.mark]
                == Style(foreground: .ansi(11), background: .rgb(0x20, 0x20, 0x20), attributes: [.bold, .underline]))
        #expect(theme[.dim] == Style(foreground: .palette(244)))
        #expect(theme[.error] == .plain)
        #expect(theme[.warning] == Theme.light[.warning], "a role the file leaves out keeps the base's style")
        #expect(theme.name == "theme.conf")
    }

    @Test func badLinesAreLocatedByLineAndColumnAndTheirRolesKeepTheDefault() {
        let text = """
            acent = red
            mark = orang bold
            base = sepia
            header
            warning = red blue
            success =
            """
        let (theme, problems) = Theme.parse(text, file: "t.conf")
        #expect(problems.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["1:1", "2:8", "3:8", "4:0", "5:15", "6:0"])
        #expect(problems[0].message.hasPrefix("no role is named `acent` (did you mean `accent`?)"))
        #expect(problems[1].message.hasPrefix("unknown colour or attribute `orang`"))
        #expect(problems[1].description.hasPrefix("t.conf:2:8: unknown colour"))
        #expect(problems[4].message.hasPrefix("a second text colour `blue`"))
        #expect(theme[.accent] == Theme.dark[.accent])
        #expect(theme[.mark] == Theme.dark[.mark])
        #expect(theme[.warning] == Theme.dark[.warning])
    }

    @Test func aFileThatIsNotSmallTextIsOneProblemAndTheDefaultTheme() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = Theme.load(contentsOf: directory.appendingPathComponent("none.conf").path)
        #expect(missing.theme == .dark && missing.problems.isEmpty)
        let fifo = directory.appendingPathComponent("fifo.conf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let fromFIFO = Theme.load(contentsOf: fifo)  // no writer: a blocking open would wait for good
        #expect(fromFIFO.problems.map(\.message) == ["not a regular file: the default theme is used"])
        #expect(fromFIFO.theme == .dark)
        let device = Theme.load(contentsOf: "/dev/zero")
        #expect(device.problems.map(\.message) == ["not a regular file: the default theme is used"])
        let huge = directory.appendingPathComponent("huge.conf")
        try Data(repeating: UInt8(ascii: "#"), count: Theme.maximumFileSize + 1).write(to: huge)
        let fromHuge = Theme.load(contentsOf: huge.path)
        #expect(fromHuge.problems.count == 1 && fromHuge.problems[0].message.contains("at most 65536"))
        #expect(fromHuge.problems[0].line == nil)
        let binary = directory.appendingPathComponent("binary.conf")
        try Data([0x61, 0x3D, 0x62, 0x00, 0xFF]).write(to: binary)
        #expect(Theme.load(contentsOf: binary.path).problems[0].message.hasPrefix("not UTF-8 text"))
        #expect(Theme.load(contentsOf: binary.path).theme == .dark)
    }

    @Test func anAppLoadsItsThemeFromTheConfigDirectory() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("demo"), withIntermediateDirectories: true)
        try "accent = #00ff00\nmark = nope\n".write(
            to: directory.appendingPathComponent("demo/theme.conf"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": directory.path, "HOME": "/nonexistent"]
        #expect(Theme.defaultPath(forApp: "demo", environment: environment) == directory.path + "/demo/theme.conf")
        #expect(Theme.defaultPath(forApp: "demo", environment: ["HOME": "/h"]) == "/h/.config/demo/theme.conf")
        let driver = AppDriver(rootView: Label(text: "x"), size: Size(width: 4, height: 1))
        let problems = driver.app.loadTheme(forApp: "demo", environment: environment)
        #expect(problems.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["2:8"])
        #expect(driver.app.theme[.accent] == Style(foreground: .rgb(0, 0xFF, 0)))
        #expect(driver.app.theme[.mark] == Theme.dark[.mark])
    }

    @Test func switchingTheThemeRedrawsEveryViewAndTableRowInIt() {
        let source = NumbersSource(rows: 10)
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 8, height: 3)
        let status = Label(text: "status")
        status.textStyle = Style(role: .accent)
        let driver = AppDriver(
            rootView: VStack([.fill(table), .fixed(status, height: 1)]), size: Size(width: 8, height: 4))
        #expect(driver.screen.style(at: Point(x: 0, y: 0)) == .reverse)
        #expect(driver.screen.style(at: Point(x: 0, y: 3)) == Style(foreground: .cyan, attributes: .bold))
        let framesBefore = driver.app.frameCount
        var theme = Theme.dark
        theme[.cursor] = Style(foreground: .rgb(0, 0, 0), background: .rgb(0xFF, 0xD7, 0))
        theme[.accent] = Style(foreground: .rgb(0xFF, 0x88, 0), attributes: .italic)
        driver.app.theme = theme
        driver.app.renderIfNeeded()
        #expect(driver.app.frameCount == framesBefore + 1, "setting a theme asks for a frame")
        #expect(driver.screen.style(at: Point(x: 0, y: 0)) == theme[.cursor])
        #expect(driver.screen.style(at: Point(x: 5, y: 0)) == theme[.cursor], "the whole cursor row")
        #expect(driver.screen.style(at: Point(x: 0, y: 3)) == theme[.accent])
        #expect(driver.lines == ["Row 0   ", "Row 1   ", "Row 2   ", "status  "])
        driver.app.theme = .dark
        driver.app.renderIfNeeded()
        #expect(driver.screen.style(at: Point(x: 0, y: 0)) == .reverse)
    }
}

/// The testing library draws a view in a theme.
@Suite @MainActor
struct RenderingThemeTests {
    @Test func renderDrawsTheViewsRolesInTheThemeGiven() {
        let label = Label(text: "ok")
        label.textStyle = Style(role: .success)
        #expect(render(label, size: Size(width: 2, height: 1)).style(at: .zero) == Style(foreground: .green))
        let light = render(label, size: Size(width: 2, height: 1), theme: .light)
        #expect(light.style(at: .zero) == Theme.light[.success])
    }
}
