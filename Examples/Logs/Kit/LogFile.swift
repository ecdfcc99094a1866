import Dispatch
import FoundationEssentials
import Glibc

/// A log file (or a pipe, spooled) as a list of entries: an index of their offsets, never their text; an
/// entry is read back with `pread` when shown.
///
/// ``openAtEnd(limit:top:)`` indexes backwards from the end, so the last screen is
/// ready at once, and, with `top`, forwards from the start up to that many
/// entries, so the first screen is too; ``indexRest(onDone:)`` indexes the part
/// between on a thread of its own. Until that is done the rows are the entries
/// found from the start, one row for the bytes not indexed yet (``gapRow``),
/// and the entries found from the end (``isComplete`` false, ``headCount`` 0),
/// and ``fraction(ofRow:)`` places a row by its byte offset. ``update()`` follows appends, truncation, replacement
/// and deletion; ``ingest(_:at:)`` takes appended bytes a follower already read
/// (no second read). A last line without its newline yet is an entry (the last
/// row), which grows as the rest of it is written. Thread-safe: the index is
/// behind a lock.
public final class LogFile: @unchecked Sendable {
    /// The most bytes of one entry read back for display (a 10 MB line is cut there).
    public static let displayLimit = 64 * 1024

    /// The most bytes ``openAtEnd(limit:top:scanBytes:)`` reads from each end of the file (the rest is indexed in
    /// the background): a file of one 2 GiB line, or a sparse 100 GB one, shows its first screen at once.
    public static let openScanBytes: Int64 = 4 << 20

    /// The path given ("-" for standard input).
    public let path: String
    /// The path made printable, for titles and messages.
    public let name: String
    /// The pipe's spool, when the log is a pipe or standard input.
    public let spool: LogSpool?

    let lock = LogLock()
    var descriptor: Int32
    var identity: (device: UInt64, inode: UInt64)
    var head = LogOffsets()
    var headDone = true
    var pendingHead: LogOffsets?
    /// Until the head is indexed: the first entries, found forwards (at most `topLimit`).
    var top = LogOffsets()
    var topLimit = 0
    /// Where the bytes not indexed yet start (the entry after `top`), when there are any before the tail.
    var gapStart: Int64?
    var tail = LogOffsets()
    var tailStart: Int64 = 0
    /// The most bytes the scans of ``openAtEnd(limit:top:scanBytes:)`` read from each end.
    var scanLimit = LogFile.openScanBytes
    /// True when the tail's first entry is the end of a line that starts below the bytes the scan from the end
    /// read: it starts inside that line (``LogEntry/isCutAtStart``) until the head is indexed.
    var tailCut = false
    /// True once the head was indexed after a cut tail entry: that entry is the head's last now.
    var tailMerged = false
    var indexedEnd: Int64 = 0
    var generation = 0
    var headScanned: Int64 = 0
    var sawDeletion = false
    var looksBinary = false
    /// True when the last byte indexed is not a newline (the last line is still being written).
    var lineOpen = false
    /// The tail entry whose level was read from a short line without its newline (read again as it grows).
    var unsettledRow: Int?
    /// The tail entries shown: ``ingest(_:at:)`` adds entries that ``update()`` shows, so the rows change only
    /// when the viewer asks (between its frames), not when a follower hands bytes over.
    var shownTail = 0
    /// What happened since the last ``update()`` (ingested bytes, a restart), reported by it.
    var noted = LogFileChange.none
    /// The buffers of appends, kept for the file's life: following allocates nothing per change.
    let appendBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    let appendScratch = UnsafeMutableRawBufferPointer.allocate(byteCount: LogLineShape.window, alignment: 16)

    /// Opens `path` (`-`: standard input); a pipe is copied to a spool of at most `spoolLimit` bytes.
    ///
    /// Refuses devices (`/dev/zero`), directories, missing files and files it may not read, with a
    /// ``LogFileError`` that says which. Opening never blocks (a FIFO with no writer yet is opened non-blocking).
    public init(path: String, spoolLimit: Int64 = 256 << 20) throws(LogFileError) {
        self.path = path
        name = path == "-" ? "standard input" : LogText.printable(path)
        var fd: Int32
        if path == "-" {
            fd = dup(STDIN_FILENO)
            guard fd >= 0 else { throw .system(name, String(cString: strerror(errno))) }
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                switch errno {
                case ENOENT: throw .notFound(path)
                case EACCES, EPERM: throw .permissionDenied(path)
                default: throw .system(path, String(cString: strerror(errno)))
                }
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw .system(name, String(cString: strerror(errno)))
        }
        let type = info.st_mode & S_IFMT
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
        switch type {
        case S_IFREG:
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            descriptor = fd
            spool = nil
        case S_IFIFO, S_IFSOCK:
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            do {
                let spool = try LogSpool(
                    source: fd, limit: spoolLimit, reopenPath: path == "-" || type == S_IFSOCK ? nil : path)
                self.spool = spool
                descriptor = spool.descriptor
            } catch {
                close(fd)
                throw error
            }
        case S_IFDIR:
            close(fd)
            throw .isDirectory(path)
        default:
            close(fd)
            throw .notAFile(path == "-" ? "standard input" : path)
        }
    }

    deinit {
        if spool == nil { close(descriptor) }
        appendBuffer.deallocate()
        appendScratch.deallocate()
    }

    // MARK: Size and state

    /// The bytes there are to index now.
    func currentSize() -> Int64 {
        if let spool { return spool.size }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// The number of rows: the entries indexed (only those found from the end until ``isComplete``).
    public var rowCount: Int { lock.withLock { beforeLocked.count + gapRowsLocked + shownTail } }

    /// The row standing for the bytes not indexed yet, between the entries found from the start and those
    /// found from the end; nil when there is none (complete, or opened without `top`).
    public var gapRow: Int? { lock.withLock { gapRowsLocked > 0 ? beforeLocked.count : nil } }

    /// The rows before the first entry found from the end: after ``indexRest(onDone:)`` those rows are
    /// this number's change further down (the rows before the gap row, and it, stay).
    public var rowsBeforeTail: Int { lock.withLock { beforeLocked.count + gapRowsLocked - (tailMerged ? 1 : 0) } }

    /// The rows before the tail's: the head once indexed, else the top.
    var beforeLocked: LogOffsets { headDone ? head : top }

    /// 1 while there is a gap row.
    var gapRowsLocked: Int { !headDone && gapStart != nil ? 1 : 0 }

    /// True once the whole file is indexed.
    public var isComplete: Bool { lock.withLock { headDone } }

    /// The rows before the first found from the end (0 until ``isComplete``): after completion a row seen
    /// before is this much further down.
    public var headCount: Int { lock.withLock { headDone ? head.count : 0 } }

    /// The bytes indexed (a last line without its newline included).
    public var indexedBytes: Int64 { lock.withLock { indexedEnd } }

    /// How far the indexing of the part before the end has come, 0 to 1 (1 when complete).
    public var indexingProgress: Double {
        lock.withLock { headDone || tailStart == 0 ? 1 : Double(headScanned) / Double(tailStart) }
    }

    /// A sentence about the input when it needs one: binary-looking bytes, a deletion, the spool's limit.
    public var notice: String? {
        var parts: [String] = []
        lock.withLock {
            if looksBinary { parts.append("binary data: shown with replacement characters") }
            if sawDeletion { parts.append("file deleted: showing what was read") }
        }
        if let spoolNotice = spool?.notice { parts.append(spoolNotice) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    // MARK: Indexing

    /// Indexes backwards from the end up to `limit` entries: the last screen's rows, at once; and forwards from
    /// the start up to `top` entries (the first screen's, while the rest is indexed), again after a restart.
    ///
    /// Each scan reads at most `scanBytes` (and the first 4 KiB, to tell binary data): a last line longer than that
    /// is one entry cut at its start (``LogEntry/isCutAtStart``) until ``indexRest(onDone:)`` finds where it starts.
    public func openAtEnd(limit: Int = 4096, top: Int = 0, scanBytes: Int64 = LogFile.openScanBytes) {
        lock.withLock {
            topLimit = top
            scanLimit = max(1, scanBytes)
            resetLocked(limit: limit)
        }
    }

    func resetLocked(limit: Int) {
        generation += 1
        pendingHead = nil
        let scanner = LogScanner(descriptor: descriptor, chunkSize: 64 * 1024)
        let size = currentSize()
        // At most `scanLimit` bytes from the end: a last line longer than that starts below `floor`.
        let floor = max(0, size - scanLimit)
        let lineEnd = scanner.completeEnd(before: size, notBelow: floor)
        let end = lineEnd ?? size
        tail = lineEnd.map { scanner.backward(before: $0, limit: limit, notBelow: floor) } ?? LogOffsets()
        tailCut = tail.isEmpty && floor > 0
        tailMerged = false
        // No line start in the bytes read: they are the end of one line, an entry cut at its start.
        if tailCut { tail.append(floor, level: .unknown) }
        tailStart = tail.isEmpty ? end : tail.offset(at: 0)
        indexedEnd = end
        // No newline in them at all: that line is still open (what is appended goes on with it).
        lineOpen = lineEnd == nil
        unsettledRow = nil
        head = LogOffsets()
        headDone = tailStart == 0
        headScanned = 0
        top = LogOffsets()
        gapStart = nil
        if !headDone, topLimit > 0 { scanTopLocked() }
        looksBinary = sniffBinary()
        // A last line without its newline yet: an entry too.
        _ = appendLocked(to: size)
        shownTail = tail.count
    }

    /// Finds the first `topLimit` entries forwards; when that is all before the tail, the head is done.
    func scanTopLocked() {
        var found = LogOffsets()
        var next: Int64?
        let limit = topLimit
        func take(_ offset: Int64, _ level: LogLevel) {
            if found.count < limit {
                found.append(offset, level: level)
            } else if next == nil {
                next = offset
            }
        }
        // At most `scanLimit` bytes, as from the end.
        let bound = min(tailStart, scanLimit)
        LogScanner(descriptor: descriptor, chunkSize: 64 * 1024).forward(
            from: 0, to: bound, shouldStop: { next != nil }, found: take)
        if let next {
            top = found
            gapStart = next
        } else if bound == tailStart {
            adoptHeadLocked(found)
        } else {
            // The bytes ran out first: the last entry found may go on past them, so it starts the gap.
            gapStart = found.isEmpty ? 0 : found.offset(at: found.count - 1)
            if !found.isEmpty { found.removeLast() }
            top = found
        }
    }

    /// The rows before the tail's indexed (`found`, every entry before the tail's first): the top and the gap row
    /// go; a tail entry cut at its start is the end of the head's last entry, so it goes too.
    func adoptHeadLocked(_ found: LogOffsets) {
        head = found
        headDone = true
        top = LogOffsets()
        gapStart = nil
        guard tailCut else { return }
        tailCut = false
        tailMerged = true
        tail.removeFirst()
        shownTail = max(0, shownTail - 1)
        if let row = unsettledRow { unsettledRow = row > 0 ? row - 1 : nil }
    }

    /// True when the first 4 KiB hold NUL bytes or mostly bytes that are not text.
    func sniffBinary() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 4096, 0) }
        guard count > 0 else { return false }
        var odd = 0
        for byte in bytes[0..<count] {
            if byte == 0 { return true }
            if byte < 0x09 || (byte > 0x0D && byte < 0x20) { odd += 1 }
        }
        return odd * 10 > count
    }

    /// Indexes the part before the entries found from the end, on a thread of its own; `onDone` runs on the
    /// main queue when done (not when a truncation or replacement made the work moot).
    public func indexRest(onDone: @escaping @MainActor @Sendable () -> Void) {
        let (fd, end, startGeneration, done, estimate) = lock.withLock {
            // The entries before the tail, estimated from the tail's bytes per entry (a tenth more), so the
            // index's arrays are made once instead of doubling (which needs the old and the new at once).
            let perEntry = tail.count > 0 ? Double(indexedEnd - tailStart) / Double(tail.count) : 100
            let estimate = Int(Double(tailStart) / max(1, perEntry) * 1.1) + 1024
            return (dup(descriptor), tailStart, generation, headDone, estimate)
        }
        guard !done, fd >= 0 else {
            if fd >= 0 { close(fd) }
            return
        }
        LogThread.start(name: "logs-index") { [self] in
            defer { close(fd) }
            var found = LogOffsets()
            found.reserveCapacity(estimate)
            let scanner = LogScanner(descriptor: fd, chunkSize: 1 << 20)
            var scanned: Int64 = 0
            scanner.forward(
                from: 0, to: end,
                shouldStop: {
                    scanned += 1 << 20
                    return lock.withLock {
                        headScanned = min(scanned, end)
                        return generation != startGeneration
                    }
                },
                found: { offset, level in found.append(offset, level: level) })
            let published: Bool = lock.withLock {
                guard generation == startGeneration else { return false }
                pendingHead = found
                return true
            }
            // The rows change on the main queue only, where they are shown.
            guard published else { return }
            DispatchQueue.main.async {
                let adopted: Bool = self.lock.withLock {
                    guard self.generation == startGeneration, let pending = self.pendingHead else { return false }
                    self.pendingHead = nil
                    self.adoptHeadLocked(pending)
                    return true
                }
                if adopted { MainActor.assumeIsolated { onDone() } }
            }
        }
    }

    /// Indexes everything now, on this thread (tests, and logs merged by time, on their merge's thread): the scan
    /// holds no lock, so the rows can be read meanwhile (those found from the end until it is done).
    public func indexAll() {
        let (fd, end, startGeneration, done) = lock.withLock {
            if generation == 0 { resetLocked(limit: 1) }
            return (dup(descriptor), tailStart, generation, headDone)
        }
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard !done else { return }
        var found = LogOffsets()
        LogScanner(descriptor: fd).forward(from: 0, to: end) { offset, level in found.append(offset, level: level) }
        lock.withLock {
            guard generation == startGeneration, !headDone else { return }
            adoptHeadLocked(found)
        }
    }

    // MARK: Rows

    func offsetLocked(_ row: Int) -> Int64 {
        let before = beforeLocked
        if row < before.count { return before.offset(at: row) }
        if gapRowsLocked > 0, row == before.count, let gapStart { return gapStart }
        return tail.offset(at: row - before.count - gapRowsLocked)
    }

    /// Row `row`'s offset and length in bytes.
    public func range(ofRow row: Int) -> (offset: Int64, length: Int) {
        lock.withLock {
            let count = beforeLocked.count + gapRowsLocked + tail.count
            let start = offsetLocked(row)
            let end = row + 1 < count ? offsetLocked(row + 1) : indexedEnd
            return (start, Int(end - start))
        }
    }

    /// Row `row`'s level, from the index (no read; the gap row's is unknown).
    public func level(ofRow row: Int) -> LogLevel {
        lock.withLock {
            let before = beforeLocked
            if row < before.count { return before.level(at: row) }
            let tailRow = row - before.count - gapRowsLocked
            return tailRow < 0 ? .unknown : tail.level(at: tailRow)
        }
    }

    /// Where row `row` starts in the file, 0 to 1: the scroll position while the rows before it are not indexed.
    public func fraction(ofRow row: Int) -> Double {
        let (offset, _) = range(ofRow: row)
        let end = indexedBytes
        return end > 0 ? Double(offset) / Double(end) : 1
    }

    /// The part of the file rows `rows` cover, as fractions of the bytes indexed: from the first row's start to
    /// the last row's end (the gap row covers the bytes not indexed yet); nil when a row is past the last or the
    /// file is empty. O(1): what the scroll thumb is placed by while the rows are not all indexed.
    public func byteExtent(ofRows rows: ClosedRange<Int>) -> ClosedRange<Double>? {
        lock.withLock {
            let count = beforeLocked.count + gapRowsLocked + shownTail
            guard rows.lowerBound >= 0, rows.upperBound < count, indexedEnd > 0 else { return nil }
            let start = offsetLocked(rows.lowerBound)
            let end = rows.upperBound + 1 < count ? offsetLocked(rows.upperBound + 1) : indexedEnd
            let size = Double(indexedEnd)
            return Double(start) / size...max(Double(start), Double(end)) / size
        }
    }

    /// The next row after `row` (or before it) whose level is an error or fatal, nil when none.
    public func nextError(from row: Int, forward: Bool) -> Int? {
        lock.withLock {
            let before = beforeLocked
            let tailFirst = before.count + gapRowsLocked
            if forward {
                if row < before.count - 1, let found = before.nextError(from: row, forward: true) { return found }
                return tail.nextError(from: max(row - tailFirst, -1), forward: true).map { $0 + tailFirst }
            }
            if row > tailFirst, let found = tail.nextError(from: row - tailFirst, forward: false) {
                return found + tailFirst
            }
            return before.nextError(from: min(row, before.count), forward: false)
        }
    }

    /// Row `row` read back (at most ``displayLimit`` bytes of it).
    public func entry(atRow row: Int) -> LogEntry {
        let (offset, length) = range(ofRow: row)
        let cutAtStart = lock.withLock { tailCut && row == beforeLocked.count + gapRowsLocked }
        let wanted = min(length, Self.displayLimit)
        var bytes = [UInt8](repeating: 0, count: wanted)
        let fd = lock.withLock { descriptor }
        let count = bytes.withUnsafeMutableBytes { buffer in
            LogScanner(descriptor: fd).read(buffer, at: offset, count: wanted)
        }
        return bytes.withUnsafeBytes {
            LogEntry(
                bytes: UnsafeRawBufferPointer(rebasing: $0[0..<count]), offset: offset, length: length,
                cutAtStart: cutAtStart)
        }
    }

    /// The most bytes of one entry ``lineCount(ofRow:byteLimit:)`` reads by default (an entry is counted when it is
    /// opened, on the main actor).
    public static let lineCountBytes = 16 << 20

    /// The number of lines of row `row`, all of it read in 1 MiB parts up to `byteLimit` bytes: `isExact` false
    /// when the entry is longer, and then `count` is the lines begun in its first `byteLimit` bytes (it has more).
    public func lineCount(ofRow row: Int, byteLimit: Int = LogFile.lineCountBytes) -> (count: Int, isExact: Bool) {
        let (offset, length) = range(ofRow: row)
        let wanted = min(length, max(0, byteLimit))
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        let scanner = LogScanner(descriptor: lock.withLock { descriptor })
        var newlines = 0
        var done = 0
        var last: UInt8 = 0x0A
        while done < wanted {
            let count = scanner.read(buffer, at: offset + Int64(done), count: min(chunk, wanted - done))
            guard count > 0 else { break }
            var index = 0
            while let found = memchr(buffer.baseAddress! + index, 0x0A, count - index) {
                newlines += 1
                index = buffer.baseAddress!.distance(to: UnsafeMutableRawPointer(found)) + 1
            }
            last = buffer[count - 1]
            done += count
        }
        // Lines end with a newline but the last, which may not have one yet.
        let lines = max(1, newlines + (last == 0x0A ? 0 : 1))
        return (lines, done >= length)
    }

    /// The time written at the start of row `row` ("" when none): what logs merged by time are ordered by.
    public func timeKey(ofRow row: Int) -> String {
        let (offset, length) = range(ofRow: row)
        var bytes = [UInt8](repeating: 0, count: min(length, 48))
        let fd = lock.withLock { descriptor }
        let count = bytes.withUnsafeMutableBytes { LogScanner(descriptor: fd).read($0, at: offset, count: $0.count) }
        return bytes.withUnsafeBytes { raw in
            let line = UnsafeRawBufferPointer(rebasing: raw[0..<count])
            let shape = LogLineShape(line)
            return String(decoding: UnsafeRawBufferPointer(rebasing: line[shape.time]), as: UTF8.self)
        }
    }

    /// Calls `body` with each row in `rows` and its bytes (at most ``displayLimit`` of each), reading in large
    /// chunks; stops when `body` returns false. The filter's scan.
    public func forEachEntry(in rows: Range<Int>, _ body: (Int, UnsafeRawBufferPointer) -> Bool) {
        guard !rows.isEmpty else { return }
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk + Self.displayLimit, alignment: 16)
        defer { buffer.deallocate() }
        let fd = lock.withLock { descriptor }
        let scanner = LogScanner(descriptor: fd)
        // The rows can change under the scan (the rest indexed, a truncation): then it stops, its result moot (its
        // owner scans again), rather than read past its buffer.
        func rowRange(_ row: Int) -> (offset: Int64, length: Int)? {
            lock.withLock {
                let count = beforeLocked.count + gapRowsLocked + tail.count
                guard row < count else { return nil }
                let start = offsetLocked(row)
                let end = row + 1 < count ? offsetLocked(row + 1) : indexedEnd
                return end >= start ? (start, Int(end - start)) : nil
            }
        }
        var row = rows.lowerBound
        while row < rows.upperBound {
            // Rows whose bytes fit in one read (at least one row, cut at the display limit).
            guard let (start, _) = rowRange(row) else { return }
            var last = row
            var end = start
            while last < rows.upperBound {
                guard let (offset, length) = rowRange(last), offset >= start else { return }
                let rowEnd = offset + Int64(min(length, Self.displayLimit))
                if last > row, rowEnd - start > Int64(buffer.count) { break }
                end = max(end, rowEnd)
                last += 1
            }
            let count = scanner.read(buffer, at: start, count: Int(min(end - start, Int64(buffer.count))))
            for index in row..<last {
                guard let (offset, length) = rowRange(index), offset >= start, offset - start <= Int64(count) else {
                    return
                }
                let from = Int(offset - start)
                let to = min(from + min(length, Self.displayLimit), count)
                if !body(index, UnsafeRawBufferPointer(rebasing: buffer[from..<to])) { return }
            }
            row = last
        }
    }
}
