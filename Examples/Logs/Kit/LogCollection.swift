/// The rows of one log, or of several merged by time.
///
/// One file: its rows as they are. Several: every file indexed whole, then
/// merged by the time at the start of each entry (times as written compare as
/// text: ISO 8601 sorts; entries without a time keep their place after the
/// entry before them); entries appended later go at the end, merged among
/// themselves. A row is a file and a row of that file (``locate(_:)``).
public final class LogCollection {
    /// The logs, in the order given.
    public let files: [LogFile]
    /// Several files: (file << 40 | row) for each row, in time order.
    private var order: [UInt64] = []
    /// Several files: the rows of each already in `order`.
    private var merged: [Int]

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

    /// Row `row` read back.
    public func entry(atRow row: Int) -> LogEntry {
        let (file, fileRow) = locate(row)
        return file.entry(atRow: fileRow)
    }

    /// Row `row`'s level (from the index).
    public func level(ofRow row: Int) -> LogLevel {
        let (file, fileRow) = locate(row)
        return file.level(ofRow: fileRow)
    }

    /// Adds the rows of each file not merged yet, in time order (all of them the first time); returns how many.
    @discardableResult
    public func mergeNewRows() -> Int {
        guard isMerged else { return 0 }
        var cursors: [(file: Int, row: Int, end: Int, key: String)] = []
        for (index, file) in files.enumerated() {
            let end = file.rowCount
            if merged[index] < end {
                cursors.append((index, merged[index], end, file.timeKey(ofRow: merged[index])))
            }
        }
        var added = 0
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
            order.append(UInt64(pick.file) << 40 | UInt64(pick.row))
            if !pick.key.isEmpty { lastKey = pick.key }
            added += 1
            let next = pick.row + 1
            if next < pick.end {
                cursors[best].row = next
                cursors[best].key = files[pick.file].timeKey(ofRow: next)
            } else {
                cursors.remove(at: best)
            }
            merged[pick.file] = next
        }
        return added
    }

    /// Forgets the merged order (after a file was truncated or replaced); ``mergeNewRows()`` builds it again.
    public func resetMerge() {
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
