import TermTableTesting
import Testing

@testable import TermTable

@MainActor
@Suite struct AppDriverTests {
    /// A key script with a typo fails the one test at the caller's line, presses none of its keys,
    /// and the test (and the run) goes on: it used to stop the whole test process.
    @Test func unknownKeyNameRecordsAnIssueAtTheCallerAndTheTestGoesOn() {
        let source = NumbersSource(rows: 10)
        let table = makeTable(source)
        let driver = AppDriver(rootView: table, size: Size(width: 12, height: 5))
        let line = #line + 2
        withKnownIssue {
            driver.press("j jj j")
        } matching: { issue in
            issue.description.contains("'jj'") && issue.description.contains("'j jj j'")
                && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
        // No key of the bad script was pressed, and the driver still works.
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        driver.press("j j")
        #expect(table.state.cursor == IndexPath(row: 2, section: 0))
    }
}
