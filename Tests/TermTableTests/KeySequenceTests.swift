import TermTableTesting
import Testing

@testable import TermTable

/// Actions run by sequences of keys (`g g`): dispatch with a pending prefix, Esc and other keys cancelling it, the
/// hint bar and the help showing them, key maps giving them, conflicts with single keys.
@Suite @MainActor
struct KeySequenceTests {
    /// A table with `g g` (top) and `g e` (end) bound to it, and the app's `q` and `x`.
    func tableWithSequences() -> (AppDriver, TableView, NumbersSource, log: () -> [String]) {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source, width: 30, height: 5)
        let root = View()
        let bar = KeyHintBar(frame: Rect(x: 0, y: 5, width: 40, height: 1))
        table.frame = Rect(x: 0, y: 0, width: 40, height: 5)
        root.addSubview(table)
        root.addSubview(bar)
        let driver = AppDriver(rootView: root, size: Size(width: 40, height: 6))
        let log = KeyLog()
        let app = driver.app
        app.addAction(
            AppAction("list.top", keys: [.home], sequences: [KeySequence("g g")!], help: "first row", hint: "top") {
                log.entries.append("list.top")
            }, to: table)
        app.addAction(
            AppAction("list.end", keys: [], sequences: [KeySequence("g e")!], help: "last row", hint: "end") {
                log.entries.append("list.end")
            }, to: table)
        app.addAction(
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { log.entries.append("quit") })
        app.addAction(AppAction("app.x", keys: [Key("x")], help: "x") { log.entries.append("x") })
        driver.app.render()
        return (driver, table, source, { log.take() })
    }

    @Test func aSequenceRunsItsActionAfterItsLastKeyAndTheHintBarShowsThePendingKeys() {
        let (driver, _, source, log) = tableWithSequences()
        defer { withExtendedLifetime(source) {} }
        driver.press("g")
        #expect(log() == [])
        #expect(driver.app.pendingKeys == [Key("g")])
        #expect(driver.lines[5].hasPrefix("g… g top · e end"), "\(driver.lines[5])")
        driver.press("g")
        #expect(log() == ["list.top"])
        #expect(driver.app.pendingKeys.isEmpty)
        #expect(driver.lines[5].hasPrefix("Home/g g top · g e end"), "\(driver.lines[5])")
        driver.press("g e Home")
        #expect(log() == ["list.end", "list.top"])
    }

    @Test func escCancelsASequenceAndAKeyThatContinuesNoneIsHandledAsAFirstKey() {
        let (driver, table, source, log) = tableWithSequences()
        defer { withExtendedLifetime(source) {} }
        driver.press("g esc")
        #expect(log() == [] && driver.app.pendingKeys.isEmpty, "Esc cancels and is not handled further")
        driver.press("g q")
        #expect(log() == ["quit"], "q continues no sequence: it is not lost")
        driver.press("g j")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0), "the table's own j after a cancelled g")
        driver.press("g g")
        #expect(log() == ["list.top"])
        // A mouse event cancels a pending sequence too.
        driver.press("g")
        driver.click(x: 1, y: 2)
        driver.press("g")
        #expect(log() == [] && driver.app.pendingKeys == [Key("g")])
    }

    @Test func theFirstKeyPicksTheScopeAsASingleKeyWould() {
        let (driver, table, source, log) = tableWithSequences()
        defer { withExtendedLifetime(source) {} }
        // The app's `g x` is behind the table's `g`: `g x` cancels the table's sequence, then x runs the app's x.
        driver.app.addAction(
            AppAction("app.gx", keys: [], sequences: [KeySequence("g x")!], help: "app g x") {}
        )
        driver.press("g x")
        #expect(log() == ["x"])
        #expect(!driver.app.bindingsInForce.contains { $0.help == "app g x" }, "the help leaves out what cannot run")
        // The table's own key `G` (last row) is nearer than an app sequence starting with G.
        driver.app.addAction(
            AppAction("app.GG", keys: [], sequences: [KeySequence("G G")!], help: "app G G") {})
        driver.press("G")
        #expect(table.state.cursor == IndexPath(row: 9, section: 0) && driver.app.pendingKeys.isEmpty)
    }

    @Test func aKeyThatStartsASequenceOfItsScopeRunsAndIsAConflict() {
        let (driver, _, source, _) = tableWithSequences()
        defer { withExtendedLifetime(source) {} }
        driver.app.addAction(AppAction("app.s", keys: [Key("s")], help: "s") {})
        driver.app.addAction(
            AppAction("app.ss", keys: [], sequences: [KeySequence("s s")!], help: "s s") {})
        let conflicts = driver.app.keyConflicts
        #expect(conflicts.map(\.description) == ["s runs app.s, so s s (app.ss) is never typed (one scope)"])
        #expect(conflicts.first?.isPrefix == true)
        #expect(driver.app.keyConflictsInForce == conflicts)
        #expect(!driver.app.bindingsInForce.contains { $0.help == "s s" })
    }

    @Test func aKeyMapGivesSequencesAndDescribePrintsThem() {
        let text = "list.top = g g, Home\nlist.end = g  e\nlist.bad = g hyper-x\nlist.long = a b c d e f g h i"
        let (map, problems) = KeyMap.parse(text, file: "keys.conf")
        #expect(map.keys["list.top"] == [.home])
        #expect(map.sequences["list.top"] == [KeySequence([Key("g"), Key("g")])])
        #expect(map.sequences["list.end"] == [KeySequence("g e")!], "spaces between keys are one")
        #expect(problems.map(\.line) == [3, 4])
        #expect(problems[1].message.contains("at most 8 keys"))
        let top = AppAction("list.top", keys: [.home], help: "first row") {}
        let applied = map.applied(to: [top])
        #expect(applied[0].sequences == [KeySequence("g g")!] && applied[0].keys == [.home])
        #expect(KeyMap.describe(applied) == "list.top = Home, g g  # first row")
        // A key the map gives that starts another action's sequence is said at its line.
        let remap = KeyMap.parse("app.x = g", file: "keys.conf").map
        let scope = [top, AppAction("app.x", keys: [Key("x")], help: "x") {}]
        let problemsAgainst = KeyMap.parse("list.top = g g", file: "k").map.problems(against: [scope])
        #expect(problemsAgainst.isEmpty)
        let clash = remap.problems(against: [map.applied(to: scope)])
        #expect(clash.map(\.description) == ["keys.conf:1: g runs app.x, so g g (list.top) is never typed (one scope)"])
    }

    @Test func theHelpListsSequencesConflictsAndThePalette() {
        let (driver, _, source, _) = tableWithSequences()
        defer { withExtendedLifetime(source) {} }
        driver.app.addAction(AppAction("app.x2", keys: [Key("x")], help: "another x") {}, to: nil)
        driver.app.addAction(AppAction("app.x", keys: [Key("x")], help: "x again") {}, to: nil)
        let entries = driver.app.bindingsInForce.map(\.label)
        #expect(entries.contains("Home/g g") && entries.contains("g e"))
        #expect(driver.app.commandPaletteBinding?.label == "ctrl-p/:")
        driver.app.addAction(AppAction("app.colon", keys: [Key(":")], help: "colon") {}, to: nil)
        #expect(driver.app.commandPaletteBinding?.label == "ctrl-p", "`:` taken by an action: only Ctrl-P opens it")
        driver.app.addAction(AppAction("app.y", keys: [Key("y")], help: "y") {}, to: nil)
        driver.app.addAction(AppAction("app.y2", keys: [Key("y")], help: "y2") {}, to: nil)
        driver.app.showHelp()
        let help = driver.app.overlays.last?.view as? HelpBox
        let lines = help?.entries.map { $0.key + "  " + $0.action } ?? []
        let conflicts = lines.firstIndex(of: "Conflicts:  ")
        #expect(conflicts != nil, "\(lines)")
        #expect(lines.contains("x  x is app.x2's and app.x's: app.x runs"), "\(lines)")
        #expect(lines.contains("y  y is app.y's and app.y2's: app.y2 runs"), "\(lines)")
        #expect(lines.contains("ctrl-p  command palette: any action by name"), "\(lines)")
    }
}
