import Foundation
import TermTableTestSupport
import TermTableTesting
import Testing

@testable import TermTable

/// Folders whose messages arrive when the test lets them, recording whether they were read off the main thread.
actor FolderGate {
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    private var opened: Set<String> = []
    private(set) var readOnMainThread: [Bool] = []

    /// Waits until `folder` is opened, then gives its messages.
    func messages(in folder: String, onMainThread: Bool) async -> [String] {
        readOnMainThread.append(onMainThread)
        if !opened.contains(folder) { await withCheckedContinuation { waiting[folder] = $0 } }
        return ["\(folder) one", "\(folder) two"]
    }

    /// Lets `folder`'s messages arrive.
    func open(_ folder: String) {
        opened.insert(folder)
        waiting.removeValue(forKey: folder)?.resume()
    }
}

/// The article "Screens of several lists": its code is the code compiled here, and the screen works as it says.
@Suite("Screens of several lists (article)") @MainActor
struct SeveralListsDocTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/ScreensOfSeveralLists.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/SeveralListsExamples.swift"

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try DocExamplesTests.expectEverySwiftBlock(of: Self.articlePath, count: 4..., areIn: Self.examplesPath)
    }

    /// The screen on a 40x6 in-memory screen, its folders read through `gate`.
    func makeScreen(_ gate: FolderGate) -> (MailScreen, AppDriver) {
        let screen = MailScreen(folders: ["Inbox", "Sent", "Drafts"]) { folder in
            await gate.messages(in: folder, onMainThread: Thread.isMainThread)
        }
        let terminal = BufferScreen(size: Size(width: 40, height: 6))
        return (screen, AppDriver(app: screen.makeApplication(on: terminal), screen: terminal))
    }

    @Test func theMessagesFollowTheFolderUnderTheCursorLoadedOffTheMainActor() async throws {
        let gate = FolderGate()
        let (screen, driver) = makeScreen(gate)
        driver.app.render()
        #expect(driver.lines[0] == "┌ Folders ───┬─ Inbox: loading… ───────┐")
        await gate.open("Inbox")
        await screen.loading?.value
        driver.app.render()
        #expect(driver.lines[0] == "┌ Folders ───┬─ Inbox ─────────────────┐")
        #expect(driver.lines[1] == "│Inbox       │Inbox one                │")
        // Moving on cancels the load before: Sent's messages never show, Drafts' do.
        driver.press("j")
        let sent = try #require(screen.loading)
        driver.press("j")
        #expect(driver.lines[0].contains("Drafts: loading…"))
        await gate.open("Sent")
        await sent.value
        driver.app.render()
        #expect(driver.lines[0].contains("Drafts: loading…") && driver.lines[1].contains("Inbox one"))
        await gate.open("Drafts")
        await screen.loading?.value
        driver.app.render()
        #expect(driver.lines[1] == "│Inbox       │Drafts one               │")
        #expect(driver.lines[3].hasPrefix("│Drafts"))
        #expect(await gate.readOnMainThread == [false, false, false], "every folder was read on the worker pool")
    }

    @Test func aClickOnARowOfTheOtherListFocusesItAndTheCursorsShowWhichHasTheKeys() async throws {
        let gate = FolderGate()
        let (screen, driver) = makeScreen(gate)
        await gate.open("Inbox")
        await screen.loading?.value
        driver.app.render()
        #expect(driver.app.focusedView === screen.folderTable)
        let reverse = { (style: Style) in style.attributes.contains(.reverse) }
        #expect(driver.screen.styleMask(line: 1, where: reverse) == " ^^^^^^^^^^^                            ")
        driver.click(x: 15, y: 2)
        #expect(driver.app.focusedView === screen.messageTable)
        #expect(screen.messageTable.state.cursor == IndexPath(row: 1, section: 0))
        #expect(driver.screen.styleMask(line: 2, where: reverse) == "              ^^^^^^^^^^^^^^^^^^^^^^^^  ")
        let underline = { (style: Style) in style.attributes.contains(.underline) }
        #expect(driver.screen.styleMask(line: 1, where: underline) == " ^^^^^^^^^^^                            ")
        driver.press("tab")
        #expect(driver.app.focusedView === screen.folderTable)
    }

    @Test func aThirdPaneHidesOnANarrowScreenAndTheFocusGoesToThePreferredList() async throws {
        let gate = FolderGate()
        let (screen, driver) = makeScreen(gate)
        let notes = addNotes(to: screen, in: driver.app)
        driver.resize(to: Size(width: 80, height: 6))
        #expect(driver.lines[0].contains("Notes"))
        driver.press("tab tab")
        #expect(driver.app.focusedView === notes)
        driver.resize(to: Size(width: 59, height: 6))
        #expect(!driver.lines[0].contains("Notes"))
        #expect(driver.app.focusedView === screen.folderTable)
        driver.resize(to: Size(width: 80, height: 6))
        #expect(driver.lines[0].contains("Notes"), "back when there is room")
    }
}
