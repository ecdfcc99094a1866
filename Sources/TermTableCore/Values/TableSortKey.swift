import Glibc

/// A value to sort a table's items by: read on the main actor (the diffable data source's `sortKey`) and compared
/// off it; read from text or from a file's bytes by ``init(parsing:as:)`` and ``init(parsingUTF8:as:)``.
///
/// The order, smallest first: numbers (``integer(_:)`` and ``decimal(_:)`` compared with each other as numbers,
/// exactly: `.integer(2) < .decimal(2.5)`), then dates, then texts, then booleans (false first), then
/// ``empty``, as spreadsheets sort a mixed column. A NaN decimal or date comes after every other number or date.
/// A descending sort reverses it but keeps empty values last (VisiData, spreadsheets): that is the sort's
/// doing (`TableSortDescriptor.ascending`), not this type's `<`, which puts ``empty`` last.
///
/// Texts compare by their Unicode scalars (code point order, which is the order of their UTF-8 bytes): a
/// byte comparison with no normalisation, no allocation and no locale, so a million texts sort at memory
/// speed, the same order on every machine, and the order Python's `sorted` (VisiData) and `LC_ALL=C sort` give.
/// It is case-sensitive (`"B" < "a"`): give `.text(name.lowercased())` for a case-blind sort. Equality follows
/// the order: `.integer(1) == .decimal(1)`, and two texts are equal when their scalars are.
public enum TableSortKey: Hashable, Sendable, Comparable {
    /// No value: sorted after every value, in either direction.
    case empty
    /// A whole number.
    case integer(Int64)
    /// A number with a fraction.
    case decimal(Double)
    /// A text, compared by Unicode scalars.
    case text(String)
    /// A moment, in seconds since 1970.
    case date(Double)
    /// A truth value (false first).
    case boolean(Bool)

    /// True for ``empty``.
    public var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }

    /// The rank of the key's kind in the order (numbers share one).
    package var kindRank: Int {
        switch self {
        case .integer, .decimal: return 0
        case .date: return 1
        case .text: return 2
        case .boolean: return 3
        case .empty: return 4
        }
    }

    /// True when `lhs` sorts before `rhs`.
    public static func < (lhs: TableSortKey, rhs: TableSortKey) -> Bool { order(lhs, rhs) < 0 }

    /// True when the keys are the same value in the order (numbers as numbers, texts by scalars).
    public static func == (lhs: TableSortKey, rhs: TableSortKey) -> Bool { order(lhs, rhs) == 0 }

    /// Hashes the value as `==` sees it (a whole decimal hashes as the integer it equals).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kindRank)
        switch self {
        case .empty: break
        case .integer(let value): hasher.combine(Self.numberHash(Double(value)))
        case .decimal(let value): hasher.combine(Self.numberHash(value))
        case .date(let value): hasher.combine(Self.numberHash(value))
        case .text(let value):
            var value = value
            value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .boolean(let value): hasher.combine(value)
        }
    }

    /// A number's hash input: every NaN alike, -0 as 0.
    private static func numberHash(_ value: Double) -> UInt64 {
        value.isNaN ? UInt64.max : (value == 0 ? 0 : value.bitPattern)
    }

    /// The order of two keys: negative when `a` comes first, 0 when equal, positive when `b` comes first.
    package static func order(_ a: TableSortKey, _ b: TableSortKey) -> Int {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.decimal(let x), .decimal(let y)), (.date(let x), .date(let y)): return compare(x, y)
        case (.integer(let x), .decimal(let y)): return compare(x, y)
        case (.decimal(let x), .integer(let y)): return -compare(y, x)
        case (.text(let x), .text(let y)): return compare(x, y)
        case (.boolean(let x), .boolean(let y)): return x == y ? 0 : (x ? 1 : -1)
        default: return a.kindRank - b.kindRank
        }
    }

    /// Two doubles, NaN after every number (and equal to another NaN), -0 equal to 0.
    static func compare(_ x: Double, _ y: Double) -> Int {
        if x < y { return -1 }
        if x > y { return 1 }
        if x == y { return 0 }
        return x.isNaN ? (y.isNaN ? 0 : 1) : -1
    }

    /// An integer and a double compared exactly (a conversion would round integers past 2^53).
    static func compare(_ x: Int64, _ y: Double) -> Int {
        if y.isNaN { return -1 }
        if y >= 9_223_372_036_854_775_808.0 { return -1 }
        if y < -9_223_372_036_854_775_808.0 { return 1 }
        let floor = y.rounded(.down)
        let whole = Int64(floor)
        if x != whole { return x < whole ? -1 : 1 }
        return y > floor ? -1 : 0
    }

    /// Two texts by their UTF-8 bytes (the order of their Unicode scalars).
    static func compare(_ x: String, _ y: String) -> Int {
        var x = x
        var y = y
        return x.withUTF8 { a in
            y.withUTF8 { b in
                let common = min(a.count, b.count)
                if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
                    let result = memcmp(pa, pb, common)
                    if result != 0 { return result < 0 ? -1 : 1 }
                }
                return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
            }
        }
    }
}
