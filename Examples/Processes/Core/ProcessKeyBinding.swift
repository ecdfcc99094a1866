import TermTable

/// What a key asks the process viewer to do.
public enum ProcessCommand: String, Sendable, CaseIterable {
    /// Close the details, or quit from the list (q).
    case back
    /// Close the details (Esc).
    case closeDetail
    /// Show the keys.
    case help
    /// Filter as you type.
    case filter
    /// Sort by CPU, memory, pid or name.
    case sortByCPU, sortByMemory, sortByPID, sortByName
    /// Reverse the order.
    case reverse
    /// Ask, then send SIGTERM to the marked processes.
    case terminate
    /// Ask, then send SIGKILL to the marked processes.
    case kill
}

/// One line of the `procs` help box and the keys behind it: the `?` box is made from these.
///
/// The keys a line names are bound by the app to a ``ProcessCommand``
/// (``commands``) or handled by the process table itself (``tableKeys``);
/// a line about the mouse names no keys (``isPointer``).
public struct ProcessKeyBinding: Sendable {
    /// The keys as the help box shows them (`"c m p n"`).
    public var label: String
    /// What they do, as the help box says it.
    public var help: String
    /// Keys the app binds, and the command each one runs.
    public var commands: [(key: Key, command: ProcessCommand)]
    /// Keys of the line the process table handles itself (cursor, marks, Enter).
    public var tableKeys: [Key]
    /// True for a line about a click, which names no keys.
    public var isPointer: Bool

    /// A line of `label` and `help` for keys bound to commands and keys the table handles.
    public init(
        _ label: String, _ help: String, commands: [(key: Key, command: ProcessCommand)] = [],
        tableKeys: [Key] = [], isPointer: Bool = false
    ) {
        self.label = label
        self.help = help
        self.commands = commands
        self.tableKeys = tableKeys
        self.isPointer = isPointer
    }
}
