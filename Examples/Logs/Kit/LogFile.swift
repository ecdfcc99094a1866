import Foundation
import Glibc

/// A log file (or a pipe, spooled) as a list of entries: an index of their offsets, never their text; an
/// entry is read back with `pread` when shown.
///
/// ``openAtEnd(limit:)`` indexes backwards from the end, so the last screen is
/// ready at once; ``indexRest(onDone:)`` indexes the part before it on a thread
/// of its own. Until that is done the rows are the entries found from the end
/// only (``isComplete`` false, ``headCount`` 0) and ``fraction(ofRow:)`` places a
/// row by its byte offset. ``update()`` follows appends, truncation, replacement
/// and deletion; ``ingest(_:at:)`` takes appended bytes a follower already read
/// (no second read). A last line without its newline yet is an entry (the last
/// row), which grows as the rest of it is written. Thread-safe: the index is
/// behind a lock.
public final class LogFile: @unchecked Sendable {
    /// The most bytes of one entry read back for display (a 10 MB line is cut there).
    public static let displayLimit = 64 * 1024

    /// The path given ("-" for standard input).
    public let path: String
    /// The path made printable, for titles and messages.
    public let name: String
    /// The pipe's spool, when the log is a pipe or standard input.
    public let spool: LogSpool?

    private let lock = NSLock()
    private var descriptor: Int32
    private var identity: (device: UInt64, inode: UInt64)
    private var head = LogOffsets()
    private var headDone = true
    private var pendingHead: LogOffsets?
    private var tail = LogOffsets()
    private var tailStart: Int64 = 0
    private var indexedEnd: Int64 = 0
    private var generation = 0
    private var headScanned: Int64 = 0
    private var sawDeletion = false
    private var looksBinary = false
    /// True when the last byte indexed is not a newline (the last line is still being written).
    private var lineOpen = false
    /// The tail entry whose level was read from a short line without its newline (read again as it grows).
    private var unsettledRow: Int?
    /// The tail entries shown: ``ingest(_:at:)`` adds entries that ``update()`` shows, so the rows change only
    /// when the viewer asks (between its frames), not when a follower hands bytes over.
    private var shownTail = 0
    /// What happened since the last ``update()`` (ingested bytes, a restart), reported by it.
    private var noted = LogFileChange.none
    /// The buffers of appends, kept for the file's life: following allocates nothing per change.
    private let appendBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private let appendScratch = UnsafeMutableRawBufferPointer.allocate(byteCount: LogLineShape.window, alignment: 16)

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
    private func currentSize() -> Int64 {
        if let spool { return spool.size }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// The number of rows: the entries indexed (only those found from the end until ``isComplete``).
    public var rowCount: Int { lock.withLock { (headDone ? head.count : 0) + shownTail } }

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

    /// Indexes backwards from the end up to `limit` entries: the last screen's rows, at once.
    public func openAtEnd(limit: Int = 4096) {
        lock.withLock { resetLocked(limit: limit) }
    }

    private func resetLocked(limit: Int) {
        generation += 1
        pendingHead = nil
        let scanner = LogScanner(descriptor: descriptor, chunkSize: 64 * 1024)
        let size = currentSize()
        let end = scanner.completeEnd(before: size)
        tail = scanner.backward(before: end, limit: limit)
        tailStart = tail.isEmpty ? end : tail.offset(at: 0)
        indexedEnd = end
        lineOpen = false
        unsettledRow = nil
        head = LogOffsets()
        headDone = tailStart == 0
        headScanned = 0
        looksBinary = sniffBinary()
        // A last line without its newline yet: an entry too.
        _ = appendLocked(to: size)
        shownTail = tail.count
    }

    /// True when the first 4 KiB hold NUL bytes or mostly bytes that are not text.
    private func sniffBinary() -> Bool {
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
        let thread = Thread { [self] in
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
                    self.head = pending
                    self.pendingHead = nil
                    self.headDone = true
                    return true
                }
                if adopted { MainActor.assumeIsolated { onDone() } }
            }
        }
        thread.name = "logs-index"
        thread.start()
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
            head = found
            headDone = true
        }
    }

    /// Looks at the file again: reads appended bytes, or starts over after a truncation or a replacement (then
    /// call ``indexRest(onDone:)`` again). Reports what happened since the last call, ``ingest(_:at:)`` and
    /// ``restart()`` included (a restart before appends is reported as the restart).
    public func update(limit: Int = 4096) -> LogFileChange {
        lock.withLock {
            note(updateLocked(limit: limit))
            shownTail = tail.count
            defer { noted = .none }
            return noted
        }
    }

    private func updateLocked(limit: Int) -> LogFileChange {
        if spool == nil {
            var atPath = stat()
            if stat(path, &atPath) != 0 {
                if !sawDeletion {
                    sawDeletion = true
                    return .deleted
                }
            } else if (UInt64(atPath.st_dev), UInt64(atPath.st_ino)) != identity {
                let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                var info = stat()
                if fd >= 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                    close(descriptor)
                    descriptor = fd
                    identity = (UInt64(info.st_dev), UInt64(info.st_ino))
                    sawDeletion = false
                    resetLocked(limit: limit)
                    return .replaced
                }
                if fd >= 0 { close(fd) }
            }
        }
        let size = currentSize()
        if size < indexedEnd {
            resetLocked(limit: limit)
            return .truncated
        }
        let (added, grew) = appendLocked(to: size)
        return added > 0 || grew ? .appended(added) : .none
    }

    /// Starts over from the file's end, as after a truncation (a follower said so); the next ``update()``
    /// reports `.truncated`.
    public func restart(limit: Int = 4096) {
        lock.withLock {
            resetLocked(limit: limit)
            note(.truncated)
        }
    }

    /// Takes `bytes`, the file's bytes at `offset`, as read by a follower: the part past what is indexed is
    /// scanned where it is (no second read; a gap before it is read from the file). The next ``update()``
    /// reports and shows the entries added (``rowCount`` does not change before). Bytes of another file (after
    /// a replacement) must wait for ``update()``, which finds the replacement.
    public func ingest(_ bytes: UnsafeRawBufferPointer, at offset: Int64) {
        lock.withLock {
            let end = offset + Int64(bytes.count)
            guard end > indexedEnd else { return }
            var added = 0
            if offset > indexedEnd {
                added = appendLocked(to: offset).added
                guard indexedEnd == offset else {
                    note(.appended(added))
                    return
                }
            }
            let previous = unsettledRow
            let before = tail.count
            let part = UnsafeRawBufferPointer(rebasing: bytes[Int(indexedEnd - offset)...])
            var atLineStart = !lineOpen
            let scanner = LogScanner(descriptor: descriptor)
            _ = scanner.scan(part, at: indexedEnd, end: end, atLineStart: &atLineStart, scratch: appendScratch) {
                offset, level, settled in
                tail.append(offset, level: level)
                unsettledRow = settled ? nil : tail.count - 1
            }
            lineOpen = !atLineStart
            indexedEnd = end
            settleLocked(previous)
            note(.appended(added + tail.count - before))
        }
    }

    /// Scans the bytes from what is indexed to `size` into the tail (reading into the kept buffer): the entries
    /// added, and whether anything was read (the last entry may have grown without any).
    private func appendLocked(to size: Int64) -> (added: Int, grew: Bool) {
        guard size > indexedEnd else { return (0, false) }
        let previous = unsettledRow
        let before = tail.count
        var atLineStart = !lineOpen
        let scanner = LogScanner(descriptor: descriptor)
        let (scanned, _) = scanner.forward(
            from: indexedEnd, to: size, atLineStart: &atLineStart, buffer: appendBuffer, scratch: appendScratch
        ) { offset, level, settled in
            tail.append(offset, level: level)
            unsettledRow = settled ? nil : tail.count - 1
        }
        let grew = scanned > indexedEnd
        if grew {
            lineOpen = !atLineStart
            indexedEnd = scanned
        }
        settleLocked(previous)
        return (tail.count - before, grew)
    }

    /// Reads the level of `row` (a tail row whose line was short and unfinished) again, now that more of it may
    /// be written; it stays unsettled while its line is still short and unfinished.
    private func settleLocked(_ row: Int?) {
        guard let row, row < tail.count else { return }
        let (level, settled) = LogScanner(descriptor: descriptor).level(
            at: tail.offset(at: row), end: indexedEnd, scratch: appendScratch)
        tail.setLevel(level, at: row)
        if settled, unsettledRow == row { unsettledRow = nil }
    }

    /// Adds `change` to what the next ``update()`` reports: a restart wins over what came before it.
    private func note(_ change: LogFileChange) {
        switch (noted, change) {
        case (_, .none): break
        case (.appended(let before), .appended(let now)): noted = .appended(before + now)
        case (.truncated, .appended), (.replaced, .appended), (.truncated, .deleted), (.replaced, .deleted),
            (.deleted, .appended):
            break
        default: noted = change
        }
    }

    // MARK: Rows

    private func offsetLocked(_ row: Int) -> Int64 {
        let headRows = headDone ? head.count : 0
        return row < headRows ? head.offset(at: row) : tail.offset(at: row - headRows)
    }

    /// Row `row`'s offset and length in bytes.
    public func range(ofRow row: Int) -> (offset: Int64, length: Int) {
        lock.withLock {
            let count = (headDone ? head.count : 0) + tail.count
            let start = offsetLocked(row)
            let end = row + 1 < count ? offsetLocked(row + 1) : indexedEnd
            return (start, Int(end - start))
        }
    }

    /// Row `row`'s level, from the index (no read).
    public func level(ofRow row: Int) -> LogLevel {
        lock.withLock {
            let headRows = headDone ? head.count : 0
            return row < headRows ? head.level(at: row) : tail.level(at: row - headRows)
        }
    }

    /// Where row `row` starts in the file, 0 to 1: the scroll position while the rows before it are not indexed.
    public func fraction(ofRow row: Int) -> Double {
        let (offset, _) = range(ofRow: row)
        let end = indexedBytes
        return end > 0 ? Double(offset) / Double(end) : 1
    }

    /// The next row after `row` (or before it) whose level is an error or fatal, nil when none.
    public func nextError(from row: Int, forward: Bool) -> Int? {
        lock.withLock {
            let headRows = headDone ? head.count : 0
            if forward {
                if row < headRows - 1, let found = head.nextError(from: row, forward: true) { return found }
                return tail.nextError(from: max(row - headRows, -1), forward: true).map { $0 + headRows }
            }
            if row > headRows, let found = tail.nextError(from: row - headRows, forward: false) {
                return found + headRows
            }
            return head.nextError(from: min(row, headRows), forward: false)
        }
    }

    /// Row `row` read back (at most ``displayLimit`` bytes of it).
    public func entry(atRow row: Int) -> LogEntry {
        let (offset, length) = range(ofRow: row)
        let wanted = min(length, Self.displayLimit)
        var bytes = [UInt8](repeating: 0, count: wanted)
        let fd = lock.withLock { descriptor }
        let count = bytes.withUnsafeMutableBytes { buffer in
            LogScanner(descriptor: fd).read(buffer, at: offset, count: wanted)
        }
        return bytes.withUnsafeBytes {
            LogEntry(bytes: UnsafeRawBufferPointer(rebasing: $0[0..<count]), offset: offset, length: length)
        }
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
        var row = rows.lowerBound
        while row < rows.upperBound {
            // Rows whose bytes fit in one read (at least one row, cut at the display limit).
            let (start, _) = range(ofRow: row)
            var last = row
            var end = start
            while last < rows.upperBound {
                let (offset, length) = range(ofRow: last)
                let rowEnd = offset + Int64(min(length, Self.displayLimit))
                if last > row, rowEnd - start > Int64(buffer.count) { break }
                end = max(end, rowEnd)
                last += 1
            }
            let count = scanner.read(buffer, at: start, count: Int(end - start))
            for index in row..<last {
                let (offset, length) = range(ofRow: index)
                let from = Int(offset - start)
                let to = min(from + min(length, Self.displayLimit), count)
                guard from <= to else { return }
                if !body(index, UnsafeRawBufferPointer(rebasing: buffer[from..<to])) { return }
            }
            row = last
        }
    }
}
