/// Reading a cell's bytes as a number, a date or a boolean: what column types are inferred from and sorted by.
///
/// Numbers: `[+-]digits[.digits][(e|E)[+-]digits]` (also `.5`), spaces around allowed;
/// `nan`, `inf`, thousands separators and currency are text. Dates: ISO 8601,
/// `YYYY-MM-DD`, optionally `T` or a space, `HH:MM[:SS[.fraction]]` and `Z` or
/// `±HH[:MM]`; the key is seconds since 1970-01-01T00:00Z (a date alone is its
/// midnight in UTC), so dates and datetimes compare chronologically.
public enum TableValue {
    /// The exact powers of ten a Double holds.
    private static let powers: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `bytes` without the spaces around.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0D { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The number `bytes` spell, and whether it is an integer (no point, no exponent); nil when they are not a number.
    public static func number(_ raw: UnsafeRawBufferPointer) -> (value: Double, isInteger: Bool)? {
        let bytes = trimmed(raw)
        let count = bytes.count
        guard count > 0 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == 0x2D || bytes[0] == 0x2B {
            negative = bytes[0] == 0x2D
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var dropped = 0
        var exponent = 0
        var sawDigit = false
        var isInteger = true
        while index < count, bytes[index] &- 0x30 < 10 {
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                if mantissa > 0 { digits += 1 }
            } else {
                dropped += 1
            }
            sawDigit = true
            index += 1
        }
        if index < count, bytes[index] == 0x2E {
            isInteger = false
            index += 1
            while index < count, bytes[index] &- 0x30 < 10 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                    if mantissa > 0 { digits += 1 }
                    exponent -= 1
                }
                sawDigit = true
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < count, bytes[index] | 0x20 == 0x65 {
            isInteger = false
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
        exponent += dropped
        var result: Double
        if mantissa < 1 << 53, dropped == 0, exponent >= -22, exponent <= 22 {
            result = Double(mantissa)
            if exponent < 0 { result /= powers[-exponent] } else { result *= powers[exponent] }
        } else {
            // Rare: too many digits or a large exponent; the standard library rounds correctly.
            guard let parsed = Double(String(decoding: bytes, as: UTF8.self).trimmingPlus()) else { return nil }
            result = abs(parsed)
        }
        return (negative ? -result : result, isInteger)
    }

    /// The point in time `bytes` spell (seconds since 1970-01-01T00:00Z) and whether they hold a time of day;
    /// nil when they are not an ISO 8601 date.
    public static func date(_ raw: UnsafeRawBufferPointer) -> (seconds: Double, hasTime: Bool)? {
        let bytes = trimmed(raw)
        let count = bytes.count
        guard count >= 10 else { return nil }
        func digits(_ from: Int, _ length: Int) -> Int? {
            guard from + length <= count else { return nil }
            var value = 0
            for index in from..<from + length {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(0, 4), bytes[4] == 0x2D, let month = digits(5, 2), bytes[7] == 0x2D,
            let day = digits(8, 2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        guard count > 10 else { return (seconds, false) }
        guard bytes[10] == 0x54 || bytes[10] == 0x20, let hour = digits(11, 2), hour < 24, count >= 16,
            bytes[13] == 0x3A, let minute = digits(14, 2), minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        var index = 16
        if index < count, bytes[index] == 0x3A {
            guard let second = digits(17, 2), second <= 60 else { return nil }
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
        if index < count {
            if bytes[index] == 0x5A {
                index += 1
            } else if bytes[index] == 0x2B || bytes[index] == 0x2D {
                let sign = bytes[index] == 0x2D ? -1.0 : 1.0
                guard let offsetHours = digits(index + 1, 2) else { return nil }
                index += 3
                var offsetMinutes = 0
                if index < count, bytes[index] == 0x3A { index += 1 }
                if index < count {
                    guard let minutes = digits(index, 2) else { return nil }
                    offsetMinutes = minutes
                    index += 2
                }
                seconds -= sign * Double(offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        guard index == count else { return nil }
        return (seconds, true)
    }

    /// The boolean `bytes` spell (`true`/`false`, `yes`/`no`, any case); nil otherwise.
    public static func boolean(_ raw: UnsafeRawBufferPointer) -> Bool? {
        let bytes = trimmed(raw)
        var lower: UInt64 = 0
        guard bytes.count <= 5 else { return nil }
        for byte in bytes { lower = lower << 8 | UInt64(byte | 0x20) }
        switch lower {
        case 0x74_72_75_65, 0x79_65_73: return true  // true, yes
        case 0x66_61_6C_73_65, 0x6E_6F: return false  // false, no
        default: return nil
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension String {
    /// The text without a leading `+` (which `Double(_:)` accepts anyway) and spaces around.
    fileprivate func trimmingPlus() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " || text.last == "\r" { text.removeLast() }
        if text.first == "+" || text.first == "-" { text.removeFirst() }
        return String(text)
    }
}
