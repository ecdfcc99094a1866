import Glibc

/// Reads processes from a proc tree: `/proc`, or a fake one written by tests.
///
/// Every read may fail: a process can exit between the listing and the read,
/// so each method returns nil instead of throwing, and callers skip it.
public struct ProcReader: Sendable {
    /// The tree's root (`/proc`).
    public var root: String
    /// Clock ticks per second (`sysconf(_SC_CLK_TCK)`, 100 on Linux).
    public var ticksPerSecond: Int
    /// Bytes per page (for RSS).
    public var pageSize: Int

    /// A reader of `root` with the system's tick rate and page size.
    public init(root: String = "/proc", ticksPerSecond: Int? = nil, pageSize: Int? = nil) {
        self.root = root
        self.ticksPerSecond = ticksPerSecond ?? max(1, sysconf(Int32(_SC_CLK_TCK)))
        self.pageSize = pageSize ?? max(1, sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The path of `name` in process `pid`'s directory.
    public func path(_ pid: Int32, _ name: String) -> String { "\(root)/\(pid)/\(name)" }

    /// The pids listed now, ascending.
    public func pids() -> [Int32] { ProcFile.numericEntries(of: root) ?? [] }

    /// The process's stat line, nil when it is gone or malformed.
    public func stat(_ pid: Int32) -> ProcStat? {
        guard let bytes = ProcFile.read(path(pid, "stat"), limit: 4096), let stat = ProcStat(bytes), stat.pid == pid
        else {
            return nil
        }
        return stat
    }

    /// The process's command line arguments (split at NUL), nil when unreadable; empty for kernel threads.
    public func arguments(_ pid: Int32) -> [String]? {
        guard let bytes = ProcFile.read(path(pid, "cmdline"), limit: 64 * 1024) else { return nil }
        var parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// The `Key:\tvalue` lines of /proc/PID/status, nil when unreadable.
    public func status(_ pid: Int32) -> [String: String]? {
        guard let bytes = ProcFile.read(path(pid, "status"), limit: 64 * 1024) else { return nil }
        var fields: [String: String] = [:]
        for line in bytes.split(separator: 0x0A) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let key = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            fields[key] = value.split(whereSeparator: { $0 == "\t" || $0 == " " }).joined(separator: " ")
        }
        return fields
    }

    /// The real uid from the status file's `Uid:` line (found by scanning bytes: it is read for every process).
    public func uid(_ pid: Int32) -> UInt32? {
        guard let bytes = ProcFile.read(path(pid, "status"), limit: 64 * 1024) else { return nil }
        let key = Array("Uid:".utf8)
        var index = 0
        while index + key.count <= bytes.count {
            if (index == 0 || bytes[index - 1] == 0x0A) && bytes[index..<(index + key.count)].elementsEqual(key) {
                var cursor = index + key.count
                while cursor < bytes.count, bytes[cursor] == 0x09 || bytes[cursor] == 0x20 { cursor += 1 }
                var value: UInt32 = 0
                var digits = 0
                while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, digits < 10 {
                    value = value &* 10 &+ UInt32(bytes[cursor] - 0x30)
                    digits += 1
                    cursor += 1
                }
                return digits > 0 ? value : nil
            }
            index += 1
        }
        return nil
    }

    /// Seconds since boot (the first number of `uptime`).
    public func uptime() -> Double? {
        guard let bytes = ProcFile.read("\(root)/uptime", limit: 256) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: " ").first.flatMap { Double($0) }
    }

    /// The boot time in seconds since 1970 (the `btime` line of `stat`).
    public func bootTime() -> Int64? {
        guard let bytes = ProcFile.read("\(root)/stat", limit: 1 << 20) else { return nil }
        for line in bytes.split(separator: 0x0A) where line.starts(with: Array("btime ".utf8)) {
            return Int64(String(decoding: line.dropFirst(6), as: UTF8.self).trimmingSpaces)
        }
        return nil
    }

    /// The process's start time, or nil when it is gone: what a signal checks before it is sent.
    public func startTicks(_ pid: Int32) -> UInt64? { stat(pid)?.startTicks }
}
