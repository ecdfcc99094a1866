/// Reads every process of a proc tree and works out CPU use from the time used since the last sample.
///
/// CPU % is the growth of utime+stime between two samples divided by the
/// growth of the tree's `uptime` (not the wall clock, so a fake tree gives
/// exact figures): 100 is one CPU busy all the time. A process seen for the
/// first time shows 0. Processes that vanish between the listing and the
/// reads, or whose stat line is malformed, are left out.
public final class ProcessSampler {
    /// The tree read.
    public let reader: ProcReader
    /// Names for uids.
    public let userNames: UserNames
    private var previousTicks: [ProcessID: UInt64] = [:]
    private var previousUptime: Double?
    /// The tree's uptime at the last sample (seconds since boot), nil when unknown.
    public var lastUptime: Double? { previousUptime }

    /// A sampler of `reader`'s tree.
    public init(reader: ProcReader = ProcReader(), userNames: UserNames = UserNames()) {
        self.reader = reader
        self.userNames = userNames
    }

    /// Reads every process now.
    public func sample() -> [ProcessEntry] {
        let uptime = reader.uptime()
        let elapsed = zip(uptime, previousUptime).map { $0 - $1 }
        var entries: [ProcessEntry] = []
        var ticks: [ProcessID: UInt64] = [:]
        for pid in reader.pids() {
            guard let entry = read(pid, elapsed: elapsed) else { continue }
            ticks[entry.id] = entry.cpuTicks
            entries.append(entry)
        }
        previousTicks = ticks
        previousUptime = uptime
        return entries
    }

    /// One process, nil when it is gone or unreadable.
    func read(_ pid: Int32, elapsed: Double?) -> ProcessEntry? {
        guard let stat = reader.stat(pid), let uid = reader.uid(pid), let arguments = reader.arguments(pid) else {
            return nil
        }
        let id = stat.id
        var cpu = 0.0
        if let elapsed, elapsed > 0, let before = previousTicks[id], stat.cpuTicks >= before {
            cpu = Double(stat.cpuTicks - before) / Double(reader.ticksPerSecond) / elapsed * 100
        }
        let command = arguments.joined(separator: " ")
        return ProcessEntry(
            id: id, parentPID: stat.parentPID, name: stat.name,
            command: command.isEmpty ? "[\(stat.name)]" : command, hasEmptyCommandLine: command.isEmpty,
            state: stat.state, uid: uid, user: userNames.name(of: uid), cpuPercent: cpu, cpuTicks: stat.cpuTicks,
            residentBytes: max(0, stat.residentPages) * Int64(reader.pageSize), virtualBytes: stat.virtualBytes,
            threads: stat.threads)
    }
}

/// Both values when both are there.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
