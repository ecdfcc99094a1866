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
            let close = bytes.lastIndex(of: UInt8(ascii: ")")), open < close
        else { return nil }
        guard let pid = Int32(String(decoding: bytes[..<open], as: UTF8.self).trimmingSpaces) else { return nil }
        // Only the first 22 fields after the name are split (field N is fields[N - 3]); the rest is never looked at.
        let fields = bytes[(close + 1)...].split(maxSplits: 22, whereSeparator: { $0 == 0x20 || $0 == 0x0A })
        func number<T: FixedWidthInteger>(_ index: Int, as type: T.Type) -> T? {
            index < fields.count ? T(decimal: fields[index]) : nil
        }
        guard fields.count >= 22, fields[0].count == 1, let letter = fields[0].first, letter > 0x20, letter < 0x7F,
            let parentPID = number(1, as: Int32.self),
            let userTicks = number(11, as: UInt64.self), let systemTicks = number(12, as: UInt64.self),
            let threads = number(17, as: Int.self), let startTicks = number(19, as: UInt64.self),
            let virtualBytes = number(20, as: UInt64.self), let residentPages = number(21, as: Int64.self)
        else {
            return nil
        }
        let state = Character(Unicode.Scalar(letter))
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

extension FixedWidthInteger {
    /// The value of ASCII decimal digits (a leading `-` for signed types), nil for anything else or on overflow.
    init?(decimal digits: ArraySlice<UInt8>) {
        var rest = digits[...]
        let negative = Self.isSigned && rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value: Self = 0
        for byte in rest {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) =
                negative
                ? shifted.subtractingReportingOverflow(Self(byte - 0x30))
                : shifted.addingReportingOverflow(Self(byte - 0x30))
            guard !overflow1, !overflow2 else { return nil }
            value = added
        }
        self = value
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
