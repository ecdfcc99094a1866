import Glibc

/// Sends a signal to marked processes, and only to them.
///
/// For each process, by ``ProcessID`` (pid and start time), never by pid alone:
/// pid ≤ 1 and the viewer itself are refused; the process is pinned (a pidfd),
/// then its start time is read again; a process that exited, or whose pid now
/// belongs to a process with another start time, is skipped and reported.
/// Only then is the signal sent, through the pinned handle.
public struct ProcessSignaller: Sendable {
    /// The tree the start times are read from.
    public var reader: ProcReader
    /// The viewer's own pid.
    public var ownPID: Int32
    /// How signals are sent.
    public var sender: SignalSender

    /// A signaller for the processes of `reader`'s tree.
    public init(reader: ProcReader = ProcReader(), ownPID: Int32 = getpid(), sender: SignalSender = .system) {
        self.reader = reader
        self.ownPID = ownPID
        self.sender = sender
    }

    /// Sends `signal` to each of `targets` that is still the process that was marked; one report each, in order.
    public func send(_ signal: Int32, to targets: [(id: ProcessID, command: String)]) -> [SignalReport] {
        targets.map { SignalReport(id: $0.id, command: $0.command, outcome: send(signal, to: $0.id)) }
    }

    /// Sends `signal` to `id` if it is still that process.
    public func send(_ signal: Int32, to id: ProcessID) -> SignalOutcome {
        if id.pid <= 1 { return .refusedInit }
        if id.pid == ownPID { return .refusedSelf }
        let handle: SignalSender.Handle
        switch sender.pin(id.pid) {
        case .success(let pinned): handle = pinned
        case .failure(let error): return error.code == ESRCH ? .exited : .failed(error)
        }
        defer { sender.release(handle) }
        // Pinned: from here the pid cannot pass to another process behind the handle's back.
        guard let start = reader.startTicks(id.pid) else { return .exited }
        guard start == id.startTicks else { return .pidReused }
        let code = sender.send(handle, signal)
        if code == 0 { return .sent }
        return code == ESRCH ? .exited : .failed(SignalError(code: code))
    }
}
