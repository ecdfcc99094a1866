import Foundation
@testable import ProcessKit

/// One process in a fake proc tree.
struct FakeProcess {
    var pid: Int32
    var name: String
    var state = "S"
    var parentPID: Int32 = 1
    var userTicks: UInt64 = 0
    var systemTicks: UInt64 = 0
    var threads = 1
    var startTicks: UInt64
    var virtualBytes: UInt64 = 4_000_000
    var residentPages: Int64 = 100
    var uid: UInt32 = 1000
    /// The raw cmdline bytes (arguments separated and ended by NUL).
    var commandLine: [UInt8]

    init(pid: Int32, name: String, startTicks: UInt64, arguments: [String]? = nil, uid: UInt32 = 1000) {
        self.pid = pid
        self.name = name
        self.startTicks = startTicks
        self.uid = uid
        commandLine = (arguments ?? [name]).flatMap { Array($0.utf8) + [0] }
    }

    /// The stat line, as the kernel writes it (52 fields).
    var statLine: String {
        var fields = [String](repeating: "0", count: 52)
        fields[0] = String(pid)
        fields[1] = "(\(name))"
        fields[2] = state
        fields[3] = String(parentPID)
        fields[13] = String(userTicks)
        fields[14] = String(systemTicks)
        fields[17] = "20"
        fields[19] = String(threads)
        fields[21] = String(startTicks)
        fields[22] = String(virtualBytes)
        fields[23] = String(residentPages)
        return fields.joined(separator: " ") + "\n"
    }
}

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
        write("\(directory)/status", """
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

    func link(_ pid: Int32, _ name: String, to target: String) {
        try? FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("\(pid)/\(name)").path,
                                                    withDestinationPath: target)
    }
}

/// Names for the fake uids.
var fakeUserNames: UserNames { UserNames(lookup: { uid in [0: "root", 1000: "alice", 1001: "bob"][uid] }) }

/// A sender that records what it was asked and signals nothing.
final class RecordingSender: @unchecked Sendable {
    private let lock = NSLock()
    private var _pinned: [Int32] = []
    private var _sent: [(pid: Int32, signal: Int32)] = []
    /// Errno for pinning these pids.
    var pinErrors: [Int32: Int32] = [:]
    /// Errno for sending to these pids.
    var sendErrors: [Int32: Int32] = [:]

    var pinned: [Int32] { lock.withLock { _pinned } }
    var sent: [(pid: Int32, signal: Int32)] { lock.withLock { _sent } }

    var sender: SignalSender {
        SignalSender(
            pin: { pid in
                self.lock.withLock { self._pinned.append(pid) }
                if let code = self.pinErrors[pid] { return .failure(SignalError(code: code)) }
                return .success(.pid(pid))
            },
            send: { handle, signal in
                guard case .pid(let pid) = handle else { return EINVAL }
                if let code = self.sendErrors[pid] { return code }
                self.lock.withLock { self._sent.append((pid, signal)) }
                return 0
            },
            release: { _ in })
    }
}
