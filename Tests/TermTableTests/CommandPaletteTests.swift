import TermTableTesting
import Testing

@testable import TermTable

/// The command palette: the focused screen's actions with their keys, fuzzy-ranked; running one is pressing its key;
/// commands with an argument and completions; a query of any length stays bounded.
@Suite @MainActor
struct CommandPaletteTests {
    /// Two tables side by side, each with an action on `o`; the app has `app.quit` on `q`.
    func twoPanes() -> (AppDriver, TableView, [NumbersSource], KeyLog) {
        let sources = [NumbersSource(rows: 50), NumbersSource(rows: 50)]
        let left = makeTable(sources[0], width: 1, height: 1)
        let right = makeTable(sources[1], width: 1, height: 1)
        let driver = AppDriver(rootView: HStack([.fill(left), .fill(right)]), size: Size(width: 80, height: 20))
        let log = KeyLog()
        driver.app.addAction(
            AppAction("left.open", keys: [Key("o")], help: "open on the left") {
                log.entries.append("left.open \(left.state.cursor?.row ?? -1)")
            }, to: left)
        driver.app.addAction(
            AppAction("right.open", keys: [Key("o")], help: "open on the right") {
                log.entries.append("right.open")
            }, to: right)
        driver.app.addAction(
            AppAction("app.quit", keys: [Key("q")], help: "quit") { log.entries.append("app.quit") })
        driver.app.render()
        return (driver, left, sources, log)
    }

    func palette(_ driver: AppDriver) -> CommandPalette? { driver.app.topScreen.view as? CommandPalette }

    @Test func ctrlPListsTheFocusedScreensActionsWithTheirKeysAndRanksThemByTheQuery() {
        let (driver, _, sources, _) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        driver.press("ctrl-p")
        let shown = try! #require(palette(driver))
        let names = shown.items.map(\.name)
        #expect(names.prefix(2) == ["left.open", "app.quit"], "nearest the focus first: \(names)")
        #expect(!names.contains("right.open"), "the other pane's action is not in force")
        #expect(shown.items[0].keys == "o")
        #expect(driver.lines.contains { $0.contains("open on the left") && $0.contains("left.open") })
        driver.type("qit")
        #expect(shown.items.map(\.name) == ["app.quit"])
        driver.press("esc")
        #expect(palette(driver) == nil)
        #expect(driver.app.screens.count == 1)
    }

    /// A help too long for its line is cut before the action's name, which stays (the name a key map uses); on a
    /// screen too narrow for both, the help wins.
    @Test func aLongHelpIsCutBeforeTheActionsNameAndTheNameStays() {
        let (driver, _, sources, _) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        driver.app.addAction(
            AppAction(
                "logs.expand", keys: [Key("e")],
                help: "expand the entry into its lines (a stack trace), or back "
                    + String(repeating: "again and again ", count: 6)
            ) {})
        driver.press("ctrl-p")
        driver.type("expand")
        let row = try! #require(driver.lines.first { $0.contains("expand the entry") })
        #expect(row.contains("…") && row.contains("logs.expand"), "\(row)")
        #expect(row.range(of: "…")!.lowerBound < row.range(of: "logs.expand")!.lowerBound)
        driver.press("esc")
        driver.resize(to: Size(width: 30, height: 20))
        driver.press("ctrl-p")
        driver.type("expand")
        let narrow = try! #require(driver.lines.first { $0.contains("expand the") }, "\(driver.lines)")
        #expect(!narrow.contains("logs.expand"), "\(narrow)")
    }

    @Test func runningAnActionFromThePaletteEqualsPressingItsKey() {
        let (driver, left, sources, log) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        driver.press("j j j o")
        let pressed = log.take()
        #expect(pressed == ["left.open 3"])
        driver.press("ctrl-p")
        driver.type("left")
        driver.press("enter")
        #expect(log.take() == pressed, "the same action, with the focus and cursor where they were")
        #expect(palette(driver) == nil)
        #expect(driver.app.focusedView === left)
        // `:` opens it too when nothing else takes it; ↓ chooses the next entry.
        driver.press(": down enter")
        #expect(log.take() == ["app.quit"])
    }

    @Test func colonGoesToAFieldThatTakesItAndOpensNothing() {
        let field = TextField(text: "")
        let driver = AppDriver(rootView: VStack([field]), size: Size(width: 40, height: 6))
        driver.type("a:b")
        #expect(field.text == "a:b")
        #expect(driver.app.screens.count == 1)
        driver.app.commandPaletteKeys = []
        driver.press("ctrl-p")
        #expect(driver.app.screens.count == 1, "no palette keys: only the app opens it")
    }

    @Test func aCommandWithAnArgumentCompletesAndRunsWithTheChosenCompletion() {
        let (driver, _, sources, log) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        driver.app.addPaletteCommand(
            PaletteCommand(
                "ns", help: "show a namespace", completions: { _ in ["default", "kube-system", "kube-public"] }
            ) { log.entries.append("ns \($0)") })
        driver.press("ctrl-p")
        driver.type("ns")
        let shown = try! #require(palette(driver))
        #expect(shown.items.first?.name == "ns")
        driver.press("enter")
        #expect(shown.query == "ns ", "choosing the command puts its name in the field")
        #expect(shown.items.map(\.title) == ["ns default", "ns kube-system", "ns kube-public"])
        driver.type("sys")
        #expect(shown.items.map(\.title) == ["ns kube-system"])
        driver.press("tab")
        #expect(shown.query == "ns kube-system")
        driver.press("enter")
        #expect(log.take() == ["ns kube-system"])
        #expect(palette(driver) == nil)
        // An argument no completion matches runs as typed.
        driver.press("ctrl-p")
        driver.type("ns other")
        driver.press("enter")
        #expect(log.take() == ["ns other"])
    }

    @Test func aQueryOfAnyLengthIsCutAtTheFieldsLimitAndRanksWithAtMost32Terms() {
        let (driver, _, sources, _) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        driver.press("ctrl-p")
        let shown = try! #require(palette(driver))
        // 200,000 characters in 100,000 distinct-ish terms: the field keeps 4,096, the query 32 terms.
        let long = (0..<100_000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined(separator: " ")
        driver.send(.paste(long))
        #expect(shown.query.unicodeScalars.count == PromptLine.defaultMaxLength)
        #expect(shown.items.isEmpty)
        #expect(driver.lines.contains { $0.contains("no action matches") })
    }
}
