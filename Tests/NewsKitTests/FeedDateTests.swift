import Foundation
import Testing

@testable import NewsKit

@Suite("Feed dates")
struct FeedDateTests {
    static let rfc822Cases: [(String, Date)] = [
        ("Wed, 02 Oct 2002 13:00:00 GMT", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 13:00:00 +0000", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 08:00:00 EST", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 09:00:00 EDT", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 06:00:00 PDT", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 05:00:00 PST", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 07:00:00 CST", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 15:00:00 +0200", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 18:30:00 +05:30", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 13:00 GMT", utc(2002, 10, 2, 13, 0, 0)),
        ("02 Oct 2002 13:00:00 GMT", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 2 Oct 02 13:00:00 GMT", utc(2002, 10, 2, 13, 0, 0)),
        ("Sun, 02 Oct 99 13:00:00 GMT", utc(1999, 10, 2, 13, 0, 0)),
        ("Wednesday, 02-Oct-02 13:00:00 GMT", utc(2002, 10, 2, 13, 0, 0)),
        ("wed, 02 oct 2002 13:00:00 gmt", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002 13:00:00", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Oct 2002", utc(2002, 10, 2)),
        ("Wed, 02 Oct 2002 13:00:00 XYZ", utc(2002, 10, 2, 13, 0, 0)),
        ("Oct 2 2002 13:00:00 GMT", utc(2002, 10, 2, 13, 0, 0)),
        ("Wed, 02 Sept 2002 13:00:00 GMT", utc(2002, 9, 2, 13, 0, 0)),
        ("Thu, 29 Feb 2024 23:59:60 GMT", utc(2024, 2, 29, 23, 59, 59, nanosecond: 999_999_000)),
    ]

    static let iso8601Cases: [(String, Date)] = [
        ("2024-03-15T10:15:30Z", utc(2024, 3, 15, 10, 15, 30)),
        ("2024-03-15T10:15:30.250Z", utc(2024, 3, 15, 10, 15, 30, nanosecond: 250_000_000)),
        ("2024-03-15T10:15:30.123456789+00:00", utc(2024, 3, 15, 10, 15, 30, nanosecond: 123_456_789)),
        ("2024-03-15T12:15:30+02:00", utc(2024, 3, 15, 10, 15, 30)),
        ("2024-03-15T05:15:30-0500", utc(2024, 3, 15, 10, 15, 30)),
        ("2024-03-15T15:15:30+05", utc(2024, 3, 15, 10, 15, 30)),
        ("2024-03-15 10:15:30Z", utc(2024, 3, 15, 10, 15, 30)),
        ("2024-03-15t10:15:30z", utc(2024, 3, 15, 10, 15, 30)),
        ("2024-03-15T10:15Z", utc(2024, 3, 15, 10, 15, 0)),
        ("2024-03-15T10:15:30", utc(2024, 3, 15, 10, 15, 30)),
        ("2024-03-15", utc(2024, 3, 15)),
        ("  2024-02-29  ", utc(2024, 2, 29)),
        ("1970-01-01T00:00:00Z", Date(timeIntervalSince1970: 0)),
        ("1969-12-31T23:59:59Z", Date(timeIntervalSince1970: -1)),
    ]

    static let unparseable: [String] = [
        "", "   ", "yesterday", "2024", "2024-03", "2024-13-01", "2023-02-29", "2024-04-31",
        "2024-03-15T25:00:00Z", "2024-03-15T10:61:00Z", "2024-03-15T10:15:30+25:00", "2024-03-15T10:15:30Q",
        "2024-03-15T", "Wed, 32 Oct 2002 13:00:00 GMT", "Wed, 02 Foo 2002 13:00:00 GMT",
        "Wed, 02 Oct 2002 13:00:00 +99999", "Wed, 02 Oct 2002 1300 GMT", "Wed, 02 Oct 2002 13:00:00 +12:3x",
        "99999999999-01-01", "Wed, 02 Oct 99999999999999999999 13:00:00 GMT", "💥", "\u{0}",
    ]

    @Test(arguments: rfc822Cases)
    func rfc822(_ string: String, _ expected: Date) throws {
        let date = try #require(FeedDate.parse(string))
        #expect(abs(date.timeIntervalSince(expected)) < 0.001)
    }

    @Test(arguments: iso8601Cases)
    func iso8601(_ string: String, _ expected: Date) throws {
        let date = try #require(FeedDate.parse(string))
        #expect(abs(date.timeIntervalSince(expected)) < 0.000_01)
    }

    @Test(arguments: unparseable)
    func unparseableIsNil(_ string: String) {
        #expect(FeedDate.parse(string) == nil)
    }

    @Test func civilDateRoundTrip() {
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let (year, month, day) = CivilDate.fields(daysSinceEpoch: days)
            #expect(CivilDate.daysSinceEpoch(year: year, month: month, day: day) == days)
        }
    }
}
