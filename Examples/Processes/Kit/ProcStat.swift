/// The fields of one `/proc/PID/stat` line that the viewer uses.
///
/// The name (field 2) is in parentheses and may itself hold spaces and
/// parentheses (`a) b (c`), so it runs from the first `(` to the **last** `)`;
/// the numbered fields are counted after that.
public struct ProcStat: Equatable, Sendable {
    /// Field 1.
    public var pid: Int32
    /// Field 2, the command name (`comm`), invalid UTF-8 replaced.
    public var name: String
    /// Field 3: R, S, D, Z, T, I...
    public var state: Character
    /// Field 4.
    public var parentPID: Int32
    /// Fields 14 and 15: user and system time, in clock ticks.
    public var userTicks: UInt64
    /// Field 15.
    public var systemTicks: UInt64
    /// Field 20.
    public var threads: Int
    /// Field 22: start time, in clock ticks after boot.
    public var startTicks: UInt64
    /// Field 23: virtual memory size in bytes.
    public var virtualBytes: UInt64
    /// Field 24: resident set size in pages.
    public var residentPages: Int64

    /// The identity of the process this line describes.
    public var id: ProcessID { ProcessID(pid: pid, startTicks: startTicks) }

    /// CPU time used, user and system, in clock ticks.
    public var cpuTicks: UInt64 { userTicks &+ systemTicks }

    /// Parses a stat line; nil when it is malformed (no parentheses, too few or non-numeric fields).
    public init?(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")), open < close else { return nil }
        guard let pid = Int32(String(decoding: bytes[..<open], as: UTF8.self).trimmingSpaces) else { return nil }
        let fields = bytes[(close + 1)...].split(whereSeparator: { $0 == 0x20 || $0 == 0x0A })
            .map { String(decoding: $0, as: UTF8.self) }
        // fields[0] is field 3; field N is fields[N - 3].
        guard fields.count >= 22, fields[0].count == 1, let state = fields[0].first,
              let parentPID = Int32(fields[1]),
              let userTicks = UInt64(fields[11]), let systemTicks = UInt64(fields[12]),
              let threads = Int(fields[17]), let startTicks = UInt64(fields[19]),
              let virtualBytes = UInt64(fields[20]), let residentPages = Int64(fields[21]) else { return nil }
        self.pid = pid
        self.name = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
        self.state = state
        self.parentPID = parentPID
        self.userTicks = userTicks
        self.systemTicks = systemTicks
        self.threads = threads
        self.startTicks = startTicks
        self.virtualBytes = virtualBytes
        self.residentPages = residentPages
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        var view = Substring(self)
        while view.first == " " { view.removeFirst() }
        while view.last == " " { view.removeLast() }
        return String(view)
    }
}
