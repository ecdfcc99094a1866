/// One marked process and what happened to it.
public struct SignalReport: Equatable, Sendable {
    /// The process that was marked.
    public var id: ProcessID
    /// Its command when it was marked.
    public var command: String
    /// What happened.
    public var outcome: SignalOutcome
}
