/// Record start offsets in ascending order, four bytes a record, and where the last record ends.
///
/// The low 32 bits of each offset are kept; the records where the high word goes up are kept apart (one entry
/// for every 4 GiB of file), so 3.4 million records take 13.5 MB, not 27.
public struct RecordOffsets: Sendable, Equatable {
    private var low: [UInt32] = []
    /// `highStarts[k]`: the index of the first record at or past `(k + 1) << 32`.
    private var highStarts: [Int] = []
    /// Where the last record ends (its newline included): the next record's start.
    public private(set) var end = 0

    /// No records.
    public init() {}

    /// The number of records.
    public var count: Int { low.count }

    /// True when there are none.
    public var isEmpty: Bool { low.isEmpty }

    /// Makes room for `count` records in all.
    public mutating func reserveCapacity(_ count: Int) { low.reserveCapacity(count) }

    /// Adds a record `[start, end)` after the last (`start` at or past the last record's end).
    public mutating func append(start: Int, end recordEnd: Int) {
        let high = start >> 32
        while highStarts.count < high { highStarts.append(low.count) }
        low.append(UInt32(truncatingIfNeeded: start))
        end = recordEnd
    }

    /// Adds `other`'s records after the last.
    public mutating func append(contentsOf other: RecordOffsets) {
        guard !other.isEmpty else { return }
        if highStarts.isEmpty, other.highStarts.isEmpty {
            low.append(contentsOf: other.low)
            end = other.end
            return
        }
        low.reserveCapacity(count + other.count)
        for index in 0..<other.count {
            append(start: other.start(of: index), end: index + 1 < other.count ? other.start(of: index + 1) : other.end)
        }
    }

    /// Record `index`'s start offset.
    @inline(__always)
    public func start(of index: Int) -> Int {
        guard !highStarts.isEmpty else { return Int(low[index]) }
        var high = 0
        while high < highStarts.count, highStarts[high] <= index { high += 1 }
        return high << 32 | Int(low[index])
    }

    /// Record `index`'s bytes: from its start to the next record's (its line end included).
    @inline(__always)
    public func range(of index: Int) -> Range<Int> {
        start(of: index)..<(index + 1 < low.count ? start(of: index + 1) : end)
    }
}
