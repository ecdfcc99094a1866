import Testing

@testable import TermTableCore

/// The order of sort keys: numbers as numbers across integer and decimal, texts by Unicode scalars, kinds in the
/// spreadsheet order, empty values last in both directions.
@Suite struct TableSortKeyTests {
    @Test func integersAndDecimalsCompareAsNumbers() {
        #expect(TableSortKey.integer(2) < .decimal(2.5))
        #expect(TableSortKey.decimal(2.5) < .integer(3))
        #expect(TableSortKey.decimal(-0.5) < .integer(0))
        #expect(TableSortKey.integer(1) == .decimal(1))
        #expect(TableSortKey.decimal(-0.0) == .decimal(0))
        #expect(TableSortKey.integer(-3) < .integer(-2))
    }

    /// Past 2^53 a double cannot tell neighbouring integers apart; the comparison is exact anyway.
    @Test func largeIntegersCompareExactlyWithDecimals() {
        let big = Int64(1) << 53
        #expect(TableSortKey.decimal(Double(big)) < .integer(big + 1))
        #expect(TableSortKey.integer(big) == .decimal(Double(big)))
        #expect(TableSortKey.integer(.max) < .decimal(1e19))
        #expect(TableSortKey.decimal(-1e19) < .integer(.min))
        #expect(TableSortKey.integer(.max) < .decimal(.infinity))
        #expect(TableSortKey.decimal(-.infinity) < .integer(.min))
    }

    @Test func nanComesAfterEveryNumberAndEqualsItself() {
        #expect(TableSortKey.decimal(.infinity) < .decimal(.nan))
        #expect(TableSortKey.integer(.max) < .decimal(.nan))
        #expect(TableSortKey.decimal(.nan) == .decimal(.nan))
        #expect(Set([TableSortKey.decimal(.nan), .decimal(.nan)]).count == 1)
    }

    @Test func kindsGoNumbersDatesTextsBooleansThenEmpty() {
        let keys: [TableSortKey] = [.empty, .boolean(false), .text("a"), .date(0), .decimal(1e9), .integer(5)]
        #expect(keys.sorted() == [.integer(5), .decimal(1e9), .date(0), .text("a"), .boolean(false), .empty])
        #expect(TableSortKey.boolean(false) < .boolean(true))
    }

    /// Code point order: uppercase before lowercase, no normalisation (a precomposed é is not e + accent).
    @Test func textsCompareByUnicodeScalars() {
        #expect(TableSortKey.text("B") < .text("a"))
        #expect(TableSortKey.text("ab") < .text("abc"))
        #expect(TableSortKey.text("") < .text("a"))
        #expect(TableSortKey.text("z") < .text("é"))
        #expect(TableSortKey.text("e\u{301}") < .text("\u{E9}"))
        #expect(TableSortKey.text("e\u{301}") != .text("\u{E9}"))
        #expect(TableSortKey.text("日本") < .text("😀"))
    }

    @Test func equalKeysHashAlike() {
        #expect(TableSortKey.integer(7).hashValue == TableSortKey.decimal(7).hashValue)
        #expect(TableSortKey.text("x").hashValue == TableSortKey.text(String("xy".prefix(1))).hashValue)
    }

    @Test func parsingReadsATextValueAsItsColumnsType() {
        #expect(TableSortKey(parsing: "42", as: .integer) == .integer(42))
        #expect(TableSortKey(parsing: " -7 ", as: .integer) == .integer(-7))
        #expect(TableSortKey(parsing: "+3", as: .decimal) == .integer(3))
        #expect(TableSortKey(parsing: "2.5", as: .integer) == .decimal(2.5))
        #expect(TableSortKey(parsing: ".5", as: .decimal) == .decimal(0.5))
        #expect(TableSortKey(parsing: "-1.5E-3", as: .decimal) == .decimal(-0.0015))
        #expect(TableSortKey(parsing: "1e6", as: .decimal) == .decimal(1e6))
        for notANumber in ["inf", "nan", "0x10", "1,000", "1e", "-", "."] {
            #expect(TableSortKey(parsing: notANumber, as: .decimal) == .text(notANumber))
        }
        #expect(TableSortKey(parsing: "1970-01-02", as: .date) == .date(86_400))
        #expect(TableSortKey(parsing: "2026-11-27T21:07:50Z", as: .date) == .date(1_795_813_670))
        #expect(TableSortKey(parsing: "2026-11-27 22:07:50.5+01:00", as: .date) == .date(1_795_813_670.5))
        #expect(TableSortKey(parsing: "2026-02-30", as: .date) == .text("2026-02-30"))
        #expect(TableSortKey(parsing: "Yes", as: .boolean) == .boolean(true))
        #expect(TableSortKey(parsing: "false", as: .boolean) == .boolean(false))
        #expect(TableSortKey(parsing: "maybe", as: .boolean) == .text("maybe"))
        #expect(TableSortKey(parsing: "  ", as: .integer) == .empty)
        #expect(TableSortKey(parsing: "", as: .text) == .empty)
        #expect(TableSortKey(parsing: "42", as: .text) == .text("42"))
    }

    /// A `Z` ends a date-time: an offset after it makes the value text (the String parser read it as an offset).
    @Test func parsingRejectsAnOffsetAfterZ() {
        #expect(TableSortKey(parsing: "2026-11-27T21:07Z+01:00", as: .date) == .text("2026-11-27T21:07Z+01:00"))
        #expect(TableSortKey(parsing: "2026-11-27t21:07z", as: .date) == .date(1_795_813_620))
    }

    /// The byte entry: the same keys from a cell's UTF-8, nil (not text) for what is not of the type, whole numbers
    /// past `Int64` as decimals, impossible days and bytes that are not UTF-8 as no value.
    @Test func parsingUTF8ReadsACellsBytes() {
        func key(_ bytes: [UInt8], _ type: ColumnValueType) -> TableSortKey? {
            bytes.withUnsafeBytes { TableSortKey(parsingUTF8: $0, as: type) }
        }
        #expect(key(Array(" 42\t".utf8), .integer) == .integer(42))
        #expect(key(Array("-9223372036854775808".utf8), .integer) == .integer(.min))
        #expect(key(Array("9223372036854775808".utf8), .integer) == .decimal(9_223_372_036_854_775_808))
        #expect(key(Array("-1.5E-3".utf8), .decimal) == .decimal(-0.0015))
        #expect(key(Array("1e23".utf8), .decimal) == .decimal(1e23))
        #expect(key(Array("2024-02-29".utf8), .date) == .date(1_709_164_800))
        #expect(key(Array("2026-02-29".utf8), .date) == nil)
        #expect(key(Array("YES".utf8), .boolean) == .boolean(true))
        #expect(key([0x34, 0xFF, 0x32], .integer) == nil)
        #expect(key(Array("42".utf8), .text) == nil)
        #expect(key(Array(" \t".utf8), .text) == .empty)
        #expect(key([], .date) == .empty)
    }
}
