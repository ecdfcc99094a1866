/// Frame times in a fixed number of log-linear buckets: memory does not grow with the number of frames.
///
/// Values (nanoseconds) are kept with 64 sub-buckets per power of two, so a
/// percentile is exact to within 1/64 (1.6%) of its value, like an
/// HdrHistogram with two significant digits; 64 x 64 counters (32 KiB) cover
/// every value an `Int64` can hold.
struct FrameHistogram {
    private static let subBits = 6
    private static let subCount = 1 << subBits
    private var counts = [Int](repeating: 0, count: 64 * FrameHistogram.subCount)
    /// The number of values recorded.
    private(set) var count = 0

    /// The bucket of `value`: values below 64 have one bucket each, larger ones 64 per power of two.
    private static func bucket(_ value: UInt64) -> Int {
        if value < UInt64(subCount) { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount  // >= subBits
        let shift = exponent - subBits
        let sub = Int((value >> UInt64(shift)) & UInt64(subCount - 1))
        return (shift + 1) * subCount + sub
    }

    /// The middle of the values bucket `index` holds.
    private static func value(ofBucket index: Int) -> Double {
        let shift = index / subCount - 1
        if shift < 0 { return Double(index) }
        let low = Double(UInt64(subCount + index % subCount) << UInt64(shift))
        return low + Double(UInt64(1) << UInt64(shift)) / 2
    }

    /// Adds the frames of `other`.
    mutating func merge(_ other: FrameHistogram) {
        for index in counts.indices { counts[index] += other.counts[index] }
        count += other.count
    }

    /// Records one frame's time.
    mutating func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = max(0, seconds) &* 1_000_000_000 &+ max(0, attoseconds) / 1_000_000_000
        counts[FrameHistogram.bucket(UInt64(max(0, nanoseconds)))] += 1
        count += 1
    }

    /// The value at quantile `q` (0...1) in microseconds; 0 when empty.
    func percentileMicroseconds(_ q: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = min(count - 1, Int(Double(count - 1) * q))
        var seen = 0
        for (index, n) in counts.enumerated() where n > 0 {
            seen += n
            if seen > rank { return FrameHistogram.value(ofBucket: index) / 1000 }
        }
        return 0
    }
}
