import TermTableTesting
import Testing

@testable import TermTable

/// `onResize` runs for the starting size too, before the first frame: a rule that depends on the size holds from the start.
@Suite @MainActor
struct ApplicationStartingSizeTests {
    /// "Hide the hint bar below 10 rows", set up as an app does before it runs.
    func app(on screen: BufferScreen, sizes: KeyLog) -> (Application, KeyHintBar) {
        let hints = KeyHintBar()
        let app = Application(screen: screen, rootView: VStack([.fill(View()), hints]))
        app.bind(KeyBinding([Key("q")], help: "quit", hint: "quit")) {}
        app.onResize = { size in
            sizes.entries.append("\(size.width)x\(size.height)")
            hints.isHidden = size.height < 10
            hints.superview?.setNeedsLayout()
        }
        return (app, hints)
    }

    @Test func theStartingSizeIsReportedBeforeTheFirstFrameAndOnce() {
        let sizes = KeyLog()
        var hints: KeyHintBar?
        let driver = AppDriver(size: Size(width: 30, height: 6)) { screen in
            let (app, bar) = app(on: screen, sizes: sizes)
            hints = bar
            return app
        }
        #expect(sizes.take() == ["30x6"])
        #expect(hints?.isHidden == true, "the rule ran at the start")
        #expect(!driver.lines.contains { $0.contains("q quit") })
        driver.press("x")
        #expect(sizes.take().isEmpty, "a frame after the first reports nothing")
        driver.resize(to: Size(width: 30, height: 12))
        #expect(sizes.take() == ["30x12"])
        #expect(driver.lines[11].contains("q quit"))
    }
}
