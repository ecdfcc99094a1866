import Foundation
import Testing

@testable import NewsKit

@Suite("Relative age")
struct RelativeAgeTests {
    static let now = utc(2026, 11, 20, 12, 0, 0)

    static let recent: [(TimeInterval, String)] = [
        (0, "now"),
        (59.0, "now"),
        (60.0, "1m"),
        (5 * 60 + 59.0, "5m"),
        (59 * 60 + 59.0, "59m"),
        (3600.0, "1h"),
        (3 * 3600 + 1800.0, "3h"),
        (23 * 3600 + 3599.0, "23h"),
        (86_400.0, "1d"),
        (2 * 86_400 + 7200.0, "2d"),
        (6 * 86_400 + 86_399.0, "6d"),
        (7 * 86_400.0, "1w"),
        (3 * 7 * 86_400 + 86_400.0, "3w"),
        (364 * 86_400.0, "52w"),
    ]

    @Test(arguments: recent)
    func recentAges(_ secondsAgo: TimeInterval, _ expected: String) {
        #expect(RelativeAge.string(from: Self.now.addingTimeInterval(-secondsAgo), now: Self.now) == expected)
    }

    @Test func olderThanAYearShowsMonthAndYear() {
        #expect(RelativeAge.string(from: utc(2025, 11, 20, 12, 0, 0), now: Self.now) == "Nov 2025")
        #expect(RelativeAge.string(from: utc(2024, 3, 1), now: Self.now) == "Mar 2024")
        #expect(RelativeAge.string(from: utc(1999, 12, 31, 23, 59, 59), now: Self.now) == "Dec 1999")
        #expect(RelativeAge.string(from: .distantPast, now: Self.now).count <= 8)
    }

    @Test func nilFutureAndWidth() {
        #expect(RelativeAge.string(from: nil, now: Self.now) == "")
        #expect(RelativeAge.string(from: Self.now.addingTimeInterval(30), now: Self.now) == "now")
        #expect(RelativeAge.string(from: Self.now.addingTimeInterval(86_400 * 400), now: Self.now) == "now")
        #expect(RelativeAge.string(from: .distantFuture, now: Self.now) == "now")
        for seconds in stride(from: 0.0, through: 3e9, by: 7_777_777) {
            #expect(RelativeAge.string(from: Self.now.addingTimeInterval(-seconds), now: Self.now).count <= 8)
        }
    }
}
