import CMapGuard
import Glibc

/// One level of a sort: a column and its direction.
public struct SortKey: Sendable, Equatable {
    /// The column's position.
    public var column: Int
    /// True for smallest first.
    public var ascending: Bool

    /// A sort level.
    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}

/// Sorting rows by columns, into a permutation of row numbers.
///
/// Order: numbers numerically, dates chronologically, booleans false first, text by
/// its UTF-8 bytes (the same as by Unicode scalar values: no collation, no case
/// folding, the same on every machine). Empty cells, and cells not of the column's
/// type, sort last in both directions (the top of a sorted column always shows
/// values). The sort is stable: rows that compare equal keep their file order.
///
/// How: each key column is read once into 8 bytes a row (a numeric key's Double,
/// or a text key's first 8 bytes, big-endian, so comparing integers compares them),
/// with the direction folded in. When those keys order exactly (numbers, text of
/// at most 8 bytes) the rows are radix sorted by each key from the last to the first
/// (4 passes of 16 bits a key, stable). Otherwise they are radix sorted by the first
/// key (the same passes) and each run of rows whose first key is equal is
/// sorted by all keys with the full comparison (text longer than 8 bytes compared in
/// full, the later keys), ties broken by row number. A run of equal short strings
/// needs no comparison. Memory: 8 bytes a row a key, plus 8 bytes a row for the
/// permutation and its buffer.
extension TableFile {
    /// One key column read into the sort's compact form.
    struct KeyColumn {
        var keys: [UInt64]
        /// For text: each cell's length in bytes, capped at 255 (0 for an empty cell).
        var lengths: [UInt8]
        var isText: Bool
        var ascending: Bool
        var column: Int
        /// True when the keys alone order the rows (numbers; text of at most 8 bytes, no NUL, not 8 bytes of 0xFF).
        var isExact: Bool
    }

    /// A Double as a UInt64 that orders as the Double does (-0 as 0).
    @inline(__always)
    static func orderedBits(_ value: Double) -> UInt64 {
        let bits = (value == 0 ? 0.0 : value).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    /// Gives the memory a sort freed back to the system: its key columns and buffers, 16 bytes a row and more, which
    /// glibc's heap keeps once its threshold for mapping large blocks has grown (call it after a sort).
    public static func releaseFreedMemory() { tv_trim_heap() }

    /// The rows indexed (or those of `offsets`) sorted by `keys`, each column of type `types[column]` (text when
    /// missing); nil when cancelled. Runs on the calling thread: call it off the main actor.
    public func sortedRows(
        by keys: [SortKey], types: [ColumnType], offsets given: RecordOffsets? = nil,
        cancellation: Cancellation? = nil
    ) -> [UInt32]? {
        let offsets = given ?? self.offsets
        let count = offsets.count
        precondition(count <= Int(UInt32.max), "more rows than a UInt32 permutation holds")
        guard !keys.isEmpty, count > 1 else { return (0..<count).map { UInt32($0) } }
        var columnsRead: [KeyColumn] = []
        for key in keys {
            let type = key.column < types.count ? types[key.column] : .text
            guard let column = readKey(key, type: type, offsets: offsets, cancellation: cancellation) else {
                return nil
            }
            columnsRead.append(column)
        }
        if columnsRead.allSatisfy(\.isExact) {
            // Each key orders exactly: stable radix sorts from the last key to the first.
            var order: [UInt32]? = nil
            for column in columnsRead.reversed() {
                order = radixSort(column.keys, from: order, cancellation: cancellation)
                if order == nil { return nil }
            }
            return order
        }
        guard var order = radixSort(columnsRead[0].keys, from: nil, cancellation: cancellation) else { return nil }
        if columnsRead.count > 1 || columnsRead[0].isText {
            guard fixRuns(&order, columns: columnsRead, offsets: offsets, cancellation: cancellation) else {
                return nil
            }
        }
        return order
    }

    /// Column `key.column` of every row, as sort keys.
    func readKey(_ key: SortKey, type: ColumnType, offsets: RecordOffsets, cancellation: Cancellation?)
        -> KeyColumn?
    {
        let count = offsets.count
        var keys = [UInt64](repeating: .max, count: count)
        var lengths = type.isNumeric ? [] : [UInt8](repeating: 0, count: count)
        var scratch: [UInt8] = []
        let ascending = key.ascending
        var exact = true
        for row in 0..<count {
            if row & 0xFFFF == 0, cancellation?.isCancelled == true { return nil }
            withField(row: row, column: key.column, offsets: offsets, scratch: &scratch) { bytes in
                if type.isNumeric {
                    guard let value = type.sortNumber(bytes), !value.isNaN else { return }
                    let bits = Self.orderedBits(value)
                    keys[row] = ascending ? bits : ~bits
                } else {
                    guard !bytes.isEmpty else { return }
                    var prefix: UInt64 = 0
                    for index in 0..<8 { prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
                    keys[row] = ascending ? prefix : ~prefix
                    lengths[row] = UInt8(min(bytes.count, 255))
                    if exact, bytes.count > 8 || prefix == .max || bytes.contains(0) { exact = false }
                }
            }
        }
        return KeyColumn(
            keys: keys, lengths: lengths, isText: !type.isNumeric, ascending: ascending, column: key.column,
            isExact: exact)
    }

    /// The row numbers in `start` (all rows in order when nil) ordered by `keys`, stably: an LSD radix sort of
    /// 16-bit digits over the row numbers, reading each row's key through the permutation; a pass whose digit is
    /// the same for all rows is skipped.
    func radixSort(_ keys: [UInt64], from start: [UInt32]?, cancellation: Cancellation?) -> [UInt32]? {
        let count = keys.count
        var order =
            start
            ?? [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count { buffer[index] = UInt32(index) }
                initialized = count
            }
        var spare = [UInt32](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for pass in 0..<4 {
            if cancellation?.isCancelled == true { return nil }
            let shift = UInt64(pass * 16)
            keys.withUnsafeBufferPointer { keys in
                counts.withUnsafeMutableBufferPointer { counts in
                    for index in 0..<counts.count { counts[index] = 0 }
                    for key in keys { counts[Int(truncatingIfNeeded: key >> shift) & 0xFFFF] += 1 }
                }
            }
            if counts.contains(count) { continue }
            keys.withUnsafeBufferPointer { keys in
                counts.withUnsafeMutableBufferPointer { counts in
                    var total = 0
                    for index in 0..<counts.count {
                        let here = counts[index]
                        counts[index] = total
                        total += here
                    }
                    order.withUnsafeBufferPointer { order in
                        spare.withUnsafeMutableBufferPointer { spare in
                            for row in order {
                                let digit = Int(truncatingIfNeeded: keys[Int(row)] >> shift) & 0xFFFF
                                spare[counts[digit]] = row
                                counts[digit] += 1
                            }
                        }
                    }
                }
            }
            swap(&order, &spare)
        }
        return order
    }

    /// Sorts each run of rows with an equal first key by the full comparison of all keys.
    func fixRuns(
        _ order: inout [UInt32], columns: [KeyColumn], offsets: RecordOffsets, cancellation: Cancellation?
    ) -> Bool {
        let first = columns[0].keys
        var start = 0
        let count = order.count
        var runs = 0
        while start < count {
            var end = start + 1
            let key = first[Int(order[start])]
            while end < count, first[Int(order[end])] == key { end += 1 }
            if end - start > 1 {
                runs += 1
                if runs & 0x3FF == 0, cancellation?.isCancelled == true { return false }
                sortRun(&order, start..<end, columns: columns, offsets: offsets)
            }
            start = end
        }
        return true
    }

    /// Sorts `order[run]` (rows with an equal first key, in row order) by every key, then by row.
    func sortRun(_ order: inout [UInt32], _ run: Range<Int>, columns: [KeyColumn], offsets: RecordOffsets) {
        // A run of equal short strings (or of empty cells) on a one-key text sort is already in order.
        if columns.count == 1 {
            let lengths = columns[0].lengths
            let length = lengths[Int(order[run.lowerBound])]
            if length <= 8, run.allSatisfy({ lengths[Int(order[$0])] == length }) { return }
        }
        let rows = Array(order[run])
        // The full bytes of the text keys that need them (a cell longer than 8 bytes), read once for the run.
        var arenas: [[UInt8]?] = []
        var starts: [[Int]] = []
        var scratch: [UInt8] = []
        for column in columns {
            guard column.isText, rows.contains(where: { column.lengths[Int($0)] > 8 }) else {
                arenas.append(nil)
                starts.append([])
                continue
            }
            var arena: [UInt8] = []
            var positions: [Int] = [0]
            for row in rows {
                withField(row: Int(row), column: column.column, offsets: offsets, scratch: &scratch) { bytes in
                    arena.append(contentsOf: bytes)
                }
                positions.append(arena.count)
            }
            arenas.append(arena)
            starts.append(positions)
        }
        func before(_ left: Int, _ right: Int) -> Bool {
            let a = Int(rows[left])
            let b = Int(rows[right])
            for (which, column) in columns.enumerated() {
                let keyA = column.keys[a]
                let keyB = column.keys[b]
                if !column.isText {
                    if keyA != keyB { return keyA < keyB }
                    continue
                }
                let lengthA = column.lengths[a]
                let lengthB = column.lengths[b]
                if (lengthA == 0) != (lengthB == 0) { return lengthB == 0 }
                if lengthA == 0 { continue }
                if keyA != keyB { return keyA < keyB }
                var order: Int
                if lengthA <= 8, lengthB <= 8 {
                    order = Int(lengthA) - Int(lengthB)
                } else if let arena = arenas[which] {
                    let positions = starts[which]
                    order = arena.withUnsafeBytes { bytes in
                        let sliceA = UnsafeRawBufferPointer(rebasing: bytes[positions[left]..<positions[left + 1]])
                        let sliceB = UnsafeRawBufferPointer(rebasing: bytes[positions[right]..<positions[right + 1]])
                        let common = min(sliceA.count, sliceB.count)
                        let compared = common == 0 ? 0 : Int(memcmp(sliceA.baseAddress!, sliceB.baseAddress!, common))
                        return compared != 0 ? compared : sliceA.count - sliceB.count
                    }
                } else {
                    order = 0
                }
                if order != 0 { return column.ascending ? order < 0 : order > 0 }
            }
            return a < b
        }
        let sorted = (0..<rows.count).sorted(by: before)
        for (offset, position) in sorted.enumerated() { order[run.lowerBound + offset] = rows[position] }
    }
}
