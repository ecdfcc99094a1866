import Foundation
import ProcessKit
import ProcessesCore
import TermTable
import TermTableTesting
import Testing

@Suite("procs' tree (t, --tree) on the in-memory screen")
@MainActor
struct ProcessViewerTreeTests {
    /// alice's shell 500 with two children, 501 and 502, under init.
    static func family() -> [FakeProcess] {
        var shell = FakeProcess(pid: 500, name: "sh", startTicks: 8000, arguments: ["sh", "-c", "work"])
        shell.parentPID = 1
        var first = FakeProcess(pid: 501, name: "sleep", startTicks: 8100, arguments: ["sleep", "4242"])
        first.parentPID = 500
        var second = FakeProcess(pid: 502, name: "sleep", startTicks: 8200, arguments: ["sleep", "4343"])
        second.parentPID = 500
        return [shell, first, second]
    }

    static func child(_ pid: Int32, of parent: Int32, _ argument: String) -> FakeProcess {
        var process = FakeProcess(
            pid: pid, name: "sleep", startTicks: UInt64(pid) * 10, arguments: ["sleep", argument])
        process.parentPID = parent
        return process
    }

    func treeHarness() throws -> ViewerHarness {
        let harness = try ViewerHarness(size: Size(width: 80, height: 20), extra: Self.family())
        harness.driver.press("t")
        #expect(harness.viewer.isTreeMode)
        return harness
    }

    @Test func tShowsTheProcessesUnderTheirParentsWithGuidesAndBack() throws {
        let harness = try treeHarness()
        #expect(harness.lines[0].hasPrefix("procs · 11 processes · tree · sort cpu ▼"))
        let outline = try #require(harness.viewer.outline)
        #expect(outline.parent(of: harness.id(501)) == harness.id(500))
        #expect(outline.parent(of: harness.id(500)) == harness.id(1))
        #expect(outline.parent(of: harness.id(1)) == nil, "init is a root")
        // Siblings in the sort's order (CPU, largest first, then pid): 501 and 502 both idle.
        #expect(outline.children(of: harness.id(500)) == [harness.id(501), harness.id(502)])
        let first = try #require(harness.line(of: 501))
        let second = try #require(harness.line(of: 502))
        #expect(first.contains("├─") && first.contains("sleep 4242"), "\(first)")
        #expect(second.contains("└─") && second.contains("sleep 4343"), "\(second)")
        #expect(!harness.lines.contains { $0.contains("── alice") }, "no user headers in the tree")
        harness.driver.press("t")
        #expect(!harness.viewer.isTreeMode)
        #expect(harness.lines[0].contains("· 3 users ·"))
        #expect(harness.lines.contains { $0.contains("alice") && $0.contains("──") })
        #expect(!(harness.line(of: 501) ?? "").contains("├─"))
    }

    @Test func theCursorStaysOnItsProcessAsChildrenComeAndGoUnderAnExpandedParent() throws {
        let harness = try treeHarness()
        harness.moveCursor(to: 502)
        harness.write(Self.child(503, of: 500, "4444"))
        harness.refresh()
        #expect(harness.viewer.cursorProcess == harness.id(502))
        #expect(harness.viewer.outline?.children(of: harness.id(500)).count == 3)
        #expect(harness.line(of: 503) != nil, "the new child shows under its expanded parent")
        harness.remove(501)
        harness.refresh()
        #expect(harness.viewer.cursorProcess == harness.id(502))
        #expect(harness.line(of: 501) == nil)
        #expect(harness.viewer.outline?.children(of: harness.id(500)) == [harness.id(502), harness.id(503)])
    }

    @Test func aCollapsedParentStaysCollapsedAsItsChildrenComeAndGo() throws {
        let harness = try treeHarness()
        harness.moveCursor(to: 500)
        harness.driver.press("left")
        let outline = try #require(harness.viewer.outline)
        #expect(!outline.isExpanded(harness.id(500)))
        #expect(harness.line(of: 501) == nil)
        harness.write(Self.child(504, of: 500, "4545"))
        harness.remove(502)
        harness.refresh()
        #expect(!outline.isExpanded(harness.id(500)), "a refresh keeps the collapse")
        #expect(harness.line(of: 504) == nil)
        #expect(harness.viewer.cursorProcess == harness.id(500))
        #expect(outline.children(of: harness.id(500)) == [harness.id(501), harness.id(504)])
        harness.driver.press("+")
        #expect(harness.line(of: 504) != nil)
        #expect(harness.viewer.cursorProcess == harness.id(500))
        // ← on a child goes to its parent; h collapses it again, l expands, l again goes to the first child.
        harness.moveCursor(to: 504)
        harness.driver.press("h")
        #expect(harness.viewer.cursorProcess == harness.id(500))
        harness.driver.press("h")
        #expect(!outline.isExpanded(harness.id(500)))
        harness.driver.press("l")
        harness.driver.press("l")
        #expect(harness.viewer.cursorProcess == harness.id(501))
    }

    @Test func markSubtreeMarksTheProcessAndItsChildrenAndKSignalsThem() throws {
        let harness = try treeHarness()
        harness.moveCursor(to: 500)
        harness.driver.press("M")
        #expect(Set(harness.viewer.markedProcesses) == [harness.id(500), harness.id(501), harness.id(502)])
        // Collapsed, the subtree's marks are kept and still signalled.
        harness.driver.press("-")
        #expect(Set(harness.viewer.markedProcesses) == [harness.id(500), harness.id(501), harness.id(502)])
        #expect(harness.lines.last!.contains("3 marked"))
        // The help lists the tree's keys (M does not clash with the list's) under one heading, its last section.
        harness.driver.press("?")
        harness.driver.press("G")
        let help = harness.lines.joined(separator: "\n")
        #expect(help.components(separatedBy: "Tree:").count == 2, "\(help)")
        let tree = try #require(help.range(of: "Tree:")).upperBound
        #expect(help[tree...].contains("mark the process and its children"), "\(help)")
        #expect(help[tree...].contains("collapse / parent") && help[tree...].contains("expand all below"), "\(help)")
        harness.driver.press("escape")
        harness.driver.press("t")
        #expect(Set(harness.viewer.markedProcesses) == [harness.id(500), harness.id(501), harness.id(502)])
    }

    /// Enter on the filter says how many processes are shown, announced: in the screen-reader mode the terminal's
    /// cursor goes to the status line, and the next key brings it back to the cursor row.
    @Test func enterOnTheFilterAnnouncesHowManyProcessesAreShown() throws {
        let harness = try treeHarness()
        harness.driver.app.isAccessible = true
        harness.driver.press("/")
        harness.driver.type("4343")
        harness.driver.press("enter")
        #expect(harness.viewer.message == "3 of 11 processes shown")
        let status = try #require(harness.lines.lastIndex { $0.contains("3 of 11 processes shown") })
        #expect(harness.driver.screen.cursor == Point(x: 0, y: status), "\(harness.lines)")
        harness.driver.press("k")
        #expect(harness.driver.screen.cursor?.y != status)
    }

    @Test func theFilterKeepsTheAncestorsOfAMatchDimmed() throws {
        let harness = try treeHarness()
        harness.driver.press("/")
        harness.driver.type("4343")
        harness.driver.press("enter")
        let outline = try #require(harness.viewer.outline)
        #expect(outline.snapshot().visibleItems == [harness.id(1), harness.id(500), harness.id(502)])
        #expect(outline.isFilterAncestor(harness.id(500)))
        let row = try #require(harness.lines.firstIndex { $0.contains("sh -c work") })
        let x = try #require(harness.lines[row].range(of: "sh -c")).lowerBound.utf16Offset(in: harness.lines[row])
        #expect(harness.driver.screen.style(at: Point(x: x, y: row)).attributes.contains(.dim))
        #expect(harness.lines[0].contains("3 of 11 processes · tree"))
        // A collapse while filtering outlasts the refresh (the filter runs again on the new tree).
        harness.moveCursor(to: 500)
        harness.driver.press("-")
        harness.refresh()
        #expect(outline.snapshot().visibleItems == [harness.id(1), harness.id(500)])
        harness.driver.press("+")
        // A child born under the match's parent while filtering is hidden; clearing shows the tree as it was.
        harness.write(Self.child(505, of: 500, "4646"))
        harness.refresh()
        #expect(outline.snapshot().visibleItems == [harness.id(1), harness.id(500), harness.id(502)])
        harness.driver.press("/")
        harness.driver.press("escape")
        #expect(harness.line(of: 505) != nil)
        #expect(harness.line(of: 501) != nil)
    }

    @Test func sortingOrdersSiblingsUnderTheirParent() throws {
        let harness = try treeHarness()
        harness.use([502: 3, 501: 1])
        harness.refresh()
        let outline = try #require(harness.viewer.outline)
        #expect(outline.children(of: harness.id(500)) == [harness.id(502), harness.id(501)])
        harness.driver.press("p")
        #expect(outline.children(of: harness.id(500)) == [harness.id(501), harness.id(502)])
        harness.driver.press("r")
        #expect(outline.children(of: harness.id(500)) == [harness.id(502), harness.id(501)])
        #expect(outline.parent(of: harness.id(501)) == harness.id(500), "the sort never moves a process off its parent")
    }

    @Test func aProcessWhoseParentIsNotShownIsARoot() {
        func entry(_ pid: Int32, _ parent: Int32) -> ProcessEntry {
            ProcessEntry(
                id: ProcessID(pid: pid, startTicks: UInt64(pid)), parentPID: parent, name: "p", command: "p",
                hasEmptyCommandLine: false, state: "S", uid: 0, user: "root", cpuPercent: 0, cpuTicks: 0,
                residentBytes: 0, virtualBytes: 0, threads: 1)
        }
        // 1 and kthreadd (2) have parent 0; 40's parent 30 is not in the sample; 50 is its own parent.
        let tree = ProcessViewer.processTree(
            of: [entry(1, 0), entry(2, 0), entry(10, 1), entry(20, 2), entry(40, 30), entry(50, 50)],
            sortedBy: [TableSortDescriptor(column: "pid", ascending: true)])
        #expect(tree.rootItems.map(\.pid) == [1, 2, 40, 50])
        #expect(tree.children(of: ProcessID(pid: 1, startTicks: 1)).map(\.pid) == [10])
        #expect(tree.numberOfVisibleItems == 6, "every process shows, expanded")
    }
}
