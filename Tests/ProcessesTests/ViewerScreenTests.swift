import Foundation
import ProcessKit
import ProcessesCore
import TermTable
import TermTableTesting
import Testing

@Suite("procs on the in-memory screen")
@MainActor
struct ViewerScreenTests {
    @Test func theFirstScreen() throws {
        let harness = try ViewerHarness()
        assertStyledSnapshot(harness.driver.screen, named: "firstScreen")
        #expect(harness.lines[0].hasPrefix("procs · 8 processes · 3 users · sort cpu ▼"))
        #expect(harness.lines[0].contains("· 11:23:21 UTC"))  // btime 1795000000 + uptime 1001
    }

    @Test func marksAndTheCursorFollowProcessesAcrossResortsAndRefreshes() throws {
        let harness = try ViewerHarness()
        harness.mark(301, 400)
        harness.moveCursor(to: 302)
        #expect(harness.viewer.markedProcesses == [harness.id(301), harness.id(400)])
        for keys in ["m", "r", "p", "n", "c"] {
            harness.driver.press(keys)
            // Reorder by CPU too: sleep becomes the busiest, python3 idle.
            harness.use([300: 5, 301: 0, 400: 0])
            harness.refresh()
            #expect(Set(harness.viewer.markedProcesses) == [harness.id(301), harness.id(400)], "after \(keys)")
            #expect(harness.viewer.dataSource.cursorItemIdentifier == harness.id(302), "after \(keys)")
            #expect(harness.line(of: 301)?.hasPrefix("✓") == true, "after \(keys)")
            #expect(harness.line(of: 400)?.hasPrefix("✓") == true, "after \(keys)")
            #expect(harness.line(of: 300)?.hasPrefix("✓") == false, "after \(keys)")
        }
        // Ties at 0% CPU keep the sort before them (n: by name), so procs is above vim.
        assertStyledSnapshot(harness.driver.screen, named: "marksAfterResorts")
    }

    @Test func theSignalKeyAsksThenSignalsOnlyTheMarkedProcesses() throws {
        let harness = try ViewerHarness()
        harness.moveCursor(to: 302)
        harness.driver.press("K")
        #expect(harness.driver.app.isShowingOverlay == false)
        #expect(harness.lines.last!.contains("nothing marked: mark processes with space, then K"))
        #expect(harness.recorder.pinned.isEmpty)

        harness.mark(300, 401)
        harness.moveCursor(to: 302)  // the cursor's process is not marked: it must not be signalled
        harness.driver.press("K")
        #expect(harness.driver.app.topOverlay is ConfirmDialog)
        assertStyledSnapshot(harness.driver.screen, named: "confirmSIGTERM")
        let screen = harness.lines.joined(separator: "\n")
        #expect(screen.contains("Send SIGTERM to 2 marked processes?"))
        #expect(screen.contains("300  alice  sleep 1000") && screen.contains("401  bob  a) b (c"))
        harness.driver.press("n")
        #expect(harness.recorder.pinned.isEmpty)
        #expect(harness.lines.last!.contains("SIGTERM not sent"))

        harness.driver.press("enter")  // the cursor's row opens its detail; Enter never confirms anything
        harness.driver.press("escape")
        harness.driver.press("K")
        harness.driver.press("enter")  // Enter presses No, highlighted first
        #expect(harness.recorder.pinned.isEmpty)
        harness.driver.press("K")
        harness.driver.press("y")
        #expect(harness.recorder.sent.map(\.pid) == [300, 401])
        #expect(harness.recorder.sent.allSatisfy { $0.signal == SIGTERM })
        #expect(harness.lines.last!.contains("0 marked · SIGTERM sent to 2 processes"))

        harness.mark(301)
        harness.driver.press("X")
        #expect(harness.lines.joined().contains("Send SIGKILL to 1 marked process?"))
        harness.driver.press("y")
        #expect(harness.recorder.sent.map(\.pid) == [300, 401, 301])
        #expect(harness.recorder.sent.last?.signal == SIGKILL)
    }

    @Test func aMarkedProcessWhosePidIsReusedWhileTheDialogIsOpenIsNotSignalled() throws {
        let harness = try ViewerHarness()
        harness.mark(300)
        harness.driver.press("K")
        // The marked sleep exits and a new process gets its pid, then the timer refreshes the list.
        harness.remove(300)
        harness.write(FakeProcess(pid: 300, name: "victim", startTicks: 9000, arguments: ["important", "work"]))
        harness.refresh()
        harness.driver.press("y")
        #expect(harness.recorder.sent.isEmpty)
        #expect(harness.viewer.message == "SIGTERM sent to 0 processes; skipped 300 (pid reused by another process)")
    }

    @Test func aMarkOnAProcessThatExitedIsDroppedAndNeverMovesToThePidsNewOwner() throws {
        let harness = try ViewerHarness()
        harness.mark(300)
        harness.remove(300)
        harness.write(FakeProcess(pid: 300, name: "victim", startTicks: 9000, arguments: ["important", "work"]))
        harness.use([:])
        harness.refresh()
        #expect(harness.viewer.markedProcesses.isEmpty)
        // The pid is another process's now: said as such, not as "exited".
        #expect(harness.lines.last!.contains("0 marked · mark dropped, pid reused by another process: 300"))
        #expect(harness.line(of: 300)?.hasPrefix("✓") == false)
        #expect(harness.line(of: 300)?.contains("important work") == true)
        harness.driver.press("K")
        #expect(!harness.driver.app.isShowingOverlay)
        #expect(harness.recorder.pinned.isEmpty)
    }

    @Test func aMarkOnAProcessThatExitedSaysExited() throws {
        let harness = try ViewerHarness()
        harness.mark(300)
        harness.remove(300)
        harness.use([:])
        harness.refresh()
        #expect(harness.viewer.message == "mark dropped, exited: 300")
    }

    /// After a confirm, the status says what was sent; the marks the refresh drops are added, not put instead.
    @Test func theSignalSummaryIsNotReplacedByTheDroppedMarks() throws {
        let harness = try ViewerHarness()
        harness.mark(300, 301, 302)
        harness.driver.press("K")
        // 301 exits while the dialog is open; 302's pid goes to another process.
        harness.remove(301)
        harness.remove(302)
        harness.write(FakeProcess(pid: 302, name: "other", startTicks: 9900, arguments: ["other"]))
        harness.driver.press("y")
        #expect(harness.recorder.sent.map(\.pid) == [300])
        #expect(
            harness.viewer.message
                == "SIGTERM sent to 1 process; skipped 302 (pid reused by another process), 301 (exited)")
        #expect(harness.lines.last!.contains("0 marked · SIGTERM sent to 1 process; skipped 302"))
    }

    /// A newline in a command line cannot add a line to the dialog (a fake entry for a process not marked).
    @Test func aCommandLineCannotMakeLinesInTheConfirmDialog() throws {
        var spoof = FakeProcess(pid: 500, name: "sleep", startTicks: 8000)
        spoof.commandLine = Array("argv0\n4242  root  /sbin/init\r\n4243  root  x\u{2028}4244  root  y".utf8) + [0]
        let harness = try ViewerHarness(size: Size(width: 100, height: 20), extra: [spoof])
        harness.mark(500)
        harness.driver.press("K")
        let screen = harness.lines
        #expect(screen.joined().contains("Send SIGTERM to 1 marked process?"))
        let dialogLines = screen.filter { $0.contains("│") && ($0.contains("4242") || $0.contains("argv0")) }
        #expect(dialogLines.count == 1, "\(screen.joined(separator: "\n"))")
        #expect(dialogLines.first?.contains("500  ") == true)
        #expect(dialogLines.first?.contains("argv0␊4242") == true)
    }

    @Test func initAndTheViewerItselfAreNeverSignalled() throws {
        let harness = try ViewerHarness()
        harness.mark(1, ViewerHarness.ownPID)
        harness.driver.press("K")
        #expect(harness.lines.joined().contains("(pid 1 and procs itself are never signalled)"))
        harness.driver.press("y")
        #expect(harness.recorder.pinned.isEmpty)
        #expect(
            harness.viewer.message
                == "SIGTERM sent to 0 processes; skipped 999 (procs itself: never signalled), 1 (init: never signalled)"
        )
    }

    @Test func hostileCommandLinesNeverReachTheTerminalAsControls() throws {
        var hostile = FakeProcess(pid: 500, name: "\u{1B}[31mred", startTicks: 8000)
        hostile.commandLine =
            Array("evil\u{1B}]0;pwned\u{07}\u{1B}[2J\r\n\u{9B}1m".utf8) + [0, 0xFF, 0xFE, 0x80, 0] + [0]
        let harness = try ViewerHarness(extra: [hostile])
        func expectClean(_ lines: [String], _ what: String) {
            let bad = lines.joined().unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            #expect(bad.isEmpty, "\(what) shows control characters: \(bad.map { $0.value })")
        }
        #expect(harness.line(of: 500)?.contains("evil") == true)
        expectClean(harness.lines, "the list")
        harness.mark(500)
        harness.driver.press("K")
        expectClean(harness.lines, "the confirm dialog")
        harness.driver.press("n")
        harness.driver.press("enter")
        #expect(harness.viewer.detailID == harness.id(500))
        expectClean(harness.lines, "the detail view")
    }

    @Test func theDetailViewAndBack() throws {
        let harness = try ViewerHarness()
        harness.tree.link(300, "cwd", to: "/home/alice/work")
        harness.tree.link(300, "exe", to: "/usr/bin/sleep")
        harness.moveCursor(to: 300)
        harness.driver.press("enter")
        assertStyledSnapshot(harness.driver.screen, named: "detail")
        // The keys in one style, the values in another (a text view of styled text).
        let command = try #require(harness.lines.firstIndex { $0.hasPrefix("Command") })
        #expect(
            harness.driver.screen.style(at: Point(x: 0, y: command)) == Theme.dark.resolve(ProcessDetailView.keyStyle))
        #expect(harness.driver.screen.style(at: Point(x: 10, y: command)) == ProcessDetailView.valueStyle)
        #expect(harness.lines.contains { $0.hasPrefix("Command   sleep 1000") })
        #expect(harness.lines.contains { $0.hasPrefix("Directory /home/alice/work") })
        harness.remove(300)
        harness.refresh()
        #expect(harness.lines[1].hasPrefix("sleep · pid 300 (exited)"))
        harness.driver.press("q")  // q in the detail view goes back, it does not quit
        #expect(harness.viewer.detailID == nil)
        #expect(harness.lines[1].contains("PID"))
        #expect(harness.driver.app.focusedView === harness.viewer.table)
        harness.moveCursor(to: 301)
        harness.driver.press("enter")
        #expect(harness.lines[1].hasPrefix("vim · pid 301"))
        harness.driver.press("escape")
        #expect(harness.viewer.detailID == nil)
        #expect(harness.viewer.dataSource.cursorItemIdentifier == harness.id(301))
    }

    /// Enter pushes the detail screen over the list (the breadcrumb names the path); Esc pops it and the list is
    /// back as it was: the filter, the cursor's process and every line drawn.
    @Test func theDetailScreenIsPushedAndEscGoesBackToTheListAsItWas() throws {
        let harness = try ViewerHarness()
        let app = harness.driver.app
        harness.driver.press("/")
        harness.driver.type("s")
        harness.driver.press("enter")
        harness.moveCursor(to: 301)
        let list = harness.lines
        harness.driver.press("enter")
        #expect(app.screens.count == 2 && app.topScreen === harness.viewer.detailScreen)
        #expect(harness.lines[0].hasPrefix("procs › vim · pid 301"))
        #expect(app.bindingsInForce.first { $0.keys.contains(Key("q")) }?.help == "back to the list")
        harness.driver.press("escape")
        #expect(app.screens.count == 1)
        #expect(harness.viewer.detailID == nil)
        #expect(app.focusedView === harness.viewer.table)
        #expect(harness.viewer.dataSource.cursorItemIdentifier == harness.id(301))
        #expect(harness.viewer.dataSource.filterQuery == "s")
        #expect(harness.lines == list, "the list is drawn as it was left")
        #expect(app.bindingsInForce.first { $0.keys.contains(Key("q")) }?.help == "quit")
    }

    @Test func theFilterAndTheEmptyState() throws {
        let harness = try ViewerHarness()
        harness.mark(301)
        harness.driver.press("/")
        harness.driver.type("sleep")
        #expect(harness.viewer.dataSource.snapshot().itemIdentifiers == [harness.id(300)])
        harness.driver.press("enter")
        #expect(harness.lines[0].contains("1 of 8 processes · 1 user · sort cpu ▼ · filter “sleep”"))
        #expect(harness.lines.last!.contains("1 marked, 1 hidden"), "the mark on the hidden row is kept")
        #expect(harness.viewer.dataSource.hiddenSelectedItemIdentifiers == [harness.id(301)])
        #expect(harness.viewer.markedProcesses.isEmpty, "K and X signal only marked rows shown")
        let row = try #require(harness.lines.firstIndex { $0.contains("sleep 1000") })
        let column = try #require(harness.lines[row].range(of: "sle")).lowerBound
        let x = harness.lines[row].distance(from: harness.lines[row].startIndex, to: column)
        #expect(
            harness.driver.screen.style(at: Point(x: x, y: row)).attributes.contains(.underline),
            "the match is highlighted")
        harness.driver.press("/")
        harness.driver.type("zzz")
        harness.driver.press("enter")
        #expect(harness.lines.contains { $0.contains("No processes match") })
        harness.driver.press("/")
        harness.driver.press("escape")
        #expect(harness.viewer.dataSource.snapshot().numberOfItems == 8)
        #expect(harness.viewer.markedProcesses == [harness.id(301)], "clearing the filter shows the kept mark")
    }

    /// The bar counts the marks the filter hides; K's question says how many are signalled and that those are not.
    @Test func theSignalQuestionSaysMarksHiddenByTheFilterAreNotSignalled() throws {
        let harness = try ViewerHarness()
        harness.mark(300, 301)
        harness.driver.press("/")
        harness.driver.type("sleep")
        harness.driver.press("enter")
        #expect(harness.lines.last!.contains("2 marked, 1 hidden"))
        harness.driver.press("K")
        let screen = harness.lines.joined(separator: "\n")
        #expect(screen.contains("Send SIGTERM to the 1 marked process shown?"))
        #expect(screen.contains("(1 more marked is hidden by the filter: not signalled)"))
        harness.driver.press("y")
        #expect(harness.recorder.sent.map(\.pid) == [300], "the hidden mark is not signalled")

        // Signalled, 300 is unmarked: every mark left is hidden, and K says so rather than "nothing marked".
        #expect(harness.lines.last!.contains("1 marked, 1 hidden"))
        harness.driver.press("K")
        #expect(!harness.driver.app.isShowingOverlay)
        #expect(
            harness.lines.last!.contains("1 marked, 1 hidden · hidden marks are not signalled: clear the filter first"))
        #expect(harness.recorder.sent.map(\.pid) == [300])
    }

    @Test func theHelpBoxListsTheKeys() throws {
        let harness = try ViewerHarness(size: Size(width: 80, height: 30))
        harness.driver.press("?")
        let screen = harness.lines.joined(separator: "\n")
        #expect(screen.contains("SIGTERM the marked processes (asks first)"))
        let help = try #require(harness.driver.app.topOverlay as? HelpBox)
        let sortLines = help.entries.filter { $0.action.hasPrefix("sort by C") || $0.action.hasPrefix("by ") }
        #expect(sortLines.map(\.key) == ["c m p n r"], "the sort keys on one line: \(sortLines)")
        #expect(sortLines.first?.action == "sort by CPU, memory, pid, name; r reverses")
        #expect(help.entries.contains { $0.key == "ctrl-p/:" && $0.action.hasPrefix("command palette") })
        // A box taller than the screen scrolls on j (issue 32); Esc closes it.
        harness.driver.press("j")
        #expect(harness.driver.app.isShowingOverlay == help.scrolls)
        harness.driver.press("esc")
        #expect(!harness.driver.app.isShowingOverlay)
    }

    /// Where `text` starts and ends in `line` (in columns), nil when it is not there.
    static func span(of text: String, in line: String) -> Range<Int>? {
        line.range(of: text).map {
            line.distance(
                from: line.startIndex, to: $0.lowerBound)..<line.distance(from: line.startIndex, to: $0.upperBound)
        }
    }

    /// Where the first `text` in `line` that ends at column `column` or later ends.
    static func end(of text: String, endingFrom column: Int, in line: String) -> Int? {
        let characters = Array(line)
        let wanted = Array(text)
        guard characters.count >= wanted.count else { return nil }
        return (0...(characters.count - wanted.count)).first { start in
            start + wanted.count >= column && Array(characters[start..<start + wanted.count]) == wanted
        }.map { $0 + wanted.count }
    }

    /// The header row's titles sit over python3's values: right-aligned ones end with them, the command starts with it.
    static func expectTitlesOverValues(
        _ harness: ViewerHarness, titles expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let titles = harness.lines[1]
        let row = try #require(harness.line(of: 302), sourceLocation: sourceLocation)
        let shown = ["PID", "S", "CPU%", "RSS", "THR", "COMMAND"].filter { span(of: " \($0)", in: " " + titles) != nil }
        #expect(shown == expected, "\(titles)\n\(row)", sourceLocation: sourceLocation)
        let values = ["PID": "302", "CPU%": "2.0", "RSS": "19.5M", "THR": "1"]
        for title in shown where values[title] != nil {
            let titleSpan = try #require(span(of: title, in: titles), sourceLocation: sourceLocation)
            // The value's first occurrence ending at or after the title's end (THR's "1" is not the "1" of 19.5M).
            let valueEnd = Self.end(of: values[title]!, endingFrom: titleSpan.upperBound, in: row)
            #expect(valueEnd == titleSpan.upperBound, "\(title)\n\(titles)\n\(row)", sourceLocation: sourceLocation)
        }
        if shown.contains("S") {
            #expect(
                span(of: "S", in: titles)?.lowerBound == span(of: " S ", in: row).map { $0.lowerBound + 1 },
                "\(titles)\n\(row)", sourceLocation: sourceLocation)
        }
        if shown.contains("COMMAND") {
            #expect(
                span(of: "COMMAND", in: titles)?.lowerBound == span(of: "python3", in: row)?.lowerBound,
                "\(titles)\n\(row)", sourceLocation: sourceLocation)
        }
    }

    /// The header row is the table's (declared with `heading=` in Procs.layout): titles sit over the values at every width.
    @Test(arguments: [50, 64, 80, 120])
    func theColumnTitlesLineUpWithTheRows(width: Int) throws {
        let harness = try ViewerHarness(size: Size(width: width, height: 14))
        harness.mark(302)
        // The user's header keeps the name at every width (its counts give way first).
        #expect(harness.lines.contains { $0.hasPrefix("── alice ") }, "\(harness.lines.joined(separator: "\n"))")
        #expect(harness.lines[1].contains("▼ CPU%"), "sorted by CPU, busiest first")
        // The threads go below 63 columns (60 for the row: less the mark and indicator columns).
        try Self.expectTitlesOverValues(
            harness,
            titles: width >= 63
                ? ["PID", "S", "CPU%", "RSS", "THR", "COMMAND"]
                : ["PID", "S", "CPU%", "RSS", "COMMAND"])
    }

    /// Narrowing the terminal: the command narrows first, then the threads go, then the state; narrower still, the
    /// columns scroll by column (h, l) with the pid frozen.
    @Test func atNarrowWidthsFieldsGiveWayInTheDeclaredOrderUnderTheirTitles() throws {
        let harness = try ViewerHarness(size: Size(width: 80, height: 14))
        let steps: [(width: Int, titles: [String])] = [
            (80, ["PID", "S", "CPU%", "RSS", "THR", "COMMAND"]),
            (66, ["PID", "S", "CPU%", "RSS", "THR", "COMMAND"]),  // the command narrowed to 25
            (62, ["PID", "S", "CPU%", "RSS", "COMMAND"]),
            (46, ["PID", "CPU%", "RSS", "COMMAND"]),
            (40, ["PID", "CPU%", "RSS", "COMMAND"]),
            (38, ["PID", "CPU%", "RSS", "COMMAND"]),  // the command at its minimum, 8 columns
        ]
        for step in steps {
            harness.driver.resize(to: Size(width: step.width, height: 14))
            try Self.expectTitlesOverValues(harness, titles: step.titles)
        }
        harness.driver.resize(to: Size(width: 40, height: 14))
        // 2 mark columns, pid 9, cpu 7, rss 8, the command 10 (gaps of 1), the indicator's column.
        #expect(harness.lines[1] == "        PID  ▼ CPU%      RSS COMMAND    ")
        #expect(harness.line(of: 302)?.hasPrefix("        302     2.0    19.5M python3 -…") == true)
        harness.driver.resize(to: Size(width: 38, height: 14))
        #expect(harness.lines[1] == "        PID  ▼ CPU%      RSS COMMAND  ")
        #expect(harness.line(of: 302)?.hasPrefix("        302     2.0    19.5M python3…") == true)
        // Narrower, the columns keep their widths and scroll by column (the last one cut at the edge); the pid
        // is frozen, l scrolls the others.
        harness.driver.resize(to: Size(width: 30, height: 14))
        #expect(harness.lines[1] == "        PID  ▼ CPU%      RSS  ")
        harness.driver.press("l")
        #expect(harness.lines[1] == "        PID      RSS COMMAND  ")
        #expect(harness.line(of: 302)?.hasPrefix("        302    19.5M python3") == true)
        harness.driver.press("h")
        #expect(harness.lines[1] == "        PID  ▼ CPU%      RSS  ")
    }

    /// The screen's rows of alice's processes, top to bottom.
    static func alicesPIDs(_ harness: ViewerHarness) -> [Int32] {
        harness.lines.compactMap { line in line.dropFirst(2).split(separator: " ").first.flatMap { Int32($0) } }
            .filter { [300, 301, 302, 999].contains($0) }
    }

    /// A click on a column title sorts by it, a second click reverses; titles that cannot sort ignore clicks.
    @Test func clickingATitleSortsAndClickingItAgainReverses() throws {
        let harness = try ViewerHarness()
        func click(_ title: String) throws {
            let span = try #require(Self.span(of: title, in: harness.lines[1]), "\(harness.lines[1])")
            harness.driver.click(x: span.lowerBound + 1, y: 1)
        }
        try click("RSS")
        #expect(harness.viewer.table.sortDescriptors.first == TableSortDescriptor(column: "rss", ascending: false))
        #expect(harness.lines[0].contains("sort memory ▼"))
        #expect(harness.lines[1].contains("▼ RSS") && !harness.lines[1].contains("▼ CPU%"))
        #expect(Self.alicesPIDs(harness) == [302, 301, 999, 300])
        try click("RSS")
        #expect(harness.viewer.table.sortDescriptors.first == TableSortDescriptor(column: "rss", ascending: true))
        #expect(harness.lines[0].contains("sort memory ▲"))
        #expect(harness.lines[1].contains("▲ RSS"))
        #expect(Self.alicesPIDs(harness) == [300, 999, 301, 302])

        // State and threads do not sort, nor does the gap between two titles.
        try click("THR")
        try click(" S ")
        let gap = try #require(Self.span(of: "RSS", in: harness.lines[1])).upperBound
        harness.driver.click(x: gap, y: 1)
        #expect(harness.viewer.table.sortDescriptors.first == TableSortDescriptor(column: "rss", ascending: true))
        #expect(harness.lines[1].contains("▲ RSS"))

        try click("COMMAND")
        #expect(harness.viewer.table.sortDescriptors.first == TableSortDescriptor(column: "command", ascending: true))
        #expect(harness.lines[1].contains("COMMAND ▲") && !harness.lines[1].contains("▲ RSS"))
        #expect(Self.alicesPIDs(harness) == [999, 302, 300, 301])  // procs, python3, sleep, vim
        try click("PID")
        #expect(
            harness.viewer.table.sortDescriptors.first == TableSortDescriptor(column: "pid")
                && harness.lines[1].contains("▲ PID"))
        harness.driver.press("r")  // the key and the header agree
        #expect(harness.lines[1].contains("▼ PID") && harness.lines[0].contains("sort pid ▼"))
        try click("CPU%")
        #expect(
            harness.viewer.table.sortDescriptors.first == TableSortDescriptor(column: "cpu", ascending: false)
                && harness.lines[1].contains("▼ CPU%"))
        #expect(harness.viewer.markedProcesses.isEmpty, "a title click marks nothing")
    }
}
