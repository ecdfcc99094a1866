import Glibc

/// Following a log as it grows: appended bytes read or handed over, truncation, replacement, deletion.
extension LogFile {
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

    func updateLocked(limit: Int) -> LogFileChange {
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
    func appendLocked(to size: Int64) -> (added: Int, grew: Bool) {
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
    func settleLocked(_ row: Int?) {
        guard let row, row < tail.count else { return }
        let (level, settled) = LogScanner(descriptor: descriptor).level(
            at: tail.offset(at: row), end: indexedEnd, scratch: appendScratch)
        tail.setLevel(level, at: row)
        if settled, unsettledRow == row { unsettledRow = nil }
    }

    /// Adds `change` to what the next ``update()`` reports: a restart wins over what came before it.
    func note(_ change: LogFileChange) {
        switch (noted, change) {
        case (_, .none): break
        case (.appended(let before), .appended(let now)): noted = .appended(before + now)
        case (.truncated, .appended), (.replaced, .appended), (.truncated, .deleted), (.replaced, .deleted),
            (.deleted, .appended):
            break
        default: noted = change
        }
    }
}
