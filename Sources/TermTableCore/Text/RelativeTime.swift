/// A span of time written short, as a list's column shows an age: `now`, `5s`, `2m10s`, `3h`, `1d4h`, `12d`,
/// `2y30d`, and a time to come as `in 5m`.
///
/// The largest unit that is not zero comes first (seconds, minutes, hours, days, years of 365 days), then the next
/// unit when it is not zero and the text still fits ``maximumWidth``; each is rounded down (an age of 59.9 s is
/// `59s`, so a ticking column changes when the whole unit does). Less than a second either way is `now` (`0s` in
/// 2 columns). A time to
/// come too wide with `in ` is written `+5m`; a text that does not fit even with one unit is cut with `…` to the
/// width (only a width under 4 or an age of more than a thousand years comes to that).
///
/// ```swift
/// RelativeTime().string(for: .seconds(130))                 // "2m10s"
/// RelativeTime(maximumWidth: 3).string(for: .seconds(130))  // "2m"
/// RelativeTime().string(for: .seconds(-300))                // "in 5m"
/// ```
public struct RelativeTime: Hashable, Sendable {
    /// The most columns the text takes (at least 1).
    public var maximumWidth: Int

    /// A formatter whose texts take at most `maximumWidth` columns (6 shows `2m10s` and `12d23h`).
    public init(maximumWidth: Int = 6) {
        self.maximumWidth = max(1, maximumWidth)
    }

    /// The units, largest first, in seconds.
    static let units: [(seconds: Int64, name: String)] = [
        (365 * 86_400, "y"), (86_400, "d"), (3_600, "h"), (60, "m"), (1, "s"),
    ]

    /// The text for `elapsed`: how long ago (positive) or how long until (negative, `in 5m`).
    public func string(for elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        // Whole seconds toward zero, as a magnitude that cannot overflow (Int64.min has no positive).
        let future = seconds < 0 || (seconds == 0 && attoseconds < 0)
        var magnitude = seconds.magnitude
        if seconds < 0 && attoseconds > 0 { magnitude -= 1 }  // -1.5 s is (-2 s, +0.5 s): 1 whole second
        return string(seconds: magnitude, future: future)
    }

    /// The text for `seconds` whole seconds ago (or to come, when `future`).
    public func string(seconds: UInt64, future: Bool = false) -> String {
        guard seconds > 0, let first = RelativeTime.units.firstIndex(where: { UInt64($0.seconds) <= seconds }) else {
            return maximumWidth >= 3 ? "now" : String("0s".prefix(maximumWidth))
        }
        let unit = RelativeTime.units[first]
        let count = seconds / UInt64(unit.seconds)
        let rest = seconds % UInt64(unit.seconds)
        let prefix = future ? "in " : ""
        let one = "\(count)\(unit.name)"
        if first + 1 < RelativeTime.units.count {
            let next = RelativeTime.units[first + 1]
            let nextCount = rest / UInt64(next.seconds)
            let two = prefix + one + "\(nextCount)\(next.name)"
            if nextCount > 0, two.utf8.count <= maximumWidth { return two }
        }
        let text = prefix + one
        if text.utf8.count <= maximumWidth { return text }
        // A time to come too wide with `in `: `+5m`.
        let short = (future ? "+" : "") + one
        return short.utf8.count <= maximumWidth ? short : TerminalText.truncate(short, toWidth: maximumWidth)
    }
}
