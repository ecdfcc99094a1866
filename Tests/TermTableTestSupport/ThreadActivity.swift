import Foundation

/// How often a process's threads ran: the at-rest tests of the toolkit's run loop (`ApplicationIdleTests`) and of
/// the `logs` and `procs` examples (`LogsIdleTests`, `ProcsIdleTests`) count context switches before and after a
/// quiet while.
package enum ThreadActivity {
    /// True in the sanitizer runs (``Sanitizer/isActive``): the sanitizer's runtime has a thread that
    /// wakes ten times a second.
    package static var underSanitizer: Bool { Sanitizer.isActive }

    /// Each thread of `pid` and its context switches so far (voluntary and not), from `/proc/PID/task/*/status`.
    package static func contextSwitches(_ pid: Int32) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var counts: [String: Int] = [:]
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            else { continue }
            var total = 0
            for line in status.split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                total += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
            counts[task] = total
        }
        return counts
    }
}
