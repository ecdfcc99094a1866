import TermTableTestSupport
import Testing

@testable import TermTableCore

/// Ages written short (`5s`, `2m10s`, `3h`, `12d`): a table of cases, times to come, the width bound, the extremes.
@Suite struct RelativeTimeTests {
    @Test(
        arguments: [
            (0, "now"), (1, "1s"), (5, "5s"), (59, "59s"), (60, "1m"), (61, "1m1s"), (130, "2m10s"), (3_599, "59m59s"),
            (3_600, "1h"), (3 * 3_600, "3h"), (3 * 3_600 + 300, "3h5m"), (86_399, "23h59m"), (86_400, "1d"),
            (86_400 + 4 * 3_600, "1d4h"), (12 * 86_400, "12d"), (12 * 86_400 + 23 * 3_600, "12d23h"),
            (364 * 86_400, "364d"), (365 * 86_400, "1y"), (395 * 86_400, "1y30d"), (100 * 365 * 86_400, "100y"),
        ] as [(Int64, String)])
    func agesInTheLargestUnitThenTheNext(seconds: Int64, text: String) {
        #expect(RelativeTime().string(for: .seconds(seconds)) == text)
    }

    @Test func timesToComeAndPartsOfASecond() {
        let format = RelativeTime()
        #expect(format.string(for: .seconds(-300)) == "in 5m")
        #expect(format.string(for: .seconds(-130)) == "in 2m", "in 2m10s is wider than 6")
        #expect(RelativeTime(maximumWidth: 8).string(for: .seconds(-130)) == "in 2m10s")
        #expect(RelativeTime(maximumWidth: 3).string(for: .seconds(-300)) == "+5m")
        #expect(format.string(for: .milliseconds(999)) == "now")
        #expect(format.string(for: .milliseconds(-999)) == "now")
        #expect(format.string(for: .milliseconds(59_900)) == "59s", "rounded down")
        #expect(format.string(for: .milliseconds(-1_500)) == "in 1s")
        #expect(RelativeTime(maximumWidth: 3).string(for: .seconds(130)) == "2m")
    }

    @Test func theExtremesFitTheirWidth() {
        let extremes: [Duration] = [
            .seconds(Int64.max), .seconds(Int64.min), Duration(secondsComponent: Int64.min, attosecondsComponent: 1),
            .zero, .nanoseconds(1),
        ]
        for width in 1...12 {
            for duration in extremes {
                let text = RelativeTime(maximumWidth: width).string(for: duration)
                #expect(TerminalText.width(of: text) <= width, "\(duration) in \(width): \(text)")
                #expect(!text.isEmpty)
            }
        }
        #expect(RelativeTime(maximumWidth: 20).string(for: .seconds(Int64.max)) == "292471208677y195d")
    }

    /// Generated durations: the text fits its width, reads back to at most the age and within its last unit, and
    /// never grows as the age shrinks in the same unit.
    @Test func generatedAgesFitAndReadBackWithinTheirLastUnit() {
        var random = SeededRandom(seed: 36)
        let units: [Character: Int64] = ["y": 365 * 86_400, "d": 86_400, "h": 3_600, "m": 60, "s": 1]
        for _ in 0..<5_000 {
            let seconds = Int64.random(in: 0...(Int64(1) << Int.random(in: 0...40, using: &random)), using: &random)
            let width = Int.random(in: 4...10, using: &random)
            let text = RelativeTime(maximumWidth: width).string(for: .seconds(seconds))
            #expect(text.count <= width, "\(seconds) s in \(width): \(text)")
            // Only a text too wide for its width is cut (thousands of years in 5 columns): it reads back as less.
            if text.hasSuffix("…") {
                #expect(seconds >= 1_000 * 365 * 86_400, "\(seconds) s cut in \(width): \(text)")
                continue
            }
            guard text != "now" else {
                #expect(seconds == 0)
                continue
            }
            // Read the text back: a sum of number-unit pairs.
            var total: Int64 = 0
            var number: Int64 = 0
            var last: Int64 = 1
            for character in text {
                if let digit = character.wholeNumberValue {
                    number = number * 10 + Int64(digit)
                } else if let unit = units[character] {
                    total += number * unit
                    number = 0
                    last = unit
                }
            }
            #expect(total <= seconds && seconds - total < last, "\(seconds) s read back as \(total) from \(text)")
        }
    }
}
