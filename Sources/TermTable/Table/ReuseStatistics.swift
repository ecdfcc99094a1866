/// Counters of the table's cells, for tests and benchmarks.
public struct ReuseStatistics: Hashable, Sendable {
    /// Cells made (cloned from a template or built from a class).
    public var cellsCreated = 0
    /// Cells handed out again from a reuse queue.
    public var cellsReused = 0
    /// Cells cloned from a template (part of ``cellsCreated``).
    public var cellsCloned = 0
    /// Times the data source was asked for a row's cell.
    public var cellRequests = 0
    /// Creates zeroed counters.
    public init() {}
}
