import TermTableTesting
import Testing

@testable import TermTable

/// The app's screen stack: push and pop keep the covered screen as it was; Esc goes back; modal screens; the breadcrumb.
@Suite @MainActor
struct AppScreenStackTests {
    /// A list of 100 rows under a breadcrumb, as the root screen titled "list".
    func listApp() -> (AppDriver, TableView, NumbersSource) {
        let source = NumbersSource(rows: 100)
        let table = makeTable(source, width: 1, height: 1)
        let driver = AppDriver(rootView: VStack([Breadcrumb(), .fill(table)]), size: Size(width: 30, height: 8))
        driver.app.rootScreen.title = "list"
        driver.app.render()
        return (driver, table, source)
    }

    /// A detail screen: a breadcrumb, a field that takes the focus, a label.
    func detailScreen(_ title: String, isModal: Bool = false) -> (AppScreen, TextField) {
        let field = TextField(text: "")
        let screen = AppScreen(
            VStack([Breadcrumb(), field, Label(text: "detail of \(title)")]), title: title, isModal: isModal)
        return (screen, field)
    }

    @Test func aPushedScreenCoversTheListWhichComesBackAsItWasOnEsc() {
        let (driver, table, source) = listApp()
        defer { withExtendedLifetime(source) {} }
        driver.press("ctrl-f j j j")
        let cursor = table.state.cursor
        let before = driver.lines
        #expect(before[0].hasPrefix("list "))
        let (detail, field) = detailScreen("Row 12")
        driver.app.push(detail)
        driver.app.render()
        #expect(driver.lines[0].hasPrefix("list › Row 12"))
        #expect(driver.lines.contains { $0.hasPrefix("detail of Row 12") }, "\(driver.lines)")
        #expect(driver.app.focusedView === field)
        driver.type("jk")  // typed into the field: the list's keys are not in force
        #expect(field.text == "jk")
        #expect(table.state.cursor == cursor)
        #expect(driver.app.bindingsInForce.contains { $0.keys == [.escape] && $0.help == "back to the screen before" })
        driver.press("escape")
        #expect(driver.app.screens.count == 1)
        #expect(driver.app.focusedView === table)
        #expect(table.state.cursor == cursor, "the cursor is where it was")
        #expect(driver.lines == before, "the list is drawn as it was: scroll, cursor and all")
        driver.press("escape")
        #expect(driver.app.screens.count == 1, "the root screen is never popped")
    }

    @Test func aScreenThatBindsEscKeepsItAndOnPopRuns() {
        let (driver, _, source) = listApp()
        defer { withExtendedLifetime(source) {} }
        let log = KeyLog()
        let (detail, _) = detailScreen("Row 0")
        detail.actions = [AppAction("detail.clear", keys: [.escape], help: "clear") { log.entries.append("clear") }]
        detail.onPop = { log.entries.append("popped") }
        driver.app.push(detail)
        driver.press("escape")
        #expect(log.take() == ["clear"])
        #expect(driver.app.topScreen === detail)
        #expect(driver.app.popScreen() === detail)
        #expect(log.take() == ["popped"])
        #expect(driver.app.popScreen() == nil)
    }

    @Test func aModalScreenIsDrawnOverTheOneBelowAndTheAppsActionsAreOff() {
        let (driver, _, source) = listApp()
        defer { withExtendedLifetime(source) {} }
        let log = KeyLog()
        driver.app.addAction(AppAction("app.quit", keys: [Key("q")], help: "quit") { log.entries.append("quit") })
        let box = Box(title: "Pick")
        box.addSubview(Label(text: "one", frame: Rect(x: 2, y: 1, width: 3, height: 1)))
        let modal = AppScreen(box, title: "pick", isModal: true)
        box.frame = Rect(x: 5, y: 2, width: 12, height: 3)
        driver.app.push(modal)
        driver.app.render()
        #expect(driver.lines[0].hasPrefix("list"), "the screen below is drawn under the modal one")
        #expect(driver.lines[3].contains("one"))
        driver.press("q")
        #expect(log.take().isEmpty, "the app's actions are off under a modal screen")
        #expect(!driver.app.bindingsInForce.contains { $0.help == "quit" })
        driver.press("escape")
        driver.press("q")
        #expect(log.take() == ["quit"])
    }

    @Test func aScreenCoveredDuringAResizeHasTheNewSizeWhenItIsBack() {
        let (driver, table, source) = listApp()
        defer { withExtendedLifetime(source) {} }
        driver.app.push(detailScreen("x").0)
        driver.resize(to: Size(width: 20, height: 6))
        driver.press("escape")
        #expect(driver.app.rootView.frame.size == Size(width: 20, height: 6))
        #expect(table.frame.width == 20)
        #expect(driver.lines[0].hasPrefix("list"))
    }

    @Test func theBreadcrumbDropsTheFirstTitlesWhenTooNarrow() {
        #expect(Breadcrumb.text(for: ["procs", "sleep", "files"], width: 40) == "procs › sleep › files")
        #expect(Breadcrumb.text(for: ["procs", "sleep", "files"], width: 15) == "… › files")
        #expect(Breadcrumb.text(for: ["procs", "sleep", "files"], width: 4) == "fil…")
        #expect(Breadcrumb.text(for: ["a\u{1B}[2Jb"], width: 20).unicodeScalars.allSatisfy { $0.value >= 0x20 })
        #expect(Breadcrumb.text(for: [], width: 20) == "")
    }
}
