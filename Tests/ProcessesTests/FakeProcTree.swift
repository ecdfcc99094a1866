import Foundation

@testable import ProcessKit

/// A proc tree in a temporary directory: `uptime`, `stat` (btime) and a directory per process.
final class FakeProcTree {
    let root: URL
    /// Clock ticks per second and page size the tests' readers use.
    static let ticksPerSecond = 100, pageSize = 4096

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("procs-tree-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        setUptime(1000)
        write("stat", "cpu  1 2 3 4\nbtime 1795000000\nprocesses 5\n")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var reader: ProcReader {
        ProcReader(root: root.path, ticksPerSecond: Self.ticksPerSecond, pageSize: Self.pageSize)
    }

    func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

    func write(_ path: String, _ bytes: [UInt8]) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: url)
    }

    func setUptime(_ seconds: Double) { write("uptime", "\(seconds) 123.45\n") }

    func add(_ process: FakeProcess) {
        let directory = "\(process.pid)"
        write("\(directory)/stat", process.statLine)
        write("\(directory)/cmdline", process.commandLine)
        write(
            "\(directory)/status",
            """
            Name:\t\(process.name)
            State:\t\(process.state) (sleeping)
            Uid:\t\(process.uid)\t\(process.uid)\t\(process.uid)\t\(process.uid)
            VmHWM:\t     900 kB
            VmRSS:\t     812 kB
            VmSize:\t    5500 kB
            Threads:\t\(process.threads)

            """)
    }

    func remove(_ pid: Int32) { try? FileManager.default.removeItem(at: root.appendingPathComponent("\(pid)")) }

    /// Open descriptors of `pid`: `fd/N` links to their targets.
    func addFiles(_ pid: Int32, _ files: [Int32: String]) {
        let directory = root.appendingPathComponent("\(pid)/fd")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (fd, target) in files { link(pid, "fd/\(fd)", to: target) }
    }

    /// A thread of `pid`: `task/TID/stat` (the thread's stat line: its tid, name, state, ticks).
    func addThread(_ pid: Int32, _ thread: FakeProcess) {
        write("\(pid)/task/\(thread.pid)/stat", thread.statLine)
    }

    func link(_ pid: Int32, _ name: String, to target: String) {
        try? FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("\(pid)/\(name)").path,
            withDestinationPath: target)
    }
}

/// Names for the fake uids.
var fakeUserNames: UserNames { UserNames(lookup: { uid in [0: "root", 1000: "alice", 1001: "bob"][uid] }) }
