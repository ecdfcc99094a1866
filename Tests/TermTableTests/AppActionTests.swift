import TermTableTesting
import Testing

@testable import TermTable

/// Actions with names bound to views and to the app: the nearest the focus wins, help and hints are made from them.
@Suite @MainActor
struct AppActionTests {
    /// Two tables side by side, each with an action on `o`; the app has one on `o` and `q`.
    func twoPanes() -> (AppDriver, TableView, TableView, [NumbersSource], log: () -> [String]) {
        let sources = [NumbersSource(rows: 10), NumbersSource(rows: 10)]
        let left = makeTable(sources[0], width: 1, height: 1)
        let right = makeTable(sources[1], width: 1, height: 1)
        let driver = AppDriver(rootView: HStack([.fill(left), .fill(right)]), size: Size(width: 40, height: 6))
        let log = KeyLog()
        let app = driver.app
        app.addAction(
            AppAction("left.open", keys: [Key("o")], help: "open on the left", hint: "open") {
                log.entries.append("left.open")
            }, to: left)
        app.addAction(
            AppAction("right.open", keys: [Key("o")], help: "open on the right", hint: "open") {
                log.entries.append("right.open")
            }, to: right)
        app.addAction(
            AppAction("app.open", keys: [Key("o"), Key("O")], help: "open anywhere") {
                log.entries.append("app.open")
            })
        app.addAction(
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") {
                log.entries.append("app.quit")
            })
        return (driver, left, right, sources, { log.take() })
    }

    @Test func aKeyRunsTheActionOfTheFocusedViewThenTheAppsAndTheHelpFollowsTheFocus() {
        let (driver, left, right, sources, log) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        #expect(driver.app.focusedView === left)
        driver.press("o O q")
        #expect(log() == ["left.open", "app.open", "app.quit"])
        #expect(driver.app.bindingsInForce.first { $0.keys.contains(Key("o")) }?.help == "open on the left")
        driver.press("tab")
        #expect(driver.app.focusedView === right)
        driver.press("o")
        #expect(log() == ["right.open"])
        let listed = driver.app.bindingsInForce
        #expect(listed.first { $0.keys.contains(Key("o")) }?.help == "open on the right")
        #expect(listed.first { $0.keys.contains(Key("O")) }?.help == "open anywhere", "the app's action keeps O")
        #expect(!listed.contains { $0.help == "open on the left" }, "the other pane's action is not in force")
        // The table's own keys come after its actions and before the app's.
        let names = listed.map(\.help)
        let table = names.firstIndex(of: "down")!
        #expect(names.firstIndex(of: "open on the right")! < table && table < names.firstIndex(of: "quit")!)
    }

    @Test func anActionBoundToATableWinsOverTheTablesOwnKey() {
        let (driver, left, _, sources, _) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        let log = KeyLog()
        driver.app.addAction(
            AppAction("left.jump", keys: [Key("j")], help: "jump") { log.entries.append("jump") }, to: left)
        driver.press("j")
        #expect(log.take() == ["jump"])
        #expect(left.state.cursor == IndexPath(row: 0, section: 0), "the table did not move: the action took j")
        driver.app.removeAction(named: "left.jump", from: left)
        driver.press("j")
        #expect(left.state.cursor == IndexPath(row: 1, section: 0))
    }

    @Test func theHintBarIsMadeFromTheActionsInForce() {
        let (driver, _, _, sources, _) = twoPanes()
        defer { withExtendedLifetime(sources) {} }
        let bar = KeyHintBar()
        bar.host = driver.app
        let text = KeyHintBar.text(for: bar.shownBindings, width: 200)
        #expect(text.hasPrefix("o open"), "\(text)")
        #expect(text.hasSuffix("q quit"), "\(text)")
    }

    @Test func aDisabledActionIsNeitherRunNorListedAndANameAddedAgainReplacesIt() {
        let driver = AppDriver(rootView: View(), size: Size(width: 20, height: 4))
        let log = KeyLog()
        driver.app.addAction(
            AppAction("a.one", keys: [Key("z")], help: "one", isEnabled: false) { log.entries.append("one") })
        driver.press("z")
        #expect(log.take().isEmpty && driver.app.bindingsInForce.isEmpty)
        driver.app.addAction(AppAction("a.one", keys: [Key("y")], help: "one again") { log.entries.append("again") })
        driver.press("z y")
        #expect(log.take() == ["again"])
        #expect(driver.app.actions(of: nil).map(\.help) == ["one again"])
        #expect(driver.app.actionsInForce.map(\.name) == ["a.one"])
    }

    /// `app.bind` keeps working beside actions: the app's actions come first, then the keys bound with `bind`.
    @Test func keysBoundWithBindStillWorkAfterTheAppsActions() {
        let driver = AppDriver(rootView: View(), size: Size(width: 20, height: 4))
        let log = KeyLog()
        driver.app.bind(Key("q"), help: "quit") { log.entries.append("bound q") }
        driver.app.bind(Key("w"), help: "write") { log.entries.append("bound w") }
        driver.app.addAction(
            AppAction("app.quit", keys: [Key("q")], help: "quit now") { log.entries.append("action q") })
        driver.press("q w")
        #expect(log.take() == ["action q", "bound w"])
        #expect(driver.app.bindingsInForce.map(\.help) == ["quit now", "write"])
    }
}
