@testable import ProcessKit

/// One process in a fake proc tree.
struct FakeProcess {
    var pid: Int32
    var name: String
    var state = "S"
    var parentPID: Int32 = 1
    var userTicks: UInt64 = 0
    var systemTicks: UInt64 = 0
    var threads = 1
    var startTicks: UInt64
    var virtualBytes: UInt64 = 4_000_000
    var residentPages: Int64 = 100
    var uid: UInt32 = 1000
    /// The raw cmdline bytes (arguments separated and ended by NUL).
    var commandLine: [UInt8]

    init(pid: Int32, name: String, startTicks: UInt64, arguments: [String]? = nil, uid: UInt32 = 1000) {
        self.pid = pid
        self.name = name
        self.startTicks = startTicks
        self.uid = uid
        commandLine = (arguments ?? [name]).flatMap { Array($0.utf8) + [0] }
    }

    /// The stat line, as the kernel writes it (52 fields).
    var statLine: String {
        var fields = [String](repeating: "0", count: 52)
        fields[0] = String(pid)
        fields[1] = "(\(name))"
        fields[2] = state
        fields[3] = String(parentPID)
        fields[13] = String(userTicks)
        fields[14] = String(systemTicks)
        fields[17] = "20"
        fields[19] = String(threads)
        fields[21] = String(startTicks)
        fields[22] = String(virtualBytes)
        fields[23] = String(residentPages)
        return fields.joined(separator: " ") + "\n"
    }
}
