/// Entry start offsets in ascending order and each entry's level, four and a half bytes an entry.
///
/// The low 32 bits of each offset are stored; the entries where the high word
/// goes up are kept apart (one for every 4 GiB of file), and the levels two to
/// a byte, so ten million entries take 45 MB, not 90.
public struct LogOffsets: Sendable, Equatable {
    private var low: [UInt32] = []
    /// Two levels a byte: entry `2k` in the low four bits of byte `k`, entry `2k + 1` in the high four.
    private var levels: [UInt8] = []
    /// `highStarts[k]`: the index of the first entry at or past `(k + 1) << 32`.
    private var highStarts: [Int] = []

    /// No entries.
    public init() {}

    /// The number of entries.
    public var count: Int { low.count }

    /// True when there are none.
    public var isEmpty: Bool { low.isEmpty }

    /// Makes room for `count` entries in all (an estimate saves the doubling of the arrays as they grow).
    public mutating func reserveCapacity(_ count: Int) {
        low.reserveCapacity(count)
        levels.reserveCapacity((count + 1) / 2)
    }

    /// Adds an entry after the last (its offset must be larger).
    public mutating func append(_ offset: Int64, level: LogLevel) {
        let high = Int(offset >> 32)
        while highStarts.count < high { highStarts.append(low.count) }
        if low.count & 1 == 0 {
            levels.append(level.rawValue)
        } else {
            levels[levels.count - 1] |= level.rawValue << 4
        }
        low.append(UInt32(truncatingIfNeeded: offset))
    }

    /// Adds `other`'s entries after the last.
    public mutating func append(contentsOf other: LogOffsets) {
        low.reserveCapacity(count + other.count)
        levels.reserveCapacity((count + other.count + 1) / 2)
        for index in 0..<other.count { append(other.offset(at: index), level: other.level(at: index)) }
    }

    /// Removes the last entry.
    public mutating func removeLast() {
        low.removeLast()
        if low.count & 1 == 0 { levels.removeLast() } else { levels[levels.count - 1] &= 0x0F }
        // The 4 GiB boundaries whose first entry it was have none now (the next append past them sets them again).
        while let last = highStarts.last, last >= low.count { highStarts.removeLast() }
    }

    /// Removes the first entry (copies the rest).
    public mutating func removeFirst() {
        var rest = LogOffsets()
        rest.reserveCapacity(count - 1)
        for index in 1..<count { rest.append(offset(at: index), level: level(at: index)) }
        self = rest
    }

    /// Entry `index`'s offset.
    public func offset(at index: Int) -> Int64 {
        var high = 0
        while high < highStarts.count, highStarts[high] <= index { high += 1 }
        return Int64(high) << 32 | Int64(low[index])
    }

    /// Sets entry `index`'s level (a line's level read again once more of it was written).
    public mutating func setLevel(_ level: LogLevel, at index: Int) {
        let shift = UInt8(index & 1) * 4
        levels[index >> 1] = levels[index >> 1] & ~(0x0F << shift) | level.rawValue << shift
    }

    /// Entry `index`'s level's raw value.
    private func rawLevel(at index: Int) -> UInt8 { levels[index >> 1] >> (UInt8(index & 1) * 4) & 0x0F }

    /// Entry `index`'s level.
    public func level(at index: Int) -> LogLevel { LogLevel(rawValue: rawLevel(at: index)) ?? .unknown }

    /// Every offset, in order (tests).
    public var allOffsets: [Int64] { (0..<count).map(offset(at:)) }

    /// The first index after `index` (or before it, `forward` false) whose level is an error, nil when none.
    public func nextError(from index: Int, forward: Bool) -> Int? {
        let error = LogLevel.error.rawValue
        if forward {
            var next = index + 1
            while next < low.count {
                if rawLevel(at: next) >= error { return next }
                next += 1
            }
        } else {
            var next = min(index, low.count) - 1
            while next >= 0 {
                if rawLevel(at: next) >= error { return next }
                next -= 1
            }
        }
        return nil
    }
}
