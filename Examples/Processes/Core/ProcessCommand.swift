import TermTable

/// What a key asks the process viewer to do.
public enum ProcessCommand: String, Sendable, CaseIterable {
    /// Quit (q on the list; on the detail screen q goes back, as Esc does).
    case quit
    /// Show the keys.
    case help
    /// Filter as you type.
    case filter
    /// Sort by CPU, memory, pid or name (sets the table's sort descriptors).
    case sortByCPU, sortByMemory, sortByPID, sortByName
    /// Reverse the order (the first of the table's sort descriptors).
    case reverse
    /// Ask, then send SIGTERM to the marked processes.
    case terminate
    /// Ask, then send SIGKILL to the marked processes.
    case kill
}
