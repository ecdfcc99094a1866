import ProcessKit
import TermTable
import TermTableTesting
import Testing

@testable import ProcessesCore

/// The detail's third level: `f` pushes the open files, `t` the threads, Esc and q pop back; on the in-memory screen.
@MainActor @Suite struct ProcessListingScreenTests {
    /// The viewer with sleep (300) shown in the detail, its open files in the tree.
    func detailOfSleep(filter: String? = nil) throws -> ViewerHarness {
        let harness = try ViewerHarness()
        harness.tree.addFiles(300, [0: "/dev/null", 1: "pipe:[4242]", 2: "socket:[77]", 3: "/tmp/\u{1B}[31mred\u{07}"])
        if let filter {
            harness.driver.press("/")
            harness.driver.type(filter)
            harness.driver.press("enter")
        }
        harness.moveCursor(to: 300)
        harness.driver.press("enter")
        return harness
    }

    @Test func fOnTheDetailPushesTheOpenFilesAndEscGoesBackToTheDetailThenToTheListAsItWas() throws {
        let harness = try detailOfSleep(filter: "e")
        let app = harness.driver.app
        let viewer = harness.viewer
        harness.driver.press("escape")
        let list = harness.lines
        harness.driver.press("enter")
        let detail = harness.lines
        harness.driver.press("f")
        #expect(app.screens.count == 3 && app.topScreen === viewer.filesScreen.screen)
        #expect(harness.lines[0].hasPrefix("procs › sleep · pid 300 › open files"))
        #expect(harness.lines[1].hasPrefix("    FD TYPE   TARGET"))
        #expect(viewer.filesScreen.rowIDs == [0, 1, 2, 3])
        #expect(harness.lines[3].hasPrefix("     1 pipe   pipe:[4242]"))
        #expect(harness.lines.contains { $0.contains("socket") && $0.contains("socket:[77]") })
        #expect(harness.lines.last?.hasPrefix("open files: 4 · r re-read  q back (or Esc)") == true)
        #expect(
            !harness.lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "the target's escape and bell never reach the terminal")
        #expect(app.bindingsInForce.first { $0.keys.contains(Key("q")) }?.help == "back to the detail")
        harness.driver.press("escape")
        #expect(app.topScreen === viewer.detailScreen)
        #expect(harness.lines == detail, "the detail as it was")
        harness.driver.press("escape")
        #expect(app.screens.count == 1)
        #expect(viewer.dataSource.cursorItemIdentifier == harness.id(300))
        #expect(viewer.dataSource.filterQuery == "e")
        #expect(harness.lines == list, "the list as it was left: cursor, filter, scroll")
    }

    @Test func qPopsTheListingAndTPushesTheThreads() throws {
        let harness = try detailOfSleep()
        let app = harness.driver.app
        var main = harness.processes[300]!
        main.userTicks = 250
        harness.tree.addThread(300, main)
        harness.driver.press("f")
        harness.driver.press("j")
        #expect(harness.viewer.filesScreen.cursorRow == 1)
        harness.driver.press("q")
        #expect(app.topScreen === harness.viewer.detailScreen, "q goes back to the detail, it does not quit")
        harness.driver.press("t")
        #expect(app.topScreen === harness.viewer.threadsScreen.screen)
        #expect(harness.lines[0].hasPrefix("procs › sleep · pid 300 › threads"))
        #expect(harness.lines.contains { $0.contains("300") && $0.contains("2.5") && $0.contains("sleep") })
        #expect(harness.lines.last?.hasPrefix("threads: 1 ·") == true)
        harness.driver.press("q")
        harness.driver.press("q")
        #expect(app.screens.count == 1)
        #expect(harness.viewer.dataSource.cursorItemIdentifier == harness.id(300))
    }

    /// `r` reads again, the cursor staying on its descriptor; a process that exited says so (no crash, no rows).
    @Test func rRereadsAndAProcessThatExitedSaysSo() throws {
        let harness = try detailOfSleep()
        harness.driver.press("f")
        harness.driver.press("j")
        harness.driver.press("j")
        #expect(harness.viewer.filesScreen.cursorRow == 2)
        harness.tree.addFiles(300, [7: "/etc/passwd"])
        harness.driver.press("r")
        #expect(harness.viewer.filesScreen.rowIDs == [0, 1, 2, 3, 7])
        #expect(harness.viewer.filesScreen.cursorRow == 2)
        harness.remove(300)
        harness.refresh()
        harness.driver.press("r")
        #expect(harness.viewer.filesScreen.rowIDs.isEmpty)
        #expect(harness.lines.contains { $0.contains("pid 300 has exited: no open files to list") })
        #expect(harness.lines.last?.hasPrefix("exited") == true)
        harness.driver.press("escape")
        #expect(harness.lines[1].hasPrefix("sleep · pid 300 (exited)"))
    }

    @Test func permissionDeniedAndTheBoundAreShownAsARowOfText() throws {
        let harness = try detailOfSleep()
        let screen = harness.viewer.filesScreen
        harness.driver.press("f")
        let denied = ProcessListing<OpenFile>(failure: .permissionDenied)
        screen.show(denied, pid: 300, row: { ($0.fd, [:]) }, keys: "keys")
        harness.driver.app.render()
        #expect(harness.lines.contains { $0.contains("Permission denied: pid 300 is another user's") })
        let many = ProcessListing(
            entries: [OpenFile(fd: 0, kind: "file", target: "/a")], notListed: 90_000)
        screen.show(many, pid: 300, row: { ($0.fd, ["fd": "0"]) }, keys: "keys")
        harness.driver.app.render()
        #expect(
            harness.lines.last?.hasPrefix("open files: 1 · 90,000 more not listed (at most 10,000 are read)") == true)
    }

    /// The listing's actions are named and remappable: a key map moves `files.reread`, the status line's hint and
    /// the help follow it; `?` on the listing lists its actions.
    @Test func aKeyMapMovesTheListingsActionsAndTheHintsFollow() throws {
        let harness = try detailOfSleep()
        let app = harness.driver.app
        app.keyMap = KeyMap.parse("files.reread = R\ndetail.files = F", file: "keys.conf").map
        #expect(app.keyMap.problems(against: harness.viewer.actionScopes).isEmpty, "procs knows every name at start")
        harness.driver.press("f")
        #expect(app.topScreen === harness.viewer.detailScreen, "f was moved to F")
        harness.driver.press("F")
        #expect(app.topScreen === harness.viewer.filesScreen.screen)
        #expect(harness.lines.last?.contains("R re-read  q back (or Esc)") == true)
        #expect(app.bindingsInForce.first { $0.help == "read the open files again" }?.keys == [Key("R")])
        harness.tree.addFiles(300, [9: "/etc/hosts"])
        harness.driver.press("R")
        #expect(harness.viewer.filesScreen.rowIDs.last == 9)
    }
}
