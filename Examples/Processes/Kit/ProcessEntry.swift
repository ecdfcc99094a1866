/// One process as the list shows it: identity, owner, state, CPU and memory, command.
public struct ProcessEntry: Equatable, Sendable {
    /// pid and start time.
    public var id: ProcessID
    /// The parent's pid.
    public var parentPID: Int32
    /// The command name from stat (`comm`, at most 15 bytes).
    public var name: String
    /// The command line, arguments joined by spaces; `[name]` for kernel threads and zombies (empty cmdline).
    ///
    /// Untrusted: it may hold control characters (invalid UTF-8 is already
    /// replaced with U+FFFD). Labels sanitise it when drawn.
    public var command: String
    /// True when the command line was empty (a kernel thread or a zombie).
    public var hasEmptyCommandLine: Bool
    /// The state letter from stat.
    public var state: Character
    /// The real user id.
    public var uid: UInt32
    /// The user's name, or the uid in digits when it has none.
    public var user: String
    /// CPU use since the previous sample, in percent of one CPU (0 on the first sample).
    public var cpuPercent: Double
    /// CPU time used, user and system, in clock ticks.
    public var cpuTicks: UInt64
    /// Resident memory in bytes.
    public var residentBytes: Int64
    /// Virtual memory in bytes.
    public var virtualBytes: UInt64
    /// The number of threads.
    public var threads: Int

    /// The pid.
    public var pid: Int32 { id.pid }

    /// Creates an entry.
    public init(
        id: ProcessID, parentPID: Int32, name: String, command: String, hasEmptyCommandLine: Bool,
        state: Character, uid: UInt32, user: String, cpuPercent: Double, cpuTicks: UInt64,
        residentBytes: Int64, virtualBytes: UInt64, threads: Int
    ) {
        self.id = id
        self.parentPID = parentPID
        self.name = name
        self.command = command
        self.hasEmptyCommandLine = hasEmptyCommandLine
        self.state = state
        self.uid = uid
        self.user = user
        self.cpuPercent = cpuPercent
        self.cpuTicks = cpuTicks
        self.residentBytes = residentBytes
        self.virtualBytes = virtualBytes
        self.threads = threads
    }
}
