import TermTableTesting
import Testing

@testable import TermTable

/// Bug B5: `present(_:)` centred only help boxes and prompts; any other view with a zero frame stayed 0x0.
@Suite("Overlay placement") @MainActor
struct OverlayPlacementTests {
    func detailsBox() -> Box {
        let box = Box(title: "Details")
        box.backgroundStyle = .plain
        box.addSubview(Label(text: "pid 42", frame: Rect(x: 2, y: 1, width: 6, height: 1)))
        return box
    }

    @Test func aBoxPresentedWithAZeroFrameIsCentredAtItsPreferredSizeAndAgainAfterAResize() {
        let source = NumbersSource(rows: 2)
        defer { withExtendedLifetime(source) {} }
        let driver = AppDriver(rootView: makeTable(source, width: 30, height: 10), size: Size(width: 30, height: 10))
        let box = detailsBox()
        #expect(box.preferredSize == Size(width: 11, height: 3))
        driver.app.present(box)
        driver.app.renderIfNeeded()
        #expect(box.frame == Rect(x: 9, y: 3, width: 11, height: 3))
        #expect(
            Array(driver.lines[3...5]) == [
                "         ┌ Details ┐          ",
                "         │ pid 42  │          ",
                "         └─────────┘          ",
            ])
        driver.resize(to: Size(width: 20, height: 6))
        #expect(box.frame == Rect(x: 4, y: 1, width: 11, height: 3))
        #expect(driver.lines[2] == "    │ pid 42  │     ")
        // Smaller than the box: cut to the screen, never a negative size.
        driver.resize(to: Size(width: 5, height: 2))
        #expect(box.frame == Rect(x: 0, y: 0, width: 5, height: 2))
        driver.resize(to: Size(width: 0, height: 0))
        #expect(box.frame == Rect(x: 0, y: 0, width: 0, height: 0))
        driver.resize(to: Size(width: 30, height: 10))
        #expect(box.frame == Rect(x: 9, y: 3, width: 11, height: 3))
    }

    @Test func aCentredOverlayFollowsItsContent() {
        let driver = AppDriver(rootView: View(), size: Size(width: 30, height: 10))
        let box = detailsBox()
        driver.app.present(box)
        box.title = "Details of process 42"
        driver.app.setNeedsDisplay()
        driver.app.renderIfNeeded()
        #expect(box.frame == Rect(x: 2, y: 3, width: 25, height: 3))
    }

    @Test func anOverlayWithAFrameStaysThereAndOnAScreenThatShrinks() {
        let driver = AppDriver(rootView: View(), size: Size(width: 30, height: 10))
        let panel = View(frame: Rect(x: 20, y: 5, width: 8, height: 3))
        panel.backgroundStyle = Style(attributes: .reverse)
        driver.app.present(panel)
        driver.app.renderIfNeeded()
        #expect(panel.frame == Rect(x: 20, y: 5, width: 8, height: 3))
        driver.resize(to: Size(width: 15, height: 4))
        #expect(panel.frame == Rect(x: 7, y: 1, width: 8, height: 3))
        driver.resize(to: Size(width: 6, height: 2))
        #expect(panel.frame == Rect(x: 0, y: 0, width: 6, height: 2))
        driver.resize(to: Size(width: 30, height: 10))
        #expect(panel.frame == Rect(x: 20, y: 5, width: 8, height: 3))
    }

    @Test func helpAndPromptAreStillPlacedAfterAResize() {
        let driver = AppDriver(rootView: View(), size: Size(width: 40, height: 12))
        driver.app.prompt("/")
        driver.app.showHelp(entries: [("q", "quit")])
        let help = driver.app.topOverlay!
        driver.resize(to: Size(width: 30, height: 9))
        let preferred = (help as! HelpBox).preferredSize
        #expect(
            help.frame
                == Rect(
                    x: (30 - preferred.width) / 2, y: (9 - preferred.height) / 2,
                    width: preferred.width, height: preferred.height))
        driver.press("x")  // closes the help
        #expect(driver.app.topOverlay is PromptLine)
        #expect(driver.app.topOverlay?.frame == Rect(x: 0, y: 8, width: 30, height: 1))
    }

    @Test func tabMovesTheFocusAmongTheOverlaysViewsAndEscGivesItBack() {
        let source = NumbersSource(rows: 2)
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 30, height: 10)
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 10))
        let box = Box(title: "Find")
        let first = TextField(text: "", frame: Rect(x: 1, y: 1, width: 10, height: 1))
        let second = Button(title: "Go", frame: Rect(x: 1, y: 2, width: 6, height: 1))
        box.addSubview(first)
        box.addSubview(second)
        driver.app.present(box)
        #expect(driver.app.focusedView === first)
        driver.press("tab")
        #expect(driver.app.focusedView === second)
        driver.press("tab")
        #expect(driver.app.focusedView === first)
        driver.press("backtab")
        #expect(driver.app.focusedView === second)
        driver.press("escape")
        #expect(!driver.app.isShowingOverlay && driver.app.focusedView === table)
    }

    @Test func preferredSizesOfLabelsAndBoxes() {
        #expect(Label(text: "héllo 漢字").preferredSize == Size(width: 10, height: 1))
        let wrapping = Label(text: "one two\nthree")
        wrapping.numberOfLines = 0
        #expect(wrapping.preferredSize == Size(width: 7, height: 2))
        #expect(wrapping.sizeThatFits(Size(width: 3, height: 10)) == Size(width: 3, height: 4))
        #expect(wrapping.sizeThatFits(Size(width: 0, height: 10)) == Size(width: 0, height: 1))
        #expect(Box().preferredSize == Size(width: 2, height: 2))
        #expect(View(frame: Rect(x: 3, y: 3, width: 4, height: 2)).preferredSize == Size(width: 4, height: 2))
        #expect(
            View(frame: Rect(x: 3, y: 3, width: 4, height: 2)).sizeThatFits(Size(width: 2, height: 9))
                == Size(width: 2, height: 2))
    }
}
