import TermTableCore

extension TableSortKey {
    /// The key of a value given as text, read as `type` says, so that an app whose data is text needs no
    /// conversion of its own.
    ///
    /// Blanks at either end are ignored; an empty value is ``empty`` whatever the type.
    /// - ``ColumnValueType/integer`` and ``ColumnValueType/decimal``: `42`, `-7`, `+3`, `2.5`, `.5`, `1e6`,
    ///   `-1.5E-3` are ``integer(_:)`` (whole, in `Int64`) or ``decimal(_:)``; `inf`, `nan`, hexadecimal and
    ///   thousands separators are not numbers.
    /// - ``ColumnValueType/date``: ISO 8601 dates `2026-11-27` and date-times `2026-11-27T21:07`,
    ///   `2026-11-27 21:07:50.25`, with `Z` or an offset `+01:00` (none: UTC) are ``date(_:)``.
    /// - ``ColumnValueType/boolean``: `true`, `false`, `yes`, `no` in any case are ``boolean(_:)``.
    ///
    /// Anything else is ``text(_:)`` (the value as given), which sorts after numbers and dates.
    public init(parsing value: String, as type: ColumnValueType) {
        let trimmed = Self.trimmingBlanks(value)
        if trimmed.isEmpty {
            self = .empty
            return
        }
        switch type {
        case .text: break
        case .integer, .decimal:
            if let number = Self.number(trimmed) {
                self = number
                return
            }
        case .date:
            if let seconds = Self.isoDate(trimmed) {
                self = .date(seconds)
                return
            }
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes":
                self = .boolean(true)
                return
            case "false", "no":
                self = .boolean(false)
                return
            default: break
            }
        }
        self = .text(value)
    }

    /// `text` without spaces and tabs at either end.
    private static func trimmingBlanks(_ text: String) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return text[start...end]
    }

    /// A decimal number (sign, digits, a point, an exponent), else nil.
    private static func number(_ text: Substring) -> TableSortKey? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var mantissa = digits()
        var whole = true
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            mantissa += digits()
            whole = false
        }
        guard mantissa > 0 else { return nil }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return nil }
            whole = false
        }
        guard index == bytes.count else { return nil }
        let string = String(text)
        if whole, let integer = Int64(string.hasPrefix("+") ? String(string.dropFirst()) : string) {
            return .integer(integer)
        }
        return Double(string).map { .decimal($0) }
    }

    /// Seconds since 1970 of an ISO 8601 date or date-time, else nil.
    private static func isoDate(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func fixed(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = fixed(4), expect(0x2D), let month = fixed(2), expect(0x2D), let day = fixed(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysSince1970(year: year, month: month, day: day)) * 86_400
        if index == bytes.count { return seconds }
        guard expect(0x54) || expect(0x20) || expect(0x74), let hour = fixed(2), expect(0x3A), let minute = fixed(2),
            hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(0x3A) {
            guard let second = fixed(2), second <= 60 else { return nil }
            seconds += Double(second)
            if expect(0x2E) || expect(0x2C) {
                var scale = 0.1
                var any = false
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    seconds += Double(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        if index == bytes.count || (expect(0x5A) || expect(0x7A)) && index == bytes.count { return seconds }
        let sign: Double
        if expect(0x2B) {
            sign = 1
        } else if expect(0x2D) {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = fixed(2), offsetHours < 24 else { return nil }
        _ = expect(0x3A)
        let offsetMinutes = index == bytes.count ? 0 : fixed(2)
        guard let offsetMinutes, offsetMinutes < 60, index == bytes.count else { return nil }
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
