/// What the list is sorted by.
public enum ProcessSortKey: String, CaseIterable, Sendable {
    /// CPU use, busiest first.
    case cpu
    /// Resident memory, largest first.
    case memory
    /// Process id, lowest first.
    case pid
    /// Command, A to Z.
    case name

    /// True when the natural order is largest first.
    public var descendsByDefault: Bool { self == .cpu || self == .memory }
}
