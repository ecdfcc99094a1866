import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableCore

/// The byte entry of the value parser (`TableSortKey(parsingUTF8:as:)`, no allocation) against the String entry and
/// against the String parser it replaced (kept here as the reference, its one fix applied: a `Z` ends a date-time),
/// on random cells: numbers with signs, points and exponents, integers at and past `Int64`'s ends, leading zeros,
/// dates valid and impossible with times, fractions, `Z` and offsets, booleans in any case, junk, blanks, empty,
/// and bytes that are not UTF-8. Every case must give the same key, the same kind and the same bits.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 3,000 a type), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite struct TableSortKeyParsingPropertyTests {
    static var cases: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 3_000
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x7AB1_E5EE
    }

    /// Two keys of the same kind with the same payload, doubles compared by their bits (`==` folds kinds).
    static func identical(_ a: TableSortKey, _ b: TableSortKey) -> Bool {
        switch (a, b) {
        case (.empty, .empty): return true
        case (.integer(let x), .integer(let y)): return x == y
        case (.decimal(let x), .decimal(let y)), (.date(let x), .date(let y)): return x.bitPattern == y.bitPattern
        case (.text(let x), .text(let y)): return Array(x.utf8) == Array(y.utf8)
        case (.boolean(let x), .boolean(let y)): return x == y
        default: return false
        }
    }

    static func pick<T>(_ choices: [T], _ random: inout SeededRandom) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    static func digits(_ count: Int, _ random: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0x30...0x39, using: &random) }
    }

    static func twoDigits(_ range: ClosedRange<Int>, _ random: inout SeededRandom) -> [UInt8] {
        let value = Int.random(in: range, using: &random)
        return Array((value < 10 ? "0\(value)" : "\(value)").utf8)
    }

    /// A number: sign, whole digits (often with leading zeros, up to 25 of them), a point, a fraction, an exponent.
    static func number(_ random: inout SeededRandom) -> [UInt8] {
        if Int.random(in: 0..<6, using: &random) == 0 {
            return Array(
                pick(
                    [
                        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                        "+9223372036854775807", "18446744073709551615", "18446744073709551616", "9007199254740993",
                        "-0", "+0", "-0.0", "0e999999", "1e-400", "1e309", "-1e308", "4.9e-324",
                        "2.2250738585072014e-308",
                        "123456789012345678901234567890", "0.1", "1e22", "1e23", "9007199254740991e22",
                    ], &random
                ).utf8)
        }
        var bytes: [UInt8] = []
        if Bool.random(using: &random) { bytes.append(pick([0x2B, 0x2D], &random)) }
        if Int.random(in: 0..<4, using: &random) == 0 {
            bytes += [UInt8](repeating: 0x30, count: Int.random(in: 1...6, using: &random))
        }
        bytes += digits(Int.random(in: 0...(Bool.random(using: &random) ? 8 : 25), using: &random), &random)
        if Bool.random(using: &random) {
            bytes.append(0x2E)
            bytes += digits(Int.random(in: 0...(Bool.random(using: &random) ? 6 : 22), using: &random), &random)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            bytes.append(pick([0x65, 0x45], &random))
            if Bool.random(using: &random) { bytes.append(pick([0x2B, 0x2D], &random)) }
            bytes += digits(Int.random(in: 0...(Bool.random(using: &random) ? 2 : 7), using: &random), &random)
        }
        return bytes
    }

    /// A date, valid or not (months 0 to 13, days 0 to 32, February the 29th of any year), with a time, seconds,
    /// a fraction, `Z` or an offset, each sometimes.
    static func date(_ random: inout SeededRandom) -> [UInt8] {
        var bytes = Array(String(Int.random(in: 0...9999, using: &random)).utf8)
        while bytes.count < 4 { bytes.insert(0x30, at: 0) }
        bytes += [0x2D] + twoDigits(0...13, &random) + [0x2D] + twoDigits(0...32, &random)
        guard Bool.random(using: &random) else { return bytes }
        bytes.append(pick([0x54, 0x20, 0x74, 0x5F], &random))
        bytes += twoDigits(0...25, &random) + [0x3A] + twoDigits(0...61, &random)
        if Bool.random(using: &random) {
            bytes += [0x3A] + twoDigits(0...61, &random)
            if Bool.random(using: &random) {
                bytes.append(pick([0x2E, 0x2C], &random))
                bytes += digits(Int.random(in: 0...9, using: &random), &random)
            }
        }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes.append(pick([0x5A, 0x7A], &random))
        case 1:
            bytes.append(pick([0x2B, 0x2D], &random))
            bytes += twoDigits(0...25, &random)
            if Bool.random(using: &random) { bytes.append(0x3A) }
            if Bool.random(using: &random) { bytes += twoDigits(0...61, &random) }
        case 2: bytes += Array(pick(["Z+01:00", "+1", "+0100", "Zz", "+01:", "-12:3"], &random).utf8)
        default: break
        }
        return bytes
    }

    /// A boolean in random case, or a near miss.
    static func boolean(_ random: inout SeededRandom) -> [UInt8] {
        let word = pick(["true", "false", "yes", "no", "tru", "yess", "n", "nO", "t", "fals", "truee"], &random)
        return word.utf8.map { Bool.random(using: &random) ? $0 & ~0x20 : $0 }
    }

    /// Junk: letters, digits, signs, points, blanks, quotes, NUL, and bytes that are not UTF-8 (or are: é).
    static func junk(_ random: inout SeededRandom) -> [UInt8] {
        let alphabet: [UInt8] = [
            0x61, 0x65, 0x45, 0x54, 0x5A, 0x30, 0x31, 0x39, 0x2B, 0x2D, 0x2E, 0x3A, 0x20, 0x09, 0x0D, 0x0A, 0x22, 0x00,
            0xFF, 0xC3, 0xA9, 0x80, 0xE2,
        ]
        return (0..<Int.random(in: 0...12, using: &random)).map { _ in pick(alphabet, &random) }
    }

    /// One cell: a value of some kind, sometimes padded with blanks, sometimes with one byte changed.
    static func cell(_ random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8]
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: bytes = number(&random)
        case 2: bytes = date(&random)
        case 3: bytes = boolean(&random)
        default: bytes = junk(&random)
        }
        if Int.random(in: 0..<8, using: &random) == 0, !bytes.isEmpty {
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = pick([0x20, 0x78, 0xFF, 0x2E, 0x35], &random)
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            let blanks: [UInt8] = [0x20, 0x09]
            bytes =
                (0..<Int.random(in: 0...2, using: &random)).map { _ in pick(blanks, &random) } + bytes
                + (0..<Int.random(in: 0...2, using: &random)).map { _ in pick(blanks, &random) }
        }
        return bytes
    }

    @Test func theByteEntryTheStringEntryAndTheOldParserAgree() {
        var random = SeededRandom(seed: Self.seed)
        var parsed = [ColumnValueType: Int]()
        for _ in 0..<Self.cases * 2 {
            let bytes = Self.cell(&random)
            let text = String(decoding: bytes, as: UTF8.self)
            for type in ColumnValueType.allCases {
                let byteKey = bytes.withUnsafeBytes { TableSortKey(parsingUTF8: $0, as: type) }
                let stringKey = TableSortKey(parsing: text, as: type)
                let reference = Reference(value: text, type: type).key
                #expect(Self.identical(stringKey, reference), "\(type) \(bytes): \(stringKey) \(reference)")
                if let byteKey {
                    #expect(Self.identical(byteKey, stringKey), "\(type) \(bytes): \(byteKey) \(stringKey)")
                    if !byteKey.isEmpty { parsed[type, default: 0] += 1 }
                } else {
                    #expect(Self.identical(stringKey, .text(text)), "\(type) \(bytes): \(stringKey)")
                }
            }
        }
        // The generator reaches every kind of value (not only text).
        for type in [ColumnValueType.integer, .decimal, .date, .boolean] {
            #expect(parsed[type, default: 0] > Self.cases / 20, "\(type): \(parsed[type, default: 0])")
        }
    }
}

/// The String parser of `TableSortKey` before the byte entry (Array and String copies, `Int64(_:)` and
/// `Double(_:)`), with the `Z` fix: the reference of the property test.
private struct Reference {
    var key: TableSortKey = .empty

    init(value: String, type: ColumnValueType) {
        let trimmed = Self.trimmingBlanks(value)
        if trimmed.isEmpty {
            key = .empty
            return
        }
        switch type {
        case .text: break
        case .integer, .decimal:
            if let number = Self.number(trimmed) {
                key = number
                return
            }
        case .date:
            if let seconds = Self.isoDate(trimmed) {
                key = .date(seconds)
                return
            }
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes":
                key = .boolean(true)
                return
            case "false", "no":
                key = .boolean(false)
                return
            default: break
            }
        }
        key = .text(value)
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
        if index == bytes.count { return seconds }
        if expect(0x5A) || expect(0x7A) { return index == bytes.count ? seconds : nil }
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
