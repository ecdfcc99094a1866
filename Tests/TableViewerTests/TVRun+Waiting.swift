import TableViewerCore
import TermTableTesting

extension TVRun {
    /// Lets the main queue run (the index and sort threads' results come back on it) until `condition` holds,
    /// drawing as the app would: at most `turns` turns of at least 2 ms, counted in the caller's own turns rather
    /// than by the clock, since other suites' tests on the main actor can hold it for a minute in a loaded run and a
    /// clock deadline passed meanwhile ended the wait before the queued results ran.
    @MainActor
    static func wait(
        until condition: () -> Bool, _ viewer: TableViewer, _ driver: AppDriver, turns: Int = 30_000
    ) async {
        var turn = 0
        while !condition(), turn < turns {
            turn += 1
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(2))
            viewer.appendIndexedRows()
        }
        driver.app.render()
    }
}
