import Dispatch
import FoundationEssentials

/// The rows of one log, or of several merged by time.
///
/// One file: its rows as they are. Several: every file indexed whole, then
/// merged by the time at the start of each entry (times as written compare as
/// text: ISO 8601 sorts; entries without a time keep their place after the
/// entry before them); entries appended later go at the end, merged among
/// themselves. A row is a file and a row of that file (``locate(_:)``).
/// ``mergeInBackground(onDone:)`` indexes and merges on a thread of its own;
/// the rows change on the main queue only (unchecked `Sendable` for that thread's
/// hand-over).
public final class LogCollection: @unchecked Sendable {
    /// The logs, in the order given.
    public let files: [LogFile]
    /// Several files: (file << 40 | row) for each row, in time order.
    private var order: [UInt64] = []
    /// Several files: the rows of each already in `order`.
    private var merged: [Int]
    /// Counts merges started: a newer one (or ``resetMerge()``) makes an older one's result moot.
    private var mergeGeneration = 0

    /// True while ``mergeInBackground(onDone:)`` works (the rows are those merged before; none at first).
    public private(set) var isMerging = false

    /// The rows of `files` (one or more).
    public init(files: [LogFile]) {
        self.files = files
        merged = Array(repeating: 0, count: files.count)
    }

    /// True when there is more than one file (rows are merged).
    public var isMerged: Bool { files.count > 1 }

    /// The number of rows.
    public var count: Int { isMerged ? order.count : files[0].rowCount }

    /// The file and file row of row `row`.
    public func locate(_ row: Int) -> (file: LogFile, row: Int) {
        guard isMerged else { return (files[0], row) }
        let packed = order[row]
        return (files[Int(packed >> 40)], Int(packed & 0xFF_FFFF_FFFF))
    }

    /// The index in ``files`` of row `row`'s file, and the file row.
    public func locateIndex(_ row: Int) -> (file: Int, row: Int) {
        guard isMerged else { return (0, row) }
        let packed = order[row]
        return (Int(packed >> 40), Int(packed & 0xFF_FFFF_FFFF))
    }

    /// The rows of each file among rows `rows` (a run of rows merged by time holds a run of each file's rows, in
    /// order): one range a file, empty when none. Linear in `rows` when merged; no reads.
    public func fileRows(in rows: Range<Int>) -> [Range<Int>] {
        guard isMerged else { return [rows] }
        var low = Array(repeating: Int.max, count: files.count)
        var high = Array(repeating: 0, count: files.count)
        for row in rows {
            let (file, fileRow) = locateIndex(row)
            low[file] = min(low[file], fileRow)
            high[file] = max(high[file], fileRow + 1)
        }
        return zip(low, high).map { $0 < $1 ? $0..<$1 : 0..<0 }
    }

    /// Row `row` read back.
    public func entry(atRow row: Int) -> LogEntry {
        let (file, fileRow) = locate(row)
        return file.entry(atRow: fileRow)
    }

    /// Row `row`'s number of lines (``LogFile/lineCount(ofRow:byteLimit:)``).
    public func lineCount(ofRow row: Int) -> (count: Int, isExact: Bool) {
        let (file, fileRow) = locate(row)
        return file.lineCount(ofRow: fileRow)
    }

    /// Row `row`'s level (from the index).
    public func level(ofRow row: Int) -> LogLevel {
        let (file, fileRow) = locate(row)
        return file.level(ofRow: fileRow)
    }

    /// Adds the rows of each file not merged yet, in time order (all of them the first time); returns how many.
    /// Nothing while a background merge works (it adds them when done).
    @discardableResult
    public func mergeNewRows() -> Int {
        guard isMerged, !isMerging else { return 0 }
        let ends = files.map(\.rowCount)
        let added = Self.order(of: files, from: merged, to: ends)
        order += added
        merged = ends
        return added.count
    }

    /// Indexes every file whole and merges them on a thread of its own (reading each entry's time is a `pread`:
    /// seconds for millions of entries); `onDone` runs on the main queue once the rows are in (not after a
    /// ``resetMerge()`` or a newer merge). Call on the main queue.
    public func mergeInBackground(onDone: @escaping @MainActor @Sendable () -> Void) {
        guard isMerged else { return }
        mergeGeneration += 1
        let generation = mergeGeneration
        isMerging = true
        order = []
        merged = Array(repeating: 0, count: files.count)
        let files = self.files
        LogThread.start(name: "logs-merge") { [self] in
            for file in files { file.indexAll() }
            let ends = files.map(\.rowCount)
            let built = Self.order(of: files, from: Array(repeating: 0, count: files.count), to: ends)
            DispatchQueue.main.async { [self] in
                guard mergeGeneration == generation else { return }
                order = built
                merged = ends
                isMerging = false
                mergeNewRows()
                MainActor.assumeIsolated { onDone() }
            }
        }
    }

    /// The rows `starts[i]..<ends[i]` of each file `i`, in time order, packed as in `order`.
    private static func order(of files: [LogFile], from starts: [Int], to ends: [Int]) -> [UInt64] {
        var cursors: [(file: Int, row: Int, end: Int, key: String)] = []
        for (index, file) in files.enumerated() where starts[index] < ends[index] {
            cursors.append((index, starts[index], ends[index], file.timeKey(ofRow: starts[index])))
        }
        var result: [UInt64] = []
        result.reserveCapacity(zip(starts, ends).reduce(0) { $0 + max(0, $1.1 - $1.0) })
        var lastKey = ""
        while !cursors.isEmpty {
            // The smallest time next; an entry without a time goes right after the one before it in its file.
            var best = 0
            for index in cursors.indices.dropFirst() {
                let key = cursors[index].key.isEmpty ? lastKey : cursors[index].key
                let bestKey = cursors[best].key.isEmpty ? lastKey : cursors[best].key
                if key < bestKey { best = index }
            }
            let pick = cursors[best]
            result.append(UInt64(pick.file) << 40 | UInt64(pick.row))
            if !pick.key.isEmpty { lastKey = pick.key }
            let next = pick.row + 1
            if next < pick.end {
                cursors[best].row = next
                cursors[best].key = files[pick.file].timeKey(ofRow: next)
            } else {
                cursors.remove(at: best)
            }
        }
        return result
    }

    /// Forgets the merged order (after a file was truncated or replaced); ``mergeNewRows()`` builds it again.
    public func resetMerge() {
        mergeGeneration += 1
        isMerging = false
        order = []
        merged = Array(repeating: 0, count: files.count)
    }

    /// The next error row after `row` (or before it), nil when none.
    public func nextError(from row: Int, forward: Bool) -> Int? {
        if !isMerged { return files[0].nextError(from: row, forward: forward) }
        var index = forward ? row + 1 : row - 1
        while index >= 0, index < order.count {
            if level(ofRow: index).isError { return index }
            index += forward ? 1 : -1
        }
        return nil
    }
}
