import TermTable
import TermTableTesting
import Testing

/// A host that records what the views of its tree sent it.
@MainActor
final class RecordingHost: ViewHost {
    var actions: [String] = []
    var displayRequests = 0
    var focused: [View?] = []
    func deliver(_ action: ViewAction) { actions.append(action.name) }
    func setNeedsDisplay() { displayRequests += 1 }
    func focus(_ view: View?) { focused.append(view) }
}

/// The root view's host: where actions no view handled, redraw requests and focus moves go.
@MainActor
struct ViewHostTests {
    @Test func aChangedPropertyAsksTheHostOfItsTreeToDraw() {
        let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 3))
        let box = View(frame: Rect(x: 0, y: 0, width: 20, height: 3))
        let label = Label(text: "old", frame: Rect(x: 0, y: 0, width: 10, height: 1))
        root.addSubview(box)
        box.addSubview(label)
        let host = RecordingHost()
        root.host = host
        #expect(label.host === host, "a view finds the host through its root")
        let before = host.displayRequests
        label.text = "new"
        #expect(host.displayRequests == before + 1)
        label.text = "new"
        #expect(host.displayRequests == before + 1, "setting the same value asks for nothing")
        label.textStyle = .bold
        box.isHidden = true
        #expect(host.displayRequests == before + 3)
    }

    @Test func anUnhandledActionGoesToTheHostAndAHandledOneDoesNot() {
        final class Catcher: View {
            var caught: [String] = []
            override func handleAction(_ action: ViewAction) -> Bool {
                guard action.name == "mine" else { return false }
                caught.append(action.name)
                return true
            }
        }
        let root = Catcher(frame: Rect(x: 0, y: 0, width: 20, height: 1))
        let button = Button(title: "Go", frame: Rect(x: 0, y: 0, width: 6, height: 1))
        root.addSubview(button)
        let host = RecordingHost()
        root.host = host
        button.sendAction("mine")
        button.sendAction("open")
        #expect(root.caught == ["mine"])
        #expect(host.actions == ["open"])
    }

    @Test func aTreeNoAppShowsHasNoHostAndACopyDoesNotTakeOne() {
        let root = View(frame: Rect(x: 0, y: 0, width: 5, height: 1))
        let label = Label(text: "x", frame: Rect(x: 0, y: 0, width: 5, height: 1))
        root.addSubview(label)
        #expect(label.host == nil)
        label.text = "y"  // no host: nothing to tell, and no crash
        label.sendAction("lost")
        let host = RecordingHost()
        root.host = host
        let copy = root.copy()
        #expect(copy.host == nil, "no app shows the copy until it is added to a tree an app shows")
        label.removeFromSuperview()
        #expect(label.host == nil, "a view taken out of the tree leaves its host behind")
    }

    @Test func twoAppsEachGetTheirOwnViewsRequests() {
        let first = Label(text: "one")
        let second = Label(text: "two")
        let a = AppDriver(rootView: first, size: Size(width: 5, height: 1))
        let b = AppDriver(rootView: second, size: Size(width: 5, height: 1))
        first.text = "uno"  // no explicit request: the label asks its app
        a.app.renderIfNeeded()
        b.app.renderIfNeeded()
        #expect(a.lines == ["uno  "])
        #expect(a.app.frameCount == 2)
        #expect(b.app.frameCount == 1, "the other app was not asked to draw")
    }

    @Test func anOverlayIsHostedWhileShown() {
        let driver = AppDriver(rootView: Label(text: "root"), size: Size(width: 30, height: 8))
        let help = HelpBox(title: "Keys", entries: [("q", "quit")])
        driver.app.present(help, dismissOnAnyKey: true)
        #expect(help.host === driver.app)
        driver.press("x")
        #expect(!driver.app.isShowingOverlay)
        #expect(help.host == nil)
    }

    @Test func scrollingARowDrawsOneFrameThoughCellsAreConfigured() {
        let source = NumbersSource(rows: 200)
        source.identifier = { _ in "row" }
        let table = makeTable(source, width: 30, height: 5)
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 5))
        for step in 1...20 {
            let before = driver.app.frameCount
            driver.press("j")
            driver.app.renderIfNeeded()  // what the run loop's next turn would draw
            // Rows coming into view are configured (their labels change) while the frame is laid out:
            // that is part of the frame, not a request for another.
            #expect(driver.app.frameCount == before + 1, "key \(step) drew \(driver.app.frameCount - before) frames")
        }
        #expect(driver.lines[4].hasPrefix("Row 20"))
    }
}
