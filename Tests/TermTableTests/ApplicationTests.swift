import Foundation
import TermTableTesting
import Testing

@testable import TermTable

@Suite("Application") @MainActor
struct ApplicationTests {
    /// A root view with a label on top and a table below, as apps usually have.
    final class Root: View {
        let title = Label(text: "Title")
        let table: TableView
        init(table: TableView) {
            self.table = table
            super.init(frame: .zero)
            addSubview(title)
            addSubview(table)
        }
        override func layoutSubviews() {
            title.frame = Rect(x: 0, y: 0, width: frame.width, height: 1)
            table.frame = Rect(x: 0, y: 1, width: frame.width, height: max(0, frame.height - 1))
        }
    }

    @Test func keysGoToTheFocusedViewThenToAppBindings() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source, width: 10, height: 3)
        let root = Root(table: table)
        let driver = AppDriver(rootView: root, size: Size(width: 10, height: 4))
        var quit = 0
        driver.app.bind(Key("q")) { quit += 1 }
        driver.press("j q")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(quit == 1)
        #expect(driver.lines == ["Title     ", "Row 0     ", "Row 1     ", "Row 2     "])
    }

    @Test func willHandleSeesEveryEventFirstAndConsumesWhatItReturnsTrueFor() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source, width: 10, height: 3)
        let root = Root(table: table)
        let driver = AppDriver(rootView: root, size: Size(width: 10, height: 4))
        var seen: [InputEvent] = []
        var quit = 0
        driver.app.bind(Key("q")) { quit += 1 }
        driver.app.willHandle = { event in
            seen.append(event)
            return event == .key(Key("j")) || event == .key(Key("q")) || event == .resize(Size(width: 12, height: 5))
        }
        driver.press("j k q")
        #expect(seen == [.key(Key("j")), .key(Key("k")), .key(Key("q"))])
        #expect(table.state.cursor == IndexPath(row: 0, section: 0), "j was consumed, k went to the table")
        #expect(quit == 0, "q was consumed before the app's bindings")
        driver.resize(to: Size(width: 12, height: 5))
        #expect(table.frame.size == Size(width: 12, height: 4), "a resize is applied even when it returns true")
        driver.app.willHandle = nil
        driver.press("j")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
    }

    /// Characters that arrive together for a text field (fast typing, tmux's keys, an unmarked paste) each pass
    /// `willHandle` before the field gets them; a consumed one is left out, and the rest is still one edit.
    @Test func willHandleSeesEachCharacterOfABatchForATextFieldAndCanConsumeOne() {
        let field = TextField(text: "", frame: Rect(x: 0, y: 0, width: 10, height: 1))
        let driver = AppDriver(rootView: field, size: Size(width: 10, height: 1))
        var seen: [InputEvent] = []
        var edits = 0
        field.onChange = { _ in edits += 1 }
        driver.app.willHandle = { event in
            seen.append(event)
            return event == .key(Key("c"))
        }
        let keys = "abcde".map { InputEvent.key(Key($0)) }
        driver.app.handle(keys)
        #expect(seen == keys)
        #expect(field.text == "abde")
        #expect(edits == 2, "the text before the consumed key and the text after it, one edit each")
        seen = []
        edits = 0
        driver.app.handle("xyz".map { InputEvent.key(Key($0)) })
        #expect(seen.count == 3)
        #expect(field.text == "abdexyz")
        #expect(edits == 1, "a run nothing consumed is still one edit")
    }

    /// `willHandle` moving the focus away from the field in the middle of a batch sends the rest of it there.
    @Test func aBatchFollowsTheFocusThatWillHandleMoved() {
        let root = View(frame: .zero)
        let first = TextField(text: "", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        let second = TextField(text: "", frame: Rect(x: 0, y: 1, width: 8, height: 1))
        root.addSubview(first)
        root.addSubview(second)
        let driver = AppDriver(rootView: root, size: Size(width: 8, height: 2))
        driver.app.willHandle = { event in
            if event == .key(Key("!")) { driver.app.focus(second) }
            return false
        }
        driver.app.handle("ab!cd".map { InputEvent.key(Key($0)) })
        #expect(first.text == "ab")
        #expect(second.text == "!cd")
    }

    /// An app's binding of Tab runs (before, the focus move took Tab first) and is in the help; Shift-Tab
    /// still moves the focus.
    @Test func anAppBindingOfTabWinsOverTheFocusMoveAndIsListed() {
        let root = View(frame: .zero)
        let first = Button(title: "One", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        let second = Button(title: "Two", frame: Rect(x: 0, y: 1, width: 8, height: 1))
        root.addSubview(first)
        root.addSubview(second)
        let driver = AppDriver(rootView: root, size: Size(width: 8, height: 2))
        var collapsed = 0
        driver.app.bind(.tab, help: "collapse the thread") { collapsed += 1 }
        driver.press("tab tab")
        #expect(collapsed == 2)
        #expect(driver.app.focusedView === first)
        #expect(driver.app.bindingsInForce.contains { $0.keys == [.tab] && $0.help == "collapse the thread" })
        driver.press("shift-tab")
        #expect(driver.app.focusedView === second)
        #expect(collapsed == 2)
    }

    @Test func mouseEventsReachTheViewUnderThePointerInItsCoordinates() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source, width: 10, height: 3)
        let driver = AppDriver(rootView: Root(table: table), size: Size(width: 10, height: 4))
        driver.click(x: 1, y: 3)  // line 3 of the screen is line 2 of the table
        #expect(table.state.cursor == IndexPath(row: 2, section: 0))
    }

    @Test func helpOverlayTakesInputAndAnyKeyClosesIt() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source, width: 30, height: 8)
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 8))
        driver.app.showHelp(title: "Keys", entries: [("j", "down"), ("k", "up")])
        driver.app.renderIfNeeded()
        #expect(
            driver.lines[1...6].map { $0 } == [
                "Row 1┌ Keys ────────────┐     ",
                "Row 2│                  │     ",
                "Row 3│ j  down          │     ",
                "Row 4│ k  up            │     ",
                "     │                  │     ",
                "     └─ any key closes ─┘     ",
            ])
        driver.press("j")
        #expect(!driver.app.isShowingOverlay)
        #expect(
            table.state.cursor == IndexPath(row: 0, section: 0), "the key that closed the help did not move the cursor")
    }

    @Test func promptEditsLiveAndEnterSubmitsEscCancels() {
        let source = NumbersSource(rows: 3)
        let table = makeTable(source, width: 20, height: 4)
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 4))
        var changes: [String] = []
        var submitted: String?
        var cancelled = false
        driver.app.prompt(
            "/", onChange: { changes.append($0) }, onSubmit: { submitted = $0 }, onCancel: { cancelled = true })
        driver.type("ab")
        driver.press("backspace")
        #expect(changes == ["a", "ab", "a"])
        #expect(driver.lines[3] == "/a                  ")
        #expect(driver.screen.cursor == Point(x: 2, y: 3))
        driver.press("enter")
        #expect(submitted == "a")
        #expect(!driver.app.isShowingOverlay)
        driver.app.prompt("/", onCancel: { cancelled = true })
        driver.press("esc")
        #expect(cancelled)
        #expect(!driver.app.isShowingOverlay)
    }

    @Test func timersFireWhenDueAndRepeat() {
        let driver = AppDriver(rootView: Label(text: "x"), size: Size(width: 5, height: 1))
        var fired: [String] = []
        let start = ContinuousClock.now
        driver.app.schedule(after: .milliseconds(10)) { fired.append("once") }
        let repeating = driver.app.schedule(after: .milliseconds(5), repeats: true) { fired.append("tick") }
        driver.app.fireTimers(now: start)
        #expect(fired.isEmpty)
        driver.app.fireTimers(now: start + .milliseconds(6))
        #expect(fired == ["tick"])
        driver.app.fireTimers(now: start + .milliseconds(20))
        #expect(fired == ["tick", "once", "tick"])
        driver.app.cancelTimer(repeating)
        driver.app.fireTimers(now: start + .seconds(1))
        #expect(fired == ["tick", "once", "tick"])
    }

    /// A label that reports each text it draws: the test waits on these draws, not on a clock.
    final class ProbeLabel: Label {
        var onDraw: (@MainActor (String) -> Void)?
        override func draw(in context: DrawContext) {
            super.draw(in: context)
            onDraw?(text)
        }
    }

    @Test func backgroundWorkReachesTheScreenWithoutAKey() async {
        let label = ProbeLabel(text: "loading")
        let screen = BufferScreen(width: 10, height: 1)
        let app = Application(screen: screen, rootView: label)
        let running = DispatchSemaphore(value: 0)
        label.onDraw = { text in
            if text == "loading" { running.signal() }  // the run loop is up: start the work
            if text == "done" { app.quit() }  // the work's result was drawn without a key
        }
        // Work on a thread of its own (the cooperative pool may be busy with other suites'
        // blocking waits), handing its result to the main actor as a download's completion would.
        Thread.detachNewThread {
            running.wait()
            Task { @MainActor in
                label.text = "done"  // no call to the app: the label asks its host to draw
            }
        }
        // Only a hang guard: the test ends on the draw above, however loaded the machine is.
        let guardTimer = app.schedule(after: .seconds(300)) { app.quit() }
        await app.run()
        app.cancelTimer(guardTimer)
        #expect(screen.line(0) == "done      ")
    }

    @Test func resizeLaysOutTheRootAgain() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source, width: 10, height: 3)
        let driver = AppDriver(rootView: Root(table: table), size: Size(width: 10, height: 4))
        driver.resize(to: Size(width: 6, height: 3))
        #expect(driver.lines == ["Title ", "Row 0 ", "Row 1 "])
        #expect(table.frame == Rect(x: 0, y: 1, width: 6, height: 2))
    }

    @Test func anExplicitRedrawRequestGoesToTheAppShowingIt() {
        let first = Label(text: "one")
        let second = Label(text: "two")
        let a = AppDriver(rootView: first, size: Size(width: 5, height: 1))
        let b = AppDriver(rootView: second, size: Size(width: 5, height: 1))
        first.text = "uno"
        first.setNeedsDisplay()
        a.app.renderIfNeeded()
        b.app.renderIfNeeded()
        #expect(a.lines == ["uno  "])
        #expect(b.app.frameCount == 1, "the other app was not asked to draw")
    }

    @Test func tabMovesFocusBetweenFocusableViews() {
        let root = View(frame: .zero)
        let first = Button(title: "One", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        let second = TextField(text: "", frame: Rect(x: 0, y: 1, width: 8, height: 1))
        root.addSubview(first)
        root.addSubview(second)
        let driver = AppDriver(rootView: root, size: Size(width: 8, height: 2))
        #expect(driver.app.focusedView === first)
        driver.press("tab")
        #expect(driver.app.focusedView === second)
        driver.type("hi")
        #expect(second.text == "hi")
        driver.press("shift-tab")
        #expect(driver.app.focusedView === first)
    }
}
