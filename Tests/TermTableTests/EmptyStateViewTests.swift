import Foundation
import TermTableTesting
import Testing

@testable import TermTable

@Suite("Empty state") @MainActor
struct EmptyStateViewTests {
    @Test func aTableWithNoRowsShowsTheMessageUntilRowsComeBack() {
        let source = NumbersSource(sections: [[]])
        let table = makeTable(source, width: 1, height: 1)
        let list = EmptyStateView(table, message: "No matches")
        let driver = AppDriver(rootView: list, size: Size(width: 16, height: 5))
        #expect(list.isShowingMessage)
        #expect(
            driver.lines
                == ["", "", "   No matches   ", "", ""].map { $0.padding(toLength: 16, withPad: " ", startingAt: 0) })
        #expect(driver.screen.style(at: Point(x: 3, y: 2)).attributes.contains(.dim))
        #expect(driver.app.focusedView === table, "the table inside takes the keys")

        source.sections = [["Row 0", "Row 1"]]
        table.reloadData()
        driver.app.renderIfNeeded()
        #expect(!list.isShowingMessage)
        #expect(
            driver.lines
                == ["Row 0", "Row 1", "", "", ""].map { $0.padding(toLength: 16, withPad: " ", startingAt: 0) })

        source.sections = [[]]
        table.reloadData()
        driver.app.renderIfNeeded()
        #expect(driver.lines[2] == "   No matches   ")
    }

    @Test func headersWithoutRowsCountAsEmpty() {
        let source = NumbersSource(sections: [[], []], titles: ["alice", "bob"])
        defer { withExtendedLifetime(source) {} }
        let list = EmptyStateView(makeTable(source, width: 1, height: 1), message: "No processes")
        let screen = render(list, size: Size(width: 20, height: 5))
        #expect(screen.lines[0].hasPrefix("alice"), "the headers still show")
        #expect(list.isShowingMessage)
        #expect(screen.lines[2] == "    No processes    ")
    }

    @Test func aLongMessageWrapsAndATinyViewShowsWhatFits() {
        let source = NumbersSource(sections: [[]])
        defer { withExtendedLifetime(source) {} }
        let list = EmptyStateView(
            makeTable(source, width: 1, height: 1), message: "Nothing matches the filter; Esc clears it")
        var screen = render(list, size: Size(width: 14, height: 5))
        #expect(
            screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                == ["Nothing", "matches the", "filter; Esc", "clears it", ""])
        for width in 0...3 {
            for height in 0...2 {
                screen = render(list, size: Size(width: width, height: height))
                #expect(screen.lines.count == height)
            }
        }
    }

    @Test func anyViewWithItsOwnTest() {
        let log = Label(text: "")
        let view = EmptyStateView(log, message: "No log yet") { ($0 as! Label).text.isEmpty }
        #expect(render(view, size: Size(width: 12, height: 1)).lines == [" No log yet "])
        log.text = "started"
        #expect(render(view, size: Size(width: 12, height: 1)).lines == ["started     "])
        // Without a test, a view that is not a table is never empty.
        let plain = EmptyStateView(Label(text: ""), message: "never")
        #expect(!plain.isShowingMessage)
    }

    @Test func insideAStackBetweenBars() {
        let source = NumbersSource(sections: [[]])
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 1, height: 1)
        let stack = VStack([
            Label(text: "procs"), .fill(EmptyStateView(table, message: "No matches")),
            Label(text: "0 of 0"),
        ])
        let screen = render(stack, size: Size(width: 12, height: 5))
        #expect(screen.lines == ["procs       ", "            ", " No matches ", "            ", "0 of 0      "])
    }
}
