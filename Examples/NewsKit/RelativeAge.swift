import Foundation

/// Formats how long ago an article was published, in at most 8 terminal columns.
///
/// The scheme, by age `now - date`:
/// - `nil` date: `""` (empty);
/// - under a minute, or in the future: `"now"`;
/// - under an hour: minutes, `"5m"`;
/// - under a day: hours, `"3h"`;
/// - under a week: days, `"2d"`;
/// - under 365 days: weeks, `"3w"` (up to `"52w"`);
/// - older: month and year in UTC, `"Mar 2024"`.
///
/// Every unit is truncated (59 minutes is `"59m"`, not `"1h"`).
public enum RelativeAge {
    private static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun",
        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The short age of `date` relative to `now`, per the scheme above.
    public static func string(from date: Date?, now: Date) -> String {
        guard let date else { return "" }
        let age = now.timeIntervalSince(date)
        guard age.isFinite, age >= 60 else { return "now" }
        let minutes = Int(min(age, 1e12) / 60)
        if minutes < 60 { return "\(minutes)m" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours)h" }
        let days = hours / 24
        if days < 7 { return "\(days)d" }
        if days < 365 { return "\(days / 7)w" }
        // Clamped to years 1...9999 so the result stays within 8 columns.
        let seconds = min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799)
        let fields = CivilDate.fields(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
        return "\(monthAbbreviations[fields.month - 1]) \(fields.year)"
    }
}
