/// What happened to one marked process when a signal was asked for.
public enum SignalOutcome: Equatable, Sendable {
    /// The signal was sent to the process that was marked.
    case sent
    /// The process had exited: nothing was sent.
    case exited
    /// The pid now belongs to another process (a different start time): nothing was sent.
    case pidReused
    /// pid 0 or 1 (init): never signalled from here.
    case refusedInit
    /// The viewer itself: never signalled from here.
    case refusedSelf
    /// The kernel refused (EPERM: another user's process).
    case failed(SignalError)

    /// True only when the signal went out.
    public var wasSent: Bool { self == .sent }
}
