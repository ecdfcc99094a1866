/// What the detail view shows about one process, read when it is opened and at each refresh.
public struct ProcessDetail: Equatable, Sendable {
    /// The process.
    public var id: ProcessID
    /// The arguments (split at NUL); empty for a kernel thread.
    public var arguments: [String]
    /// The working directory, nil when unreadable (another user's process).
    public var workingDirectory: String?
    /// The executable, nil when unreadable.
    public var executable: String?
    /// The `Threads:` line of status.
    public var threads: Int?
    /// Resident memory in bytes (`VmRSS:`), nil for kernel threads.
    public var residentBytes: Int64?
    /// Virtual memory in bytes (`VmSize:`).
    public var virtualBytes: Int64?
    /// Peak resident memory in bytes (`VmHWM:`).
    public var peakResidentBytes: Int64?
    /// The state, spelled out (`S (sleeping)`).
    public var state: String?
    /// The parent's pid.
    public var parentPID: Int32
    /// CPU time used, in seconds.
    public var cpuSeconds: Double
    /// Seconds since 1970 when it started, nil when the boot time is unknown.
    public var startedAt: Int64?
    /// Seconds it has been running, nil when uptime is unknown.
    public var runningSeconds: Double?
}

extension ProcReader {
    /// The detail of `id`, nil when it exited or its pid now names another process.
    public func detail(of id: ProcessID) -> ProcessDetail? {
        guard let stat = stat(id.pid), stat.startTicks == id.startTicks else { return nil }
        let status = status(id.pid) ?? [:]
        func kilobytes(_ key: String) -> Int64? {
            status[key]?.split(separator: " ").first.flatMap { Int64($0) }.map { $0 * 1024 }
        }
        let ticks = Double(ticksPerSecond)
        let startSeconds = Double(stat.startTicks) / ticks
        let detail = ProcessDetail(
            id: id, arguments: arguments(id.pid) ?? [], workingDirectory: ProcFile.link(path(id.pid, "cwd")),
            executable: ProcFile.link(path(id.pid, "exe")), threads: status["Threads"].flatMap { Int($0) },
            residentBytes: kilobytes("VmRSS"), virtualBytes: kilobytes("VmSize"), peakResidentBytes: kilobytes("VmHWM"),
            state: status["State"], parentPID: stat.parentPID, cpuSeconds: Double(stat.cpuTicks) / ticks,
            startedAt: bootTime().map { $0 + Int64(startSeconds) },
            runningSeconds: uptime().map { max(0, $0 - startSeconds) })
        // Read again: a process that was replaced while we read is not shown with the new one's files.
        guard startTicks(id.pid) == id.startTicks else { return nil }
        return detail
    }
}
