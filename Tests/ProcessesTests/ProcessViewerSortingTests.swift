import ProcessKit
import ProcessesCore
import TermTable
import TermTableTesting
import Testing

/// procs' sort is the table's: sort descriptors set by a key or a click on a title, kept by the diffable data
/// source's sort key while processes come and go.
@Suite("procs sorting")
@MainActor
struct ProcessViewerSortingTests {
    /// The screen's rows among `pids`, top to bottom.
    static func shown(_ pids: Set<Int32>, in harness: ViewerHarness) -> [Int32] {
        harness.lines.compactMap { line in line.dropFirst(2).split(separator: " ").first.flatMap { Int32($0) } }
            .filter { pids.contains($0) }
    }

    static let alice: Set<Int32> = [300, 301, 302, 303, 304, 999]

    func click(_ title: String, in harness: ViewerHarness) throws {
        let span = try #require(ViewerScreenTests.span(of: title, in: harness.lines[1]), "\(harness.lines[1])")
        harness.driver.click(x: span.lowerBound + 1, y: 1)
    }

    /// c, m, p, n sort by CPU, memory, pid, command in their first direction; r reverses; the title bar and
    /// the header say which.
    @Test func eachKeySortsItsColumnAndRReverses() throws {
        let harness = try ViewerHarness(size: Size(width: 80, height: 20))
        // alice: sleep 300 (150 pages, idle), vim 301 (3000, 1%), python3 302 (5000, 2%), procs 999 (2500, idle).
        harness.driver.press("m")
        #expect(Self.shown(Self.alice, in: harness) == [302, 301, 999, 300])
        #expect(harness.lines[0].contains("sort memory ▼") && harness.lines[1].contains("▼ RSS"))
        harness.driver.press("p")
        #expect(Self.shown(Self.alice, in: harness) == [300, 301, 302, 999])
        harness.driver.press("r")
        #expect(Self.shown(Self.alice, in: harness) == [999, 302, 301, 300])
        #expect(harness.lines[0].contains("sort pid ▼") && harness.lines[1].contains("▼ PID"))
        harness.driver.press("n")
        #expect(Self.shown(Self.alice, in: harness) == [999, 302, 300, 301])  // procs, python3, sleep, vim
        #expect(harness.lines[0].contains("sort name ▲") && harness.lines[1].contains("COMMAND ▲"))
        harness.driver.press("c")
        #expect(harness.lines[0].contains("sort cpu ▼") && harness.lines[1].contains("▼ CPU%"))
        // Ties (sleep and procs, both idle) keep the sort before: by command.
        #expect(Self.shown(Self.alice, in: harness) == [302, 301, 999, 300])
        #expect(harness.viewer.table.sortDescriptors.map(\.column) == ["cpu", "command", "pid"])
    }

    /// A sort chosen by a click on a title stays while refreshes add processes (each lands in its place), remove
    /// them and change their values; the cursor stays on its process.
    @Test func aSortChosenByAHeaderClickSurvivesRefreshesThatAddAndRemoveProcesses() throws {
        let harness = try ViewerHarness(size: Size(width: 80, height: 20))
        try click("RSS", in: harness)
        #expect(Self.shown(Self.alice, in: harness) == [302, 301, 999, 300])
        harness.moveCursor(to: 999)

        var make = FakeProcess(pid: 303, name: "make", startTicks: 8000, arguments: ["make"])
        make.residentPages = 4000
        var true1 = FakeProcess(pid: 304, name: "true", startTicks: 8100, arguments: ["true"])
        true1.residentPages = 10
        harness.write(make)
        harness.write(true1)
        harness.remove(301)
        harness.use([303: 50])  // make is now the busiest: a CPU sort would put it first
        harness.refresh()
        #expect(Self.shown(Self.alice, in: harness) == [302, 303, 999, 300, 304])
        #expect(harness.viewer.table.sortDescriptors.first == TableSortDescriptor(column: "rss", ascending: false))
        #expect(harness.lines[0].contains("sort memory ▼") && harness.lines[1].contains("▼ RSS"))
        #expect(harness.viewer.dataSource.cursorItemIdentifier == harness.id(999))

        // sleep grows past everyone, python3 exits: both move, the cursor stays on procs.
        var sleep = try #require(harness.processes[300])
        sleep.residentPages = 9000
        harness.write(sleep)
        harness.remove(302)
        harness.use([:])
        harness.refresh()
        #expect(Self.shown(Self.alice, in: harness) == [300, 303, 999, 304])
        #expect(harness.viewer.dataSource.cursorItemIdentifier == harness.id(999))

        // A second click reverses, and that too is kept across a refresh.
        try click("RSS", in: harness)
        harness.use([:])
        harness.refresh()
        #expect(Self.shown(Self.alice, in: harness) == [304, 999, 303, 300])
        #expect(harness.lines[0].contains("sort memory ▲"))
    }
}
