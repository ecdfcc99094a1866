import Foundation
import Glibc
import TermTableTesting
import Testing

@testable import TermTable

/// The user's key map: `action.name = key, key` lines over the actions' defaults; bad lines and bad files are
/// reported with the file and line, the defaults kept.
@Suite @MainActor
struct KeyMapTests {
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("keymap-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func linesGiveActionsTheirKeysWrittenAsTheHelpWritesThem() {
        let text = """
            # procs keys
            app.quit = Q, ctrl-d
            process.kill =
              list.down = ↓, PgDn , shift-Tab, F5, Esc, space
            """
        let (map, problems) = KeyMap.parse(text, file: "keys.conf")
        #expect(problems.isEmpty)
        #expect(map.keys["app.quit"] == [Key("Q"), Key.ctrl("d")])
        #expect(map.keys["process.kill"] == [])
        #expect(map.keys["list.down"] == [.down, .pageDown, .backTab, Key(.function(5)), .escape, .space])
        #expect(map.lines == ["app.quit": 2, "process.kill": 3, "list.down": 4])
    }

    @Test func aBadLineIsReportedWithItsLineAndLeftOut() {
        let text =
            "app.quit = q\nno equals here\nbad name! = x\napp.help = ctrl-, hyper-x\nlist.top = g hyper-y\napp.quit = x"
        let (map, problems) = KeyMap.parse(text, file: "/home/u/.config/procs/keys.conf")
        #expect(problems.map(\.line) == [2, 3, 4, 5, 6])
        #expect(problems[0].description == "/home/u/.config/procs/keys.conf:2: expected `action.name = key, key`")
        #expect(problems[2].message.contains("“hyper-x”"))
        #expect(problems[3].message.contains("“g hyper-y”"), "a sequence with a key that cannot be read")
        #expect(map.keys == ["app.quit": [Key("x")]], "the bad lines are left out; the last line for a name is used")
        let hostile = KeyMap.parse("\u{1B}[2J = q", file: "f\u{07}").problems[0].description
        #expect(hostile.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
    }

    @Test func aMissingFileIsNoProblemAndBadFilesAreRefusedWithoutWaiting() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = KeyMap.load(contentsOf: directory.appendingPathComponent("none.conf").path)
        #expect(missing.map.keys.isEmpty && missing.problems.isEmpty)

        let fifo = directory.appendingPathComponent("fifo.conf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let fromFIFO = KeyMap.load(contentsOf: fifo)  // no writer: a blocking open would wait for good
        #expect(fromFIFO.problems.map(\.message) == ["not a regular file: the default keys are used"])
        #expect(fromFIFO.problems[0].line == nil)

        let huge = directory.appendingPathComponent("huge.conf")
        try Data(repeating: UInt8(ascii: "#"), count: KeyMap.maximumFileSize + 1).write(to: huge)
        #expect(KeyMap.load(contentsOf: huge.path).problems[0].message.contains("at most 65536"))

        let binary = directory.appendingPathComponent("binary.conf")
        try Data([0x61, 0x3D, 0x62, 0x00, 0xFF]).write(to: binary)
        #expect(KeyMap.load(contentsOf: binary.path).problems[0].message.hasPrefix("not UTF-8 text"))

        #expect(KeyMap.load(contentsOf: directory.path).problems[0].message.hasPrefix("not a regular file"))

        let good = directory.appendingPathComponent("keys.conf")
        try "app.quit = x\n".write(to: good, atomically: true, encoding: .utf8)
        #expect(KeyMap.load(contentsOf: good.path).map.keys == ["app.quit": [Key("x")]])
    }

    @Test func theDefaultPathFollowsXDGConfigHomeThenHome() {
        #expect(
            KeyMap.defaultPath(forApp: "procs", environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"])
                == "/x/cfg/procs/keys.conf")
        #expect(
            KeyMap.defaultPath(forApp: "procs", environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
                == "/h/.config/procs/keys.conf")
        #expect(KeyMap.defaultPath(forApp: "procs", environment: [:]) == nil)
    }

    /// The map's keys replace an action's defaults for dispatch, the help and the hint bar; unknown names and
    /// conflicts are reported against the actions.
    @Test func theAppRunsAndListsTheMappedKeysAndReportsUnknownNamesAndConflicts() {
        let driver = AppDriver(rootView: View(), size: Size(width: 40, height: 4))
        let app = driver.app
        let log = KeyLog()
        app.addAction(
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { log.entries.append("quit") })
        app.addAction(AppAction("app.help", keys: [Key("?")], help: "keys") { log.entries.append("help") })
        let (map, problems) = KeyMap.parse("app.quit = x, ctrl-q\napp.nothing = z\napp.help = x", file: "keys.conf")
        #expect(problems.isEmpty)
        app.keyMap = map
        driver.press("q")
        #expect(log.take().isEmpty, "q is not quit's any more")
        driver.press("ctrl-q ?")
        #expect(log.take() == ["quit"], "? is not help's any more")
        #expect(app.bindingsInForce.first { $0.help == "quit" }?.label == "ctrl-q", "x went to help, added last")
        #expect(
            app.keyMapProblems.map(\.description).sorted() == [
                "keys.conf:1: x is app.quit's and app.help's (one scope)",
                "keys.conf:2: no action is named app.nothing",
                "keys.conf:3: x is app.help's and app.quit's (one scope)",
            ])
        #expect(KeyMap.describe(app.actionsInForce) == "app.quit = ctrl-q  # quit\napp.help = x  # keys")
    }
}
