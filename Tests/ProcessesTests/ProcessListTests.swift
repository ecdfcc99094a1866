import Testing

@testable import ProcessKit

@Suite("Restricting and grouping")
struct ProcessListTests {
    static func entry(_ pid: Int32, _ command: String, user: String = "alice", cpu: Double = 0, rss: Int64 = 0)
        -> ProcessEntry
    {
        ProcessEntry(
            id: ProcessID(pid: pid, startTicks: UInt64(pid) * 10), parentPID: 1, name: command,
            command: command, hasEmptyCommandLine: false, state: "S", uid: 1000, user: user,
            cpuPercent: cpu, cpuTicks: 0, residentBytes: rss, virtualBytes: 0, threads: 1)
    }

    static var sample: [ProcessEntry] {
        [
            entry(10, "vim notes", cpu: 1, rss: 300), entry(11, "Bash", cpu: 5, rss: 100),
            entry(12, "sleep 1000", cpu: 1, rss: 200), entry(5, "sshd", user: "root", cpu: 9, rss: 50),
            entry(3, "cron", user: "root", cpu: 0, rss: 400),
        ]
    }

    static func pids(_ list: ProcessList) -> [[Int32]] { list.sections.map { $0.processes.map(\.pid) } }

    /// The list groups; the table sorts (ties keep this order: pid, then start time).
    @Test func groupsByUserAToZInPIDOrder() {
        var list = ProcessList()
        list.update(Self.sample)
        #expect(list.sections.map(\.user) == ["alice", "root"])
        #expect(Self.pids(list) == [[10, 11, 12], [3, 5]])
    }

    @Test func thePidListRestrictsAndTheFilterTextStartsWithTheCommand() {
        var list = ProcessList()
        list.update(Self.sample)
        list.onlyPIDs = [12, 3]
        #expect(Self.pids(list) == [[12], [3]])
        let entry = Self.sample[0]
        let text = ProcessList.filterText(of: entry)
        #expect(text.hasPrefix(entry.command))
        #expect(text.hasSuffix("\(entry.user) \(entry.pid)"))
    }
}
