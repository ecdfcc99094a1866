import Foundation

/// Parses the date formats feeds use, without `DateFormatter` and without ever trapping.
///
/// Supported: RFC 822/1123/2822 (`Wed, 02 Oct 2002 13:00:00 GMT`; weekday optional, seconds
/// optional, two-digit years, named zones such as GMT/EST/PDT/CEST or numeric `+0000`/`-05:00`;
/// an unknown zone name counts as UTC) and ISO 8601 / RFC 3339 (`2024-03-15T10:15:30.250+01:00`,
/// `Z` or an offset or none (UTC), with or without seconds and fractions, or a date alone).
/// Anything else, including out-of-range fields such as 31 April, gives `nil`.
public enum FeedDate {
    /// Parses an RFC 822 or ISO 8601 date, whichever the string looks like; `nil` if neither.
    public static func parse(_ string: String) -> Date? {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count < 100 else { return nil }
        if let first = trimmed.utf8.first, (0x30...0x39).contains(first),
            let date = parseISO8601(trimmed)
        {
            return date
        }
        return parseRFC822(trimmed)
    }

    /// Parses an ISO 8601 / RFC 3339 date or date-time; `nil` if the string is not one.
    public static func parseISO8601(_ string: String) -> Date? {
        var scanner = ByteScanner(string.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let year = scanner.number(digits: 4...4), scanner.skip("-"),
            let month = scanner.number(digits: 2...2), scanner.skip("-"),
            let day = scanner.number(digits: 2...2)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0.0
        var offset = 0
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let h = scanner.number(digits: 2...2), scanner.skip(":"),
                let m = scanner.number(digits: 2...2)
            else { return nil }
            hour = h
            minute = m
            if scanner.skip(":") {
                guard let s = scanner.number(digits: 2...2) else { return nil }
                second = Double(s)
                if scanner.skip(".") || scanner.skip(",") {
                    guard let fraction = scanner.fraction() else { return nil }
                    second += fraction
                }
            }
            if scanner.skip("Z") || scanner.skip("z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let zoneHours = scanner.number(digits: 2...2) else { return nil }
                var zoneMinutes = 0
                if scanner.skip(":") {
                    guard let value = scanner.number(digits: 2...2) else { return nil }
                    zoneMinutes = value
                } else if let value = scanner.number(digits: 2...2) {
                    zoneMinutes = value
                }
                guard zoneHours < 24, zoneMinutes < 60 else { return nil }
                offset = sign * (zoneHours * 3600 + zoneMinutes * 60)
            }
        }
        guard scanner.atEnd else { return nil }
        return makeDate(
            year: year, month: month, day: day, hour: hour, minute: minute,
            second: second, offset: offset)
    }

    /// Parses an RFC 822 / 1123 / 2822 date (also the RFC 850 `02-Oct-02` form and
    /// month-first `Oct 2 2002`); `nil` if the string is not one.
    public static func parseRFC822(_ string: String) -> Date? {
        var tokens = string.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .flatMap { token -> [Substring] in
                // `02-Oct-2002` (RFC 850) but not the zone `-0500`.
                token.first?.isNumber == true && token.contains("-") && token.contains(where: \.isLetter)
                    ? token.split(separator: "-") : [token]
            }
        guard tokens.count >= 3 else { return nil }
        if let first = tokens.first, first.allSatisfy(\.isLetter), month(named: first) == nil {
            tokens.removeFirst()  // weekday
        }
        guard tokens.count >= 3 else { return nil }
        let day: Int
        let monthNumber: Int
        if let m = month(named: tokens[0]), let d = number(tokens[1], digits: 1...2) {
            monthNumber = m
            day = d
        } else if let d = number(tokens[0], digits: 1...2), let m = month(named: tokens[1]) {
            monthNumber = m
            day = d
        } else {
            return nil
        }
        tokens.removeFirst(2)
        // The year usually comes next; asctime-style dates put the time first.
        var year: Int?
        var time: Substring?
        var rest = tokens[...]
        while let token = rest.first, year == nil || time == nil {
            if token.contains(":"), time == nil {
                time = token
            } else if year == nil, let value = number(token, digits: 2...4) {
                year = fullYear(value, digits: token.count)
            } else {
                break
            }
            rest.removeFirst()
        }
        guard let year else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var zone: Substring?
        if var time {
            if let signIndex = time.firstIndex(where: { $0 == "+" || $0 == "-" }) {
                zone = time[signIndex...]
                time = time[..<signIndex]
            }
            let parts = time.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count),
                let h = number(parts[0], digits: 1...2), let m = number(parts[1], digits: 2...2)
            else { return nil }
            hour = h
            minute = m
            if parts.count == 3 {
                guard let s = number(parts[2].prefix { $0 != "." }, digits: 2...2) else { return nil }
                second = s
            }
        }
        var remaining = Array(rest)
        if let ampm = remaining.first?.uppercased(), ampm == "AM" || ampm == "PM" {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (ampm == "PM" ? 12 : 0)
            remaining.removeFirst()
        }
        if zone == nil { zone = remaining.first }
        var offset = 0
        if let zone {
            guard let value = zoneOffset(zone) else { return nil }
            offset = value
        }
        return makeDate(
            year: year, month: monthNumber, day: day, hour: hour, minute: minute,
            second: Double(second), offset: offset)
    }

    // MARK: - Helpers

    /// The value of a token made only of ASCII digits, with a digit count in `digits`.
    private static func number(_ token: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(token.utf8.count),
            token.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return Int(token)
    }

    private static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun",
        "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// The month number for an English month name or abbreviation (`Mar`, `March`, `Sept`).
    private static func month(named token: Substring) -> Int? {
        guard token.count >= 3, token.allSatisfy(\.isLetter) else { return nil }
        let lower = token.lowercased()
        guard let index = monthNames.firstIndex(of: String(lower.prefix(3))) else { return nil }
        return index + 1
    }

    private static func fullYear(_ value: Int, digits: Int) -> Int {
        switch digits {
        case 2: value < 50 ? 2000 + value : 1900 + value
        case 3: 1900 + value
        default: value
        }
    }

    /// Named zones in hours east of UTC (RFC 822 names plus common ones seen in feeds).
    private static let zoneHours: [String: Double] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "WET": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        "AKST": -9, "AKDT": -8, "HST": -10, "AST": -4, "ADT": -3, "NST": -3.5, "NDT": -2.5,
        "BST": 1, "CET": 1, "CEST": 2, "MET": 1, "MEST": 2, "WEST": 1, "EET": 2, "EEST": 3, "MSK": 3,
        "IST": 5.5, "SGT": 8, "HKT": 8, "AWST": 8, "JST": 9, "KST": 9, "ACST": 9.5, "ACDT": 10.5,
        "AEST": 10, "AEDT": 11, "NZST": 12, "NZDT": 13,
    ]

    /// Seconds east of UTC for a zone token, or `nil` if the token is malformed.
    private static func zoneOffset(_ token: Substring) -> Int? {
        var zone = token.uppercased()
        if zone.hasPrefix("GMT") || zone.hasPrefix("UTC"), zone.count > 3 { zone.removeFirst(3) }
        if let hours = zoneHours[zone] { return Int(hours * 3600) }
        if let sign = zone.first, sign == "+" || sign == "-" {
            let digits = Substring(zone.dropFirst().filter { $0 != ":" })
            guard [1, 2, 4].contains(digits.count), let value = number(digits, digits: 1...4) else { return nil }
            let (h, m) = digits.count == 4 ? (value / 100, value % 100) : (value, 0)
            guard h < 24, m < 60 else { return nil }
            return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
        }
        // Military letters and unknown names: RFC 2822 says to treat them as UTC.
        return zone.allSatisfy(\.isLetter) && zone.count <= 5 ? 0 : nil
    }

    /// Builds a date from civil UTC fields and an offset, validating every field.
    static func makeDate(
        year: Int, month: Int, day: Int, hour: Int, minute: Int,
        second: Double, offset: Int
    ) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61
        else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + min(second, 59.999_999)
        return Date(timeIntervalSince1970: seconds)
    }
}

/// Proleptic Gregorian calendar arithmetic in UTC (Howard Hinnant's algorithms).
enum CivilDate {
    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given date.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of the date `days` after 1970-01-01.
    static func fields(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A tiny cursor over ASCII bytes for the ISO 8601 parser.
struct ByteScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ string: String) {
        bytes = Array(string.utf8)
    }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    /// An unsigned decimal number with a digit count in `digits`.
    mutating func number(digits: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while index < bytes.count, count < digits.upperBound, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            count += 1
            index += 1
        }
        return digits.contains(count) ? value : nil
    }

    /// The digits after a decimal point, as a fraction (at least one digit).
    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        var count = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            value += Double(bytes[index] - 0x30) * scale
            scale /= 10
            count += 1
            index += 1
        }
        return count > 0 ? value : nil
    }

    /// +1 or -1 for a leading `+` or `-`, consuming it.
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
