import TermTableTesting
import Testing

@testable import TermTable

/// Actions of one help group: one line in the help box and the hint bar (`c m p n r  sort by …`), each action
/// still run by its own keys and remapped on its own.
@Suite @MainActor
struct AppActionHelpGroupTests {
    @Test func aGroupIsOneLineWithTheKeysOfEachAndEachKeepsItsKeys() {
        let driver = AppDriver(rootView: View(), size: Size(width: 60, height: 12))
        let log = KeyLog()
        for (name, key) in [("cpu", "c"), ("memory", "m"), ("pid", "p")] {
            var action = AppAction("sort.\(name)", keys: [Key(Character(key))], help: "by \(name)", hint: nil) {
                log.entries.append(name)
            }
            action.helpGroup = "sort by CPU, memory, pid"
            if name == "memory" { action.hint = "sort" }
            driver.app.addAction(action)
        }
        driver.app.addAction(AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") {})
        let listed = driver.app.bindingsInForce
        #expect(listed.map(\.label) == ["c m p", "q"])
        #expect(listed[0].help == "sort by CPU, memory, pid" && listed[0].hint == "sort")
        #expect(KeyHintBar.text(for: listed.filter(\.showsInHintBar), width: 60) == "c m p sort · q quit")
        driver.press("m p")
        #expect(log.take() == ["memory", "pid"])
        // A key map moves one action of the group: the line lists the keys as they are now.
        driver.app.keyMap = KeyMap(["sort.pid": [Key("P")]])
        #expect(driver.app.bindingsInForce[0].label == "c m P")
        #expect(driver.app.actionsInForce.map(\.help).prefix(3) == ["by cpu", "by memory", "by pid"], "the palette")
    }
}
