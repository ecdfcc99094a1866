/// The list's content: processes restricted to `--pid`s, grouped by user.
///
/// Pure: it holds the last sample and the `--pid` list and computes the sections; the screen turns them into a
/// snapshot of ``ProcessID``s, which the table keeps in its sort order (its sort descriptors, by column).
public struct ProcessList: Sendable {
    /// A user's processes, in list order.
    public struct Section: Equatable, Sendable {
        /// The user's name.
        public var user: String
        /// The user's processes shown, by pid (then start time): the order of ties in the table's sort.
        public var processes: [ProcessID]
    }

    /// The last sample, by identity.
    public private(set) var entries: [ProcessID: ProcessEntry] = [:]
    /// Only these pids when set (`procs --pid`).
    public var onlyPIDs: Set<Int32>?

    /// An empty list.
    public init() {}

    /// Replaces the processes with a new sample.
    public mutating func update(_ sample: [ProcessEntry]) {
        entries = Dictionary(sample.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The process with this identity in the last sample.
    public subscript(id: ProcessID) -> ProcessEntry? { entries[id] }

    /// True when `entry` passes the pid list (the screen's filter is the table's own: `ProcessViewer.setFilter`).
    public func shows(_ entry: ProcessEntry) -> Bool {
        if let onlyPIDs, !onlyPIDs.contains(entry.pid) { return false }
        return true
    }

    /// The text the table's fuzzy filter finds `entry` by: its command first (highlighted where it matches), then
    /// its name, user and pid.
    public static func filterText(of entry: ProcessEntry) -> String {
        "\(entry.command) \(entry.name) \(entry.user) \(entry.pid)"
    }

    /// The users (A to Z) with their processes shown; users with none shown are left out.
    public var sections: [Section] {
        var byUser: [String: [ProcessEntry]] = [:]
        for entry in entries.values where shows(entry) { byUser[entry.user, default: []].append(entry) }
        return byUser.keys.sorted().map { user in
            Section(
                user: user,
                processes: byUser[user]!.map(\.id).sorted { ($0.pid, $0.startTicks) < ($1.pid, $1.startTicks) })
        }
    }

    /// How many processes the last sample holds.
    public var count: Int { entries.count }
}
