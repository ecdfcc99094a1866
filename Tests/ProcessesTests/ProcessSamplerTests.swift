import Foundation
import Testing

@testable import ProcessKit

@Suite("Sampling a proc tree")
struct ProcessSamplerTests {
    @Test func readsEveryProcessWithItsUserAndCommand() throws {
        let tree = FakeProcTree()
        tree.add(FakeProcess(pid: 1, name: "init", startTicks: 1, arguments: ["/sbin/init", "splash"], uid: 0))
        tree.add(FakeProcess(pid: 300, name: "sleep", startTicks: 5000, arguments: ["sleep", "1000"]))
        let entries = ProcessSampler(reader: tree.reader, userNames: fakeUserNames).sample()
        #expect(entries.map(\.pid) == [1, 300])
        #expect(entries[0].user == "root" && entries[0].command == "/sbin/init splash")
        #expect(entries[1].user == "alice" && entries[1].command == "sleep 1000")
        #expect(entries[1].residentBytes == 100 * 4096)
        #expect(entries[1].id == ProcessID(pid: 300, startTicks: 5000))
    }

    @Test func aKernelThreadShowsItsNameInBrackets() throws {
        let tree = FakeProcTree()
        var thread = FakeProcess(pid: 2, name: "kthreadd", startTicks: 1, uid: 0)
        thread.commandLine = []
        tree.add(thread)
        let entry = try #require(ProcessSampler(reader: tree.reader, userNames: fakeUserNames).sample().first)
        #expect(entry.command == "[kthreadd]")
        #expect(entry.hasEmptyCommandLine)
    }

    @Test func namesWithParenthesesAndHostileCommandLinesAreKeptAsText() throws {
        let tree = FakeProcTree()
        tree.add(FakeProcess(pid: 10, name: "(sd-pam)", startTicks: 7, arguments: ["(sd-pam)"]))
        var hostile = FakeProcess(pid: 11, name: "a) b (c", startTicks: 8)
        hostile.commandLine =
            Array("evil\u{1B}]0;pwned\u{07}".utf8) + [0, 0xFF, 0xFE, 0] + Array("x\u{1B}[2J".utf8) + [0]
        tree.add(hostile)
        let entries = ProcessSampler(reader: tree.reader, userNames: fakeUserNames).sample()
        #expect(entries.map(\.name) == ["(sd-pam)", "a) b (c"])
        #expect(entries[1].command == "evil\u{1B}]0;pwned\u{07} \u{FFFD}\u{FFFD} x\u{1B}[2J")
    }

    @Test func processesThatVanishOrAreMalformedAreLeftOut() throws {
        let tree = FakeProcTree()
        tree.add(FakeProcess(pid: 20, name: "ok", startTicks: 1))
        tree.write("21/status", "Uid:\t1000\n")  // listed, but its stat is gone
        tree.add(FakeProcess(pid: 22, name: "nostatus", startTicks: 1))
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("22/status"))
        tree.add(FakeProcess(pid: 23, name: "bad", startTicks: 1))
        tree.write("23/stat", "23 (bad) S 1 2 3\n")
        tree.add(FakeProcess(pid: 24, name: "other", startTicks: 1))
        tree.write("24/stat", FakeProcess(pid: 99, name: "other", startTicks: 1).statLine)  // says another pid
        tree.add(FakeProcess(pid: 25, name: "nouid", startTicks: 1))
        tree.write("25/status", "Name:\tnouid\nUids:\t1000\n")  // no `Uid:` line
        tree.write("self/stat", "not a process")
        let entries = ProcessSampler(reader: tree.reader, userNames: fakeUserNames).sample()
        #expect(entries.map(\.pid) == [20])
    }

    @Test func cpuPercentComesFromTheTicksUsedBetweenSamples() throws {
        let tree = FakeProcTree()
        var busy = FakeProcess(pid: 30, name: "busy", startTicks: 100)
        busy.userTicks = 1000
        var idle = FakeProcess(pid: 31, name: "idle", startTicks: 100)
        idle.userTicks = 5
        tree.add(busy)
        tree.add(idle)
        let sampler = ProcessSampler(reader: tree.reader, userNames: fakeUserNames)
        #expect(sampler.sample().map(\.cpuPercent) == [0, 0])
        // Two seconds later: busy used 150 user + 50 system ticks (2 s of CPU), idle 1 tick.
        busy.userTicks += 150
        busy.systemTicks += 50
        idle.userTicks += 1
        tree.add(busy)
        tree.add(idle)
        tree.setUptime(1002)
        let second = sampler.sample()
        #expect(second.map(\.cpuPercent) == [100, 0.5])
        #expect(sampler.lastUptime == 1002)
    }

    @Test func aReusedPidIsANewProcessWithNoCPUHistory() throws {
        let tree = FakeProcTree()
        var old = FakeProcess(pid: 40, name: "old", startTicks: 100)
        old.userTicks = 500
        tree.add(old)
        let sampler = ProcessSampler(reader: tree.reader, userNames: fakeUserNames)
        _ = sampler.sample()
        var new = FakeProcess(pid: 40, name: "new", startTicks: 90_000)
        new.userTicks = 600
        tree.add(new)
        tree.setUptime(1001)
        let entry = try #require(sampler.sample().first)
        #expect(entry.id == ProcessID(pid: 40, startTicks: 90_000))
        #expect(entry.cpuPercent == 0)
    }

    @Test func theDetailReadsLinksAndStatusAndRefusesAnotherProcess() throws {
        let tree = FakeProcTree()
        tree.add(FakeProcess(pid: 50, name: "sleep", startTicks: 50_000, arguments: ["sleep", "1000"]))
        tree.link(50, "cwd", to: "/home/alice")
        let detail = try #require(tree.reader.detail(of: ProcessID(pid: 50, startTicks: 50_000)))
        #expect(detail.arguments == ["sleep", "1000"])
        #expect(detail.workingDirectory == "/home/alice")
        #expect(detail.executable == nil)  // no link: not readable
        #expect(detail.residentBytes == 812 * 1024 && detail.peakResidentBytes == 900 * 1024)
        #expect(detail.threads == 1)
        let started: Int64 = 1_795_000_500
        #expect(detail.startedAt == started, "\(String(describing: detail.startedAt))")
        #expect(detail.runningSeconds == 500)
        #expect(tree.reader.detail(of: ProcessID(pid: 50, startTicks: 1)) == nil)
        #expect(tree.reader.detail(of: ProcessID(pid: 51, startTicks: 50_000)) == nil)
    }

    @Test func formats() {
        #expect(ProcessFormat.bytes(0) == "0")
        #expect(ProcessFormat.bytes(812 * 1024) == "812K")
        #expect(ProcessFormat.bytes(17_511_219) == "16.7M")
        #expect(ProcessFormat.bytes(1 << 30) == "1.0G")
        #expect(ProcessFormat.percent(12.345) == "12.3")
        #expect(ProcessFormat.duration(3725) == "01:02:05")
        #expect(ProcessFormat.duration(90_061) == "1d 01:01:01")
        #expect(ProcessFormat.date(1_795_000_500) == "2026-11-18 11:15:00 UTC")
    }
}
