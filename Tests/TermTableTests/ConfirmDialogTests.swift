import Foundation
import TermTableTesting
import Testing

@testable import TermTable

@Suite("Confirm dialog") @MainActor
struct ConfirmDialogTests {
    /// A 40x12 app over a table, with `q` bound, asking "Delete 3 files?".
    func asking() -> (AppDriver, TableView, Answers) {
        let answers = Answers()
        let table = makeTable(answers.source, width: 40, height: 12)
        let driver = AppDriver(rootView: table, size: Size(width: 40, height: 12))
        driver.app.bind(Key("q")) { answers.quits += 1 }
        driver.app.confirm("Delete 3 files?") { answers.given.append($0) }
        driver.app.renderIfNeeded()
        return (driver, table, answers)
    }

    @MainActor final class Answers {
        var given: [Bool] = []
        var quits = 0
        /// The table's data source, kept here because the table holds it weakly.
        let source = NumbersSource(rows: 10)
    }

    @Test func isCentredWithTheSafeButtonHighlighted() {
        let (driver, _, _) = asking()
        #expect(
            Array(driver.lines[3...7]) == [
                "Row 3     ┌─────────────────┐           ",
                "Row 4     │ Delete 3 files? │           ",
                "Row 5     │                 │           ",
                "Row 6     │ [ Yes ]  [ No ] │           ",
                "Row 7     └─────────────────┘           ",
            ])
        #expect(
            driver.screen.styleMask(line: 6) { $0.attributes.contains(.reverse) }
                == String(repeating: " ", count: 21) + "^^^^^^" + String(repeating: " ", count: 13))
    }

    @Test func enterChoosesTheHighlightedButtonWhichStartsOnNo() {
        let (driver, table, answers) = asking()
        driver.press("enter")
        #expect(answers.given == [false])
        #expect(!driver.app.isShowingOverlay)
        #expect(driver.app.focusedView === table)
        #expect(driver.lines[6] == "Row 6                                   ")
    }

    @Test func onlyYConfirms() {
        let (driver, _, answers) = asking()
        driver.press("y")
        #expect(answers.given == [true])
        #expect(!driver.app.isShowingOverlay)
    }

    @Test(arguments: ["n", "N", "escape"])
    func nAndEscCancel(key: String) {
        let (driver, _, answers) = asking()
        driver.press(key)
        #expect(answers.given == [false])
        #expect(!driver.app.isShowingOverlay)
    }

    @Test func otherKeysReachNeitherTheTableNorTheAppsBindings() {
        let (driver, table, answers) = asking()
        driver.press("q j j x")
        #expect(answers.given.isEmpty && answers.quits == 0)
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        #expect(driver.app.isShowingOverlay)
    }

    @Test(arguments: ["right", "left", "tab", "l"])
    func movingToYesThenEnterConfirms(key: String) {
        let (driver, _, answers) = asking()
        driver.press(key)
        #expect(
            driver.screen.styleMask(line: 6) { $0.attributes.contains(.reverse) }
                == String(repeating: " ", count: 12) + "^^^^^^^" + String(repeating: " ", count: 21))
        driver.press("enter")
        #expect(answers.given == [true])
    }

    @Test func buttonsAreClickable() {
        var (driver, _, answers) = asking()
        driver.click(x: 13, y: 6)
        #expect(answers.given == [true])
        (driver, _, answers) = asking()
        driver.click(x: 23, y: 6)
        #expect(answers.given == [false])
        // A click beside the buttons answers nothing.
        (driver, _, answers) = asking()
        driver.click(x: 11, y: 4)
        driver.click(x: 1, y: 1)
        #expect(answers.given.isEmpty && driver.app.isShowingOverlay)
    }

    @Test func isCentredAgainAfterAResize() {
        let (driver, _, answers) = asking()
        driver.resize(to: Size(width: 30, height: 8))
        #expect(driver.app.topOverlay?.frame == Rect(x: 5, y: 1, width: 19, height: 5))
        #expect(driver.lines[4] == "Row 4│ [ Yes ]  [ No ] │      ")
        driver.press("y")
        #expect(answers.given == [true])
    }

    @Test func aLongQuestionWrapsToTheScreen() {
        let source = NumbersSource(rows: 1)
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 30, height: 12)
        let driver = AppDriver(rootView: table, size: Size(width: 30, height: 12))
        let question = "Send SIGTERM to the 3 marked processes (sleep, sleep and yes)?"
        let dialog = driver.app.confirm(question, title: "Kill") { _ in }
        driver.app.renderIfNeeded()
        #expect(dialog.frame.width == 30)
        let lines = TerminalText.wrap(question, width: 26)
        #expect(dialog.frame.height == lines.count + 4)
        let shown = driver.lines[dialog.frame.y + 1..<dialog.frame.y + 1 + lines.count]
            .map { $0.dropFirst(2).prefix(26).trimmingCharacters(in: .whitespaces) }
        #expect(shown == lines)
        #expect(driver.lines[dialog.frame.y].contains(" Kill "))
    }

    @Test func answersOnceEvenWhenClosedAnotherWay() {
        let (driver, _, answers) = asking()
        let dialog = driver.app.topOverlay as! ConfirmDialog
        driver.app.dismissOverlay()
        #expect(answers.given == [false])
        dialog.answer(true)
        driver.press("y")
        #expect(answers.given == [false])
    }

    @Test func survivesEverySmallScreen() {
        for width in 0...8 {
            for height in 0...5 {
                let driver = AppDriver(rootView: View(), size: Size(width: width, height: height))
                var given: [Bool] = []
                driver.app.confirm("Really?") { given.append($0) }
                driver.app.renderIfNeeded()
                let frame = driver.app.topOverlay!.frame
                #expect(frame.width >= 0 && frame.height >= 0 && frame.maxX <= width && frame.maxY <= height)
                driver.press("right enter")
                #expect(given == [true], "\(width)x\(height)")
            }
        }
    }

    @Test func aCopyHasItsOwnWorkingButtons() {
        let dialog = ConfirmDialog(message: "Sure?", title: "Q")
        var given: [Bool] = []
        dialog.onAnswer = { given.append($0) }
        let copy = dialog.copy()
        #expect(copy.messageLabel !== dialog.messageLabel && copy.messageLabel.text == "Sure?")
        #expect(copy.subviews.count == 3 && copy.title == "Q")
        copy.confirmButton.press()
        #expect(given == [true] && copy.isAnswered && !dialog.isAnswered)
        let screen = render(copy, size: copy.preferredSize)
        #expect(screen.lines.contains { $0.contains("[ Yes ]  [ No ]") })
    }
}
