/// The list's content: processes sorted (and restricted to `--pid`s), grouped by user.
///
/// Pure: it holds the last sample and the view's settings and computes the
/// sections; the screen turns them into a snapshot of ``ProcessID``s.
public struct ProcessList: Sendable {
    /// A user's processes, in list order.
    public struct Section: Equatable, Sendable {
        /// The user's name.
        public var user: String
        /// The user's processes shown, sorted.
        public var processes: [ProcessID]
    }

    /// The last sample, by identity.
    public private(set) var entries: [ProcessID: ProcessEntry] = [:]
    /// What the list is sorted by.
    public var sortKey: ProcessSortKey = .cpu
    /// True to sort the other way round from the key's natural order.
    public var isReversed = false
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

    /// True when `a` comes before `b` in the current order (ties by pid, then start time).
    public func precedes(_ a: ProcessEntry, _ b: ProcessEntry) -> Bool {
        let descending = sortKey.descendsByDefault != isReversed
        func ordered<T: Comparable>(_ x: T, _ y: T) -> Bool? {
            x == y ? nil : (descending ? x > y : x < y)
        }
        let decided: Bool?
        switch sortKey {
        case .cpu: decided = ordered(a.cpuPercent, b.cpuPercent)
        case .memory: decided = ordered(a.residentBytes, b.residentBytes)
        case .pid: decided = ordered(a.pid, b.pid)
        case .name: decided = ordered(a.command.lowercased(), b.command.lowercased())
        }
        if let decided { return decided }
        if a.pid != b.pid { return descending && sortKey == .pid ? a.pid > b.pid : a.pid < b.pid }
        return a.id.startTicks < b.id.startTicks
    }

    /// The users (A to Z) with their processes shown; users with none shown are left out.
    public var sections: [Section] {
        var byUser: [String: [ProcessEntry]] = [:]
        for entry in entries.values where shows(entry) { byUser[entry.user, default: []].append(entry) }
        return byUser.keys.sorted().map { user in
            Section(user: user, processes: byUser[user]!.sorted(by: precedes).map(\.id))
        }
    }

    /// How many processes the last sample holds.
    public var count: Int { entries.count }
}
