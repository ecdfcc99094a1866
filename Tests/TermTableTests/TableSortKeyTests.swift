import Testing

@testable import TermTable

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

    /// A descending level reverses values but keeps empty values last.
    @Test func emptyValuesComeLastInBothDirections() {
        let keys: [TableSortKey] = [.integer(2), .empty, .integer(1), .empty, .integer(3)]
        for ascending in [true, false] {
            let sorted = keys.sorted { TableSortDescriptor.order($0, $1, ascending: ascending) < 0 }
            #expect(sorted == (ascending ? [1, 2, 3] : [3, 2, 1]).map { .integer($0) } + [.empty, .empty])
        }
    }

    /// The prefixes the sorter compares first keep the keys' order (equal keys, equal prefixes).
    @Test func prefixesKeepTheOrderOfKeys() {
        let keys: [TableSortKey] = [
            .integer(.min), .decimal(-1e300), .integer(-1), .decimal(-0.0), .integer(0), .decimal(0.5),
            .integer(1 << 60),
            .decimal(.infinity), .decimal(.nan), .text(""), .text("a"), .text("abcdefgh"), .text("abcdefghi"),
            .text("b"), .boolean(false), .boolean(true),
        ]
        for a in keys {
            for b in keys where a.kindRank == b.kindRank && a < b {
                #expect(TableSortLevels.prefix(of: a) <= TableSortLevels.prefix(of: b), "\(a) \(b)")
            }
        }
        #expect(TableSortLevels.prefix(of: .decimal(-0.0)) == TableSortLevels.prefix(of: .integer(0)))
    }

    @Test func aDescriptorReverses() {
        let descriptor = TableSortDescriptor(column: "cpu")
        #expect(descriptor.ascending)
        #expect(descriptor.reversed == TableSortDescriptor(column: "cpu", ascending: false))
        #expect(descriptor.reversed.reversed == descriptor)
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
}
