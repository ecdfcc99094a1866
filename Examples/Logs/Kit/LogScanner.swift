import Glibc

/// Finds entry starts in a file by reading it in chunks with `pread`: forwards from a line start, or backwards
/// from the end.
///
/// An entry starts at offset 0 and at every line whose first byte is not a space,
/// a tab or a newline (see ``LogLineShape/isContinuation(_:)``). Both directions
/// find the same entries with the same levels, whatever the chunk size.
public struct LogScanner {
    /// The file read.
    public let descriptor: Int32
    /// Bytes read at a time.
    public var chunkSize: Int

    /// A scanner of `descriptor` reading `chunkSize` bytes at a time.
    public init(descriptor: Int32, chunkSize: Int = 1 << 20) {
        self.descriptor = descriptor
        self.chunkSize = max(1, chunkSize)
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; the number read (0 at the end or on an error).
    func read(_ buffer: UnsafeMutableRawBufferPointer, at offset: Int64, count: Int) -> Int {
        var done = 0
        while done < count {
            let result = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            if result < 0, errno == EINTR { continue }
            if result <= 0 { break }
            done += result
        }
        return done
    }

    /// The level of the line at `offset` (bytes up to `end`), read from `bytes` at `index` when it holds enough,
    /// and whether it is settled (a whole window, or a line with its newline).
    private func level(
        at offset: Int64, end: Int64, in bytes: UnsafeRawBufferPointer, index: Int,
        scratch: UnsafeMutableRawBufferPointer
    ) -> (LogLevel, Bool) {
        let wanted = Int(min(Int64(LogLineShape.window), end - offset))
        let window: UnsafeRawBufferPointer
        if bytes.count - index >= wanted {
            window = UnsafeRawBufferPointer(rebasing: bytes[index..<index + wanted])
        } else {
            let got = read(scratch, at: offset, count: wanted)
            window = UnsafeRawBufferPointer(rebasing: scratch[0..<got])
        }
        let settled = window.count == LogLineShape.window || window.contains(0x0A)
        return (LogLineShape(window).level, settled)
    }

    /// Scans `[start, end)` forwards (`start` a line start): calls `found` for each entry start and returns the
    /// offset just past the last newline (the end of the last complete line; `start` when there is none).
    ///
    /// Entries found at or past the returned offset are on an incomplete line (no newline yet).
    /// `shouldStop` is asked after each chunk; when it says true the scan ends there.
    @discardableResult
    public func forward(
        from start: Int64, to end: Int64, shouldStop: () -> Bool = { false }, found: (Int64, LogLevel) -> Void
    ) -> Int64 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: LogLineShape.window, alignment: 16)
        defer {
            buffer.deallocate()
            scratch.deallocate()
        }
        var atLineStart = true
        return forward(
            from: start, to: end, atLineStart: &atLineStart, buffer: buffer, scratch: scratch, shouldStop: shouldStop
        ) { offset, level, _ in found(offset, level) }.completeEnd
    }

    /// Scans `[start, end)` forwards with buffers the caller keeps (no allocation): `atLineStart` says whether
    /// `start` begins a line and is left saying whether `end` does. `found` also hears whether the level was
    /// read from a whole window or a whole line (false: a short line without its newline yet, whose level
    /// may change as it is written). Returns where the scan stopped (`end`, or before it when the file is
    /// shorter) and the offset just past the last newline (`start` when none).
    @discardableResult
    public func forward(
        from start: Int64, to end: Int64, atLineStart: inout Bool, buffer: UnsafeMutableRawBufferPointer,
        scratch: UnsafeMutableRawBufferPointer, shouldStop: () -> Bool = { false },
        found: (Int64, LogLevel, Bool) -> Void
    ) -> (scanned: Int64, completeEnd: Int64) {
        var position = start
        var completeEnd = start
        while position < end {
            let count = read(buffer, at: position, count: Int(min(Int64(buffer.count), end - position)))
            guard count > 0 else { break }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            if let lineEnd = scan(bytes, at: position, end: end, atLineStart: &atLineStart, scratch: scratch, found) {
                completeEnd = lineEnd
            }
            position += Int64(count)
            if shouldStop() { break }
        }
        return (position, completeEnd)
    }

    /// Finds the entry starts in `bytes`, the file's bytes at `position` (the file holds at least up to `end`;
    /// a level whose window goes past `bytes` is read from the file); `atLineStart` as in
    /// ``forward(from:to:atLineStart:buffer:scratch:shouldStop:found:)``. Returns the offset just past the last
    /// newline in `bytes`, nil when there is none.
    public func scan(
        _ bytes: UnsafeRawBufferPointer, at position: Int64, end: Int64, atLineStart: inout Bool,
        scratch: UnsafeMutableRawBufferPointer, _ found: (Int64, LogLevel, Bool) -> Void
    ) -> Int64? {
        let count = bytes.count
        var index = 0
        var lineEnd: Int64?
        while index < count {
            if atLineStart {
                let offset = position + Int64(index)
                if offset == 0 || !LogLineShape.isContinuation(bytes[index]) {
                    let (level, settled) = level(
                        at: offset, end: max(end, position + Int64(count)), in: bytes,
                        index: index, scratch: scratch)
                    found(offset, level, settled)
                }
                atLineStart = false
            }
            guard let newline = memchr(bytes.baseAddress! + index, 0x0A, count - index) else { break }
            index = bytes.baseAddress!.distance(to: UnsafeRawPointer(newline)) + 1
            lineEnd = position + Int64(index)
            atLineStart = true
        }
        return lineEnd
    }

    /// The level of the line at `offset` (the file holding bytes up to `end`), read into `scratch` (at least
    /// ``LogLineShape/window`` bytes), and whether it is settled: read from a whole window or a whole line.
    public func level(
        at offset: Int64, end: Int64, scratch: UnsafeMutableRawBufferPointer
    ) -> (level: LogLevel, settled: Bool) {
        level(at: offset, end: end, in: UnsafeRawBufferPointer(start: nil, count: 0), index: 0, scratch: scratch)
    }

    /// The offset just past the last newline before `end` (0 when there is none): where complete lines end.
    public func completeEnd(before end: Int64) -> Int64 { completeEnd(before: end, notBelow: 0) ?? 0 }

    /// The offset just past the last newline in `[floor, end)`, reading no byte below `floor`: 0 when there is
    /// none and `floor` is 0, nil when there is none and `floor` is above 0 (the last line starts below it).
    public func completeEnd(before end: Int64, notBelow floor: Int64) -> Int64? {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let floor = max(0, floor)
        var high = end
        while high > floor {
            let low = max(floor, high - Int64(chunkSize))
            let count = read(buffer, at: low, count: Int(high - low))
            guard count > 0 else { return floor == 0 ? 0 : nil }
            if let newline = Self.lastNewline(in: UnsafeRawBufferPointer(buffer), before: count) {
                return low + Int64(newline) + 1
            }
            high = low
        }
        return floor == 0 ? 0 : nil
    }

    /// Up to `limit` entry starts (with levels) of the complete lines before `end` (a line end, see
    /// ``completeEnd(before:)``), found backwards; ascending. Fewer when the file has fewer, or when `floor` (the
    /// lowest offset looked at: the bytes read are bounded) comes first: then only the line starts at or above it.
    public func backward(before end: Int64, limit: Int, notBelow floor: Int64 = 0) -> LogOffsets {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: LogLineShape.window, alignment: 16)
        defer {
            buffer.deallocate()
            scratch.deallocate()
        }
        // The byte before `floor` too: a newline there makes `floor` a line start.
        let stop = max(0, floor - 1)
        var starts: [(Int64, LogLevel)] = []
        var high = end
        // Line starts are the offsets just past a newline, and 0; `high` is the end of the unsearched part.
        // A line's first bytes are taken from the chunk read when it holds them (all but the chunk's last line):
        // one read per chunk, not one per entry (the first screen of a big file waited on 4,096 reads).
        func consider(_ offset: Int64, in chunk: UnsafeRawBufferPointer, at chunkStart: Int64) {
            guard offset < end else { return }
            let wanted = Int(min(Int64(LogLineShape.window), end - offset))
            let index = Int(offset - chunkStart)
            let window: UnsafeRawBufferPointer
            if index >= 0, index + wanted <= chunk.count {
                window = UnsafeRawBufferPointer(rebasing: chunk[index..<index + wanted])
            } else {
                let got = read(scratch, at: offset, count: wanted)
                window = UnsafeRawBufferPointer(rebasing: scratch[0..<got])
            }
            guard !window.isEmpty else { return }
            if offset == 0 || !LogLineShape.isContinuation(window[0]) {
                starts.append((offset, LogLineShape(window).level))
            }
        }
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        search: while high > stop, starts.count < limit {
            let low = max(stop, high - Int64(chunkSize))
            let count = read(buffer, at: low, count: Int(high - low))
            guard count > 0 else { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            var searchEnd = count
            while searchEnd > 0 {
                guard let index = Self.lastNewline(in: UnsafeRawBufferPointer(buffer), before: searchEnd) else { break }
                consider(low + Int64(index) + 1, in: chunk, at: low)
                if starts.count >= limit { break search }
                searchEnd = index
            }
            high = low
        }
        if high == 0, starts.count < limit, end > 0 { consider(0, in: none, at: 0) }
        var result = LogOffsets()
        for (offset, level) in starts.reversed() { result.append(offset, level: level) }
        return result
    }

    /// The index of the last newline in `bytes[0..<end]` (Glibc's `memrchr` is not exported to Swift).
    static func lastNewline(in bytes: UnsafeRawBufferPointer, before end: Int) -> Int? {
        var index = end - 1
        // Eight bytes at a time while none of them is a newline.
        let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        while index >= 7 {
            let word = bytes.loadUnaligned(fromByteOffset: index - 7, as: UInt64.self) ^ newlines
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            index -= 8
        }
        while index >= 0 {
            if bytes[index] == 0x0A { return index }
            index -= 1
        }
        return nil
    }
}
