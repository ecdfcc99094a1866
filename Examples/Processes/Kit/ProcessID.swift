/// A process's identity: its pid and its start time, which together never name another process.
///
/// A pid alone is reused by the kernel once its process has exited; the start
/// time (field 22 of `/proc/PID/stat`, in clock ticks since boot) tells the new
/// process from the old one. Marks, the cursor and signals all go by this.
public struct ProcessID: Hashable, Sendable, CustomStringConvertible {
    /// The process id.
    public var pid: Int32
    /// When the process started, in clock ticks after boot.
    public var startTicks: UInt64

    /// Creates an identity.
    public init(pid: Int32, startTicks: UInt64) {
        self.pid = pid
        self.startTicks = startTicks
    }

    /// `pid@startTicks`.
    public var description: String { "\(pid)@\(startTicks)" }
}
