/// The rows of the peers' scroll benchmark (Benchmarks/peers/README.md), produced on demand.
///
/// Row `i` is a title, `"Item i: "` and a deterministic pseudo-random sentence
/// of 30 to 70 characters, and a date `2026-11-DD`. Nothing is kept per row:
/// the data source computes a row when the table asks for its cell, so start-up
/// time and memory do not grow with the number of rows.
enum Workload {
    static let words = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
        "india", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa",
        "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey", "xray",
        "yankee", "zulu", "swift", "terminal", "render", "scroll", "buffer", "window",
    ]

    /// The sentence of row `i`: exactly 30...70 characters ending in a period.
    static func sentence(_ i: UInt32) -> String {
        var s = i &* 2_654_435_761 &+ 1_013_904_223
        if s == 0 { s = 0x9E37_79B9 }
        func next() -> UInt32 {
            s ^= s << 13
            s ^= s >> 17
            s ^= s << 5
            return s
        }
        let length = 30 + Int(next() % 41)
        var out = ""
        out.reserveCapacity(length + 10)
        while out.utf8.count < length {
            if !out.isEmpty { out += " " }
            out += words[Int(next() % 32)]
        }
        return String(out.utf8.prefix(length - 1))! + "."
    }

    /// The title of row `i`.
    static func title(_ i: Int) -> String {
        "Item \(i): " + sentence(UInt32(truncatingIfNeeded: i))
    }

    /// The date of row `i`, always 10 characters.
    static func date(_ i: Int) -> String {
        let day = i % 30 + 1
        return day < 10 ? "2026-11-0\(day)" : "2026-11-\(day)"
    }

    /// The full terminal line of row `i` at `width` columns: title left (clipped to width - 11), date right.
    static func line(_ i: Int, width: Int) -> String {
        let title = String(self.title(i).utf8.prefix(width - 11))!
        return title + String(repeating: " ", count: width - 10 - title.utf8.count) + date(i)
    }
}
