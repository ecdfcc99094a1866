extension TableSortKey {
    /// The key of a value given as text, read as `type` says, so that an app whose data is text needs no
    /// conversion of its own.
    ///
    /// Blanks (spaces and tabs) at either end are ignored; an empty value is ``empty`` whatever the type.
    /// - ``ColumnValueType/integer`` and ``ColumnValueType/decimal``: `42`, `-7`, `+3`, `2.5`, `.5`, `1e6`,
    ///   `-1.5E-3` are ``integer(_:)`` (whole, in `Int64`) or ``decimal(_:)`` (with a point or an exponent, or
    ///   whole past `Int64`); `inf`, `nan`, hexadecimal and thousands separators are not numbers.
    /// - ``ColumnValueType/date``: ISO 8601 dates `2026-11-27` and date-times `2026-11-27T21:07`,
    ///   `2026-11-27 21:07:50.25`, with `Z` or an offset `+01:00` (none: UTC) are ``date(_:)``; a day the month
    ///   does not have (`2026-02-30`) is not a date.
    /// - ``ColumnValueType/boolean``: `true`, `false`, `yes`, `no` in any case are ``boolean(_:)``.
    ///
    /// Anything else is ``text(_:)`` (the value as given), which sorts after numbers and dates. The rules are
    /// those of ``init(parsingUTF8:as:)``, which this calls with the text's UTF-8.
    public init(parsing value: String, as type: ColumnValueType) {
        var utf8 = value
        let key = utf8.withUTF8 { TableSortKey(parsingUTF8: UnsafeRawBufferPointer($0), as: type) }
        self = key ?? .text(value)
    }

    /// The key of a value given as UTF-8 bytes (a cell read straight from a file), read as `type` says; nil when
    /// they do not spell a value of the type (the caller keeps them as text).
    ///
    /// The rules are those of ``init(parsing:as:)``: blanks at either end are ignored and no bytes are ``empty``;
    /// for ``ColumnValueType/text`` every other value is nil. Bytes that are not UTF-8 are never a number, date or
    /// boolean. Nothing is allocated, except for a number the fast path cannot round exactly (16 significant digits
    /// or more, or a power of ten past ±22: `1e300`, a whole number past `Int64`), read by the standard library.
    public init?(parsingUTF8 bytes: UnsafeRawBufferPointer, as type: ColumnValueType) {
        let value = Self.trimmingBlanks(bytes)
        if value.isEmpty {
            self = .empty
            return
        }
        switch type {
        case .text: return nil
        case .integer, .decimal:
            guard let number = Self.number(value) else { return nil }
            self = number
        case .date:
            guard let seconds = Self.isoDate(value) else { return nil }
            self = .date(seconds)
        case .boolean:
            guard let truth = Self.boolean(value) else { return nil }
            self = .boolean(truth)
        }
    }

    /// `bytes` without spaces and tabs at either end.
    @inline(__always)
    private static func trimmingBlanks(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The powers of ten a Double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A decimal number `[+-]digits[.digits][(e|E)[+-]digits]` (also `.5`), else nil: an integer when whole and
    /// in `Int64`, else a decimal, rounded correctly (Clinger's fast path: up to 15 significant digits and an
    /// exponent within ±22 are one exact operation; the standard library reads the rest).
    private static func number(_ bytes: UnsafeRawBufferPointer) -> TableSortKey? {
        let count = bytes.count
        var index = 0
        var negative = false
        if bytes[0] == 0x2D || bytes[0] == 0x2B {
            negative = bytes[0] == 0x2D
            index = 1
        }
        // The first 19 significant digits (they fit in 64 bits), the whole digits past them, the power of ten.
        var mantissa: UInt64 = 0
        var kept = 0
        var dropped = 0
        var exponent = 0
        var sawDigit = false
        var whole = true
        while index < count, bytes[index] &- 0x30 < 10 {
            if kept < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                if mantissa > 0 { kept += 1 }
            } else {
                dropped += 1
            }
            sawDigit = true
            index += 1
        }
        if index < count, bytes[index] == 0x2E {
            whole = false
            index += 1
            while index < count, bytes[index] &- 0x30 < 10 {
                if kept < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                    if mantissa > 0 { kept += 1 }
                    exponent -= 1
                }
                sawDigit = true
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < count, bytes[index] | 0x20 == 0x65 {
            whole = false
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == 0x2D || bytes[index] == 0x2B {
                exponentNegative = bytes[index] == 0x2D
                index += 1
            }
            var value = 0
            var sawExponentDigit = false
            while index < count, bytes[index] &- 0x30 < 10 {
                if value < 100_000 { value = value * 10 + Int(bytes[index] &- 0x30) }
                sawExponentDigit = true
                index += 1
            }
            guard sawExponentDigit else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard index == count else { return nil }
        if whole, dropped == 0 {
            if !negative, mantissa <= UInt64(Int64.max) { return .integer(Int64(mantissa)) }
            if negative, mantissa <= UInt64(Int64.max) + 1 { return .integer(Int64(truncatingIfNeeded: 0 &- mantissa)) }
        }
        if mantissa < 1 << 53, dropped == 0, exponent >= -22, exponent <= 22 {
            var result = Double(mantissa)
            if exponent < 0 {
                result /= exactPowersOfTen[-exponent]
            } else {
                result *= exactPowersOfTen[exponent]
            }
            return .decimal(negative ? -result : result)
        }
        // Rare: too many digits or a large exponent. The grammar is checked, so the standard library reads it.
        return Double(String(decoding: bytes, as: UTF8.self)).map { .decimal($0) }
    }

    /// Seconds since 1970 of an ISO 8601 date or date-time, else nil: the fields at fixed places, read in place.
    private static func isoDate(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        guard count >= 10, bytes[4] == 0x2D, bytes[7] == 0x2D, let year = digits(bytes, 0, 4),
            let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2), month >= 1, month <= 12, day >= 1,
            day <= daysIn(month: month, year: year)
        else { return nil }
        var seconds = Double(daysSince1970(year: year, month: month, day: day)) * 86_400
        if count == 10 { return seconds }
        let separator = bytes[10]
        guard count >= 16, separator == 0x54 || separator == 0x20 || separator == 0x74, bytes[13] == 0x3A,
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        var index = 16
        if index < count, bytes[index] == 0x3A {
            guard let second = digits(bytes, 17, 2), second <= 60 else { return nil }
            seconds += Double(second)
            index = 19
            if index < count, bytes[index] == 0x2E || bytes[index] == 0x2C {
                index += 1
                var scale = 0.1
                let fractionStart = index
                while index < count, bytes[index] &- 0x30 < 10 {
                    seconds += Double(bytes[index] &- 0x30) * scale
                    scale /= 10
                    index += 1
                }
                guard index > fractionStart else { return nil }
            }
        }
        if index == count { return seconds }
        let zone = bytes[index]
        if zone == 0x5A || zone == 0x7A { return index + 1 == count ? seconds : nil }
        guard zone == 0x2B || zone == 0x2D, let offsetHours = digits(bytes, index + 1, 2), offsetHours < 24 else {
            return nil
        }
        index += 3
        if index < count, bytes[index] == 0x3A { index += 1 }
        var offsetMinutes = 0
        if index < count {
            guard let minutes = digits(bytes, index, 2), minutes < 60, index + 2 == count else { return nil }
            offsetMinutes = minutes
        }
        let sign: Double = zone == 0x2D ? -1 : 1
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }

    /// The decimal number of `length` digits at `start`, else nil (also when they run past the end).
    @inline(__always)
    private static func digits(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for position in start..<start + length {
            let digit = bytes[position] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// `true`, `yes` (true) or `false`, `no` (false) in any case, else nil.
    private static func boolean(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        guard bytes.count <= 5 else { return nil }
        var lowered: UInt64 = 0
        for byte in bytes { lowered = lowered << 8 | UInt64(byte | 0x20) }
        switch lowered {
        case 0x74_72_75_65, 0x79_65_73: return true  // true, yes
        case 0x66_61_6C_73_65, 0x6E_6F: return false  // false, no
        default: return nil
        }
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
