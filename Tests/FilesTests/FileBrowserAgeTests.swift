import Foundation
import Glibc
import TermTable
import TermTableTesting
import Testing

@testable import FilesCore

/// The Modified column shows how long ago (`5s`, `3h`, `12d`) and ticks: each second, only the rows whose age
/// changed are drawn again.
@Suite("FileBrowser ages", .serialized)
@MainActor
struct FileBrowserAgeTests {
    @Test func theModifiedColumnShowsAgesAndATickRedrawsOnlyTheRowsWhoseAgeChanged() throws {
        let h = FilesHarness()
        let start = 1_800_000_000
        let clock = TestClock(now: start)
        for (name, age) in [("fresh.txt", 5), ("hours.txt", 3 * 3_600), ("days.txt", 12 * 86_400)] {
            try h.file(name, "x")
            h.setModified(name, to: start - age)
        }
        try h.open(now: { clock.now })
        func line(_ name: String) -> Int { h.driver.lines.firstIndex { $0.contains(name) } ?? -1 }
        func age(_ name: String) -> String { String(h.driver.lines[line(name)].split(separator: " ").last ?? "") }
        // The timer's next due time is a second after the one the driver passed: each tick passes more.
        var passed = 0
        func tick() {
            passed += 2
            h.driver.advanceTime(by: .seconds(passed))
        }
        #expect(age("fresh.txt") == "5s", "\(h.screen)")
        #expect(age("hours.txt") == "3h", "\(h.screen)")
        #expect(age("days.txt") == "12d", "\(h.screen)")
        let rows = ["fresh.txt", "hours.txt", "days.txt"].map(line)
        let before = rows.map { h.driver.screen.lineVersion($0) }
        clock.now += 1
        tick()
        #expect(age("fresh.txt") == "6s", "\(h.screen)")
        let redrawn = zip(rows, before).filter { h.driver.screen.lineVersion($0.0) != $0.1 }.map(\.0)
        #expect(redrawn == [line("fresh.txt")], "only the row whose age changed is drawn again")
        // A second in which no age changes as shown draws no row.
        clock.now = start + 60 * 60  // fresh.txt 1h0m5s → "1h"
        tick()
        let settled = rows.map { h.driver.screen.lineVersion($0) }
        tick()
        #expect(rows.map { h.driver.screen.lineVersion($0) } == settled, "an idle second draws no row")
        #expect(age("fresh.txt") == "1h", "\(h.screen)")
    }
}

/// A clock a test sets by hand.
@MainActor
final class TestClock {
    var now: Int
    init(now: Int) { self.now = now }
}
