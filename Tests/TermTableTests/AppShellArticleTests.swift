import TermTableTesting
import Testing

@testable import TermTable

/// The article "The app shell": its code is the code compiled here (`AppShellExamples.swift`), and its app does
/// what the article says on an in-memory screen.
@Suite("The app shell (article)") @MainActor
struct AppShellArticleTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/AppShell.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/AppShellExamples.swift"

    func start(keyMap: KeyMap = KeyMap()) -> (ServiceBrowser, AppDriver) {
        let browser = ServiceBrowser()
        let driver = AppDriver(size: Size(width: 60, height: 10)) { screen in
            browser.makeApplication(on: screen, keyMap: keyMap)
        }
        driver.app.render()
        return (browser, driver)
    }

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try DocExamplesTests.expectEverySwiftBlock(of: Self.articlePath, count: 7..., areIn: Self.examplesPath)
    }

    @Test func actionsRunByKeyAndAPushedScreenGoesBackToTheListAsItWasLeft() {
        let (browser, driver) = start()
        #expect(driver.lines[0].hasPrefix("services"))
        #expect(driver.lines[9].contains("restart") && driver.lines[9].contains("quit"), "\(driver.lines[9])")
        driver.press("r j enter")
        #expect(driver.lines[0].hasPrefix("services › billing"), "\(driver.lines[0])")
        driver.press("r l")
        #expect(browser.log == ["restart api", "logs billing"], "r is the list's: not in force on the detail screen")
        driver.press("esc r")
        #expect(browser.log.last == "restart billing", "back on the list, its cursor where it was")
    }

    @Test func thePaletteRunsAnActionAsItsKeyAndACommandWithItsArgument() {
        let (browser, driver) = start()
        driver.press("j ctrl-p")
        driver.type("restart")
        driver.press("enter")
        driver.press("r")
        #expect(browser.log == ["restart billing", "restart billing"])
        driver.press(":")
        driver.type("scale")
        driver.press("enter")
        driver.type("wor")
        driver.press("enter")
        #expect(browser.log.last == "scale worker")
    }

    @Test func aKeyMapRemapsAnActionAndTheHintBarShowsTheMappedKey() {
        let (map, problems) = KeyMap.parse("service.restart = R\n", file: "keys.conf")
        #expect(problems.isEmpty)
        let (browser, driver) = start(keyMap: map)
        driver.press("r R")
        #expect(browser.log == ["restart api"])
        #expect(driver.lines[9].contains("R restart"), "\(driver.lines[9])")
    }

    @Test func thePromptCompletesAServiceAndRemembersTheAnswer() {
        let (browser, driver) = start()
        let history = PromptHistory()
        browser.askForAService(in: driver.app, history: history)
        driver.type("a")
        driver.press("tab enter")
        browser.askForAService(in: driver.app, history: history)
        driver.type("w")
        driver.press("tab enter")
        #expect(browser.log == ["asked api", "asked worker"])
        browser.askForAService(in: driver.app, history: history)
        driver.press("up up enter")
        #expect(browser.log.last == "asked api", "from an empty field, ↑ goes through the earlier answers")
        browser.askForAService(in: driver.app, history: history)
        driver.press("up")
        let line = driver.app.topOverlay as? PromptLine
        #expect(line?.field.text == "api")
        #expect(line?.shownSuggestions == ["api"], "the suggestions follow the answer ↑ brought back")
        driver.press("esc")
        #expect(history.entries == ["worker", "api"])
    }

    @Test func aSequenceMovesTheCursorAndTheGroupIsOneLineOfHelp() {
        let (browser, driver) = start()
        browser.addSequences(to: driver.app)
        driver.press("g e")
        #expect(browser.list.state.cursor == IndexPath(row: 3, section: 0))
        driver.press("g")
        #expect(driver.lines[9].hasPrefix("g… g top · e last service"), "\(driver.lines[9])")
        driver.press("g")
        #expect(browser.list.state.cursor == IndexPath(row: 0, section: 0))
        let line = driver.app.bindingsInForce.first { $0.help == "first, last service" }
        #expect(line?.label == "Home/g g End/g e")
    }

    @Test func theTickRedrawsOnlyTheRowsWhoseAgeChangedAndSettingsAreStyled() {
        let (browser, driver) = start()
        let box = AgesBox()
        tickAges(of: browser.list, in: driver.app) { box.ages[$0.row] }
        box.ages = [.seconds(58), .seconds(3_700), .seconds(59), .seconds(5)]
        let rows = (0..<4).map { row in driver.lines.firstIndex { $0.hasPrefix(browser.services[row]) } ?? -1 }
        let before = rows.map { driver.screen.lineVersion($0) }
        driver.advanceTime(by: .seconds(1))
        // 58s reads differently a second before (57s), 1h1m does not, 59s and 5s do: three rows.
        let redrawn = (0..<4).filter { driver.screen.lineVersion(rows[$0]) != before[$0] }
        #expect(redrawn == [0, 2, 3], "\(driver.lines)")
        let text = settingsText([("replicas", "3"), ("image", "api:1.4")])
        #expect(text.string == "replicas: 3\nimage: api:1.4\n")
        #expect(text.runs[0].style.attributes.contains(.bold) && text.runs[1].style == .plain)
    }
}

/// The ages the article's tick reads (a test sets them).
@MainActor final class AgesBox {
    var ages: [Duration] = []
}
