import Glibc

/// How numbers are written in the list and the detail view.
public enum ProcessFormat {
    /// Bytes in at most 5 columns: `812K`, `16.7M`, `1.2G` (`0` for none; one decimal below 100).
    public static func bytes(_ count: Int64) -> String {
        if count <= 0 { return "0" }
        let units = ["B", "K", "M", "G", "T", "P"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(count)B" }
        return value < 99.95 ? String(format1: value) + units[unit] : "\(Int(value.rounded()))" + units[unit]
    }

    /// A CPU percentage with one decimal (`0.0`, `12.5`, `180.0`).
    public static func percent(_ value: Double) -> String { String(format1: max(0, value)) }

    /// A duration as `1d 02:03:04`, `02:03:04` or `03:04`.
    public static func duration(_ seconds: Double) -> String {
        let total = Int(max(0, seconds))
        let days = total / 86_400
        let hours = total / 3600 % 24
        let minutes = total / 60 % 60
        let secs = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if days > 0 { return "\(days)d \(two(hours)):\(two(minutes)):\(two(secs))" }
        if hours > 0 { return "\(two(hours)):\(two(minutes)):\(two(secs))" }
        return "\(two(minutes)):\(two(secs))"
    }

    /// A time in UTC as `2026-11-23 13:05:09 UTC`.
    public static func date(_ secondsSince1970: Int64) -> String {
        var time = time_t(secondsSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }

    /// The time of day in UTC as `13:05:09`.
    public static func clock(_ secondsSince1970: Int64) -> String {
        String(date(secondsSince1970).split(separator: " ")[1])
    }

    /// A signal's name: `SIGTERM`, `SIGKILL`, else `signal N`.
    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGKILL: "SIGKILL"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGSTOP: "SIGSTOP"
        case SIGCONT: "SIGCONT"
        default: "signal \(signal)"
        }
    }
}

extension String {
    /// `value` with one decimal, rounded half away from zero.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
