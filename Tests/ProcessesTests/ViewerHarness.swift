import Foundation
import ProcessKit
import ProcessesCore
import TermTable
import TermTableTesting

/// The viewer over a fake proc tree on an in-memory screen, with a sender that records instead of signalling.
@MainActor
final class ViewerHarness {
    let tree = FakeProcTree()
    let recorder = RecordingSender()
    let viewer: ProcessViewer
    private(set) var driver: AppDriver!
    /// The processes as they are in the tree (change one and call ``write(_:)``).
    var processes: [Int32: FakeProcess] = [:]

    static let ownPID: Int32 = 999

    init(size: Size = Size(width: 80, height: 16), extra: [FakeProcess] = []) throws {
        var all =
            [
                FakeProcess(pid: 1, name: "init", startTicks: 1, arguments: ["/sbin/init"], uid: 0),
                FakeProcess(pid: 2, name: "kthreadd", startTicks: 2, arguments: [], uid: 0),
                FakeProcess(pid: 300, name: "sleep", startTicks: 5000, arguments: ["sleep", "1000"]),
                FakeProcess(pid: 301, name: "vim", startTicks: 5100, arguments: ["vim", "notes.txt"]),
                FakeProcess(pid: 302, name: "python3", startTicks: 5200, arguments: ["python3", "-m", "http.server"]),
                FakeProcess(pid: 400, name: "(sd-pam)", startTicks: 6000, arguments: ["(sd-pam)"], uid: 1001),
                FakeProcess(pid: 401, name: "a) b (c", startTicks: 6100, arguments: ["a) b (c"], uid: 1001),
                FakeProcess(pid: Self.ownPID, name: "procs", startTicks: 7000, arguments: ["procs"]),
            ] + extra
        all[1].commandLine = []
        let memory: [Int32: Int64] = [1: 2000, 300: 150, 301: 3000, 302: 5000, 400: 400, 401: 120, 999: 2500]
        for index in all.indices {
            all[index].residentPages = memory[all[index].pid] ?? 0
            processes[all[index].pid] = all[index]
            tree.add(all[index])
        }
        let reader = tree.reader
        viewer = try ProcessViewer(
            sampler: ProcessSampler(reader: reader, userNames: fakeUserNames),
            signaller: ProcessSignaller(reader: reader, ownPID: Self.ownPID, sender: recorder.sender))
        viewer.refresh()
        // One second later, with CPU used: python3 2%, vim 1%, sleep 0, bob's (sd-pam) 1%.
        use([302: 2, 301: 1, 400: 1])
        viewer.refresh()
        driver = AppDriver(rootView: viewer.root, size: size)
        viewer.install(in: driver.app, refreshInterval: nil)
        driver.app.render()
    }

    /// Lets one second pass in the tree, each pid using `percent` of a CPU.
    func use(_ percent: [Int32: Double]) {
        for (pid, share) in percent {
            guard var process = processes[pid] else { continue }
            process.userTicks += UInt64(share * Double(FakeProcTree.ticksPerSecond) / 100)
            write(process)
        }
        uptime += 1
        tree.setUptime(uptime)
    }

    private var uptime: Double = 1000

    func write(_ process: FakeProcess) {
        processes[process.pid] = process
        tree.add(process)
    }

    func remove(_ pid: Int32) {
        processes[pid] = nil
        tree.remove(pid)
    }

    /// Refreshes as the timer would, then draws.
    func refresh() {
        viewer.refresh()
        driver.app.render()
    }

    var lines: [String] { driver.lines }

    /// The screen line showing `pid`'s row.
    func line(of pid: Int32) -> String? {
        lines.first { line in line.dropFirst(2).split(separator: " ").first == Substring(String(pid)) }
    }

    /// Moves the cursor down (or up) to `pid`'s row with j/k.
    func moveCursor(to pid: Int32) {
        for key in ["j", "k"] {
            for _ in 0..<40 {
                if viewer.cursorProcess?.pid == pid { return }
                driver.press(key)
            }
        }
    }

    func id(_ pid: Int32) -> ProcessID { ProcessID(pid: pid, startTicks: processes[pid]!.startTicks) }

    /// Marks these pids with space.
    func mark(_ pids: Int32...) {
        for pid in pids {
            moveCursor(to: pid)
            driver.press("space")
        }
    }
}
