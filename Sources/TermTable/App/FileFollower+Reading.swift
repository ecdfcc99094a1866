import Dispatch
import Glibc
import TermTableCore
import TermTableLayout

/// Noticing changes (inotify on the main queue) and reading what was appended.
extension FileFollower {
    /// On the file: written or truncated, its link count or attributes changed (unlinked), renamed, deleted.
    static let fileMask = UInt32(IN_MODIFY | IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF)
    /// On the directory: a file created or renamed to a name, or renamed away or deleted from it.
    static let directoryMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

    /// Reads what was appended since the last call (up to the file's size when this call began: what a busy
    /// writer adds meanwhile comes at the next) and notices truncation, replacement and deletion; the handler
    /// hears each change. Changes are noticed by themselves where ``isNotified``; call this otherwise.
    public func check() {
        guard !isCancelled else { return }
        if file >= 0 { readAppended() }
        guard !isCancelled else { return }
        var info = stat()
        var found = pathBytes.withUnsafeBufferPointer { stat($0.baseAddress!, &info) } == 0
        if !found || (info.st_mode & S_IFMT) != S_IFREG, watchDirectory() {
            // A file that came between the look and the directory's watch made no event: look once more.
            found = pathBytes.withUnsafeBufferPointer { stat($0.baseAddress!, &info) } == 0
        }
        if found, file >= 0, UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode {
            reportedDeleted = false
            unwatchDirectory()
            return
        }
        if !found || (info.st_mode & S_IFMT) != S_IFREG {
            // Gone, or something that cannot be followed at the path: wait for a regular file to appear.
            if !reportedDeleted {
                reportedDeleted = true
                handler(.deleted)
            }
            return
        }
        // Another file at the path: the old one's last bytes were read above.
        guard openFile() == nil else {
            _ = watchDirectory()
            if !reportedDeleted {
                reportedDeleted = true
                handler(.deleted)
            }
            return
        }
        reportedDeleted = false
        watchFile()
        unwatchDirectory()
        handler(.replaced)
        guard !isCancelled else { return }
        readAppended()
    }

    /// Hands over the bytes between ``offset`` and the file's end as it is now, in runs of at most ``bufferSize``;
    /// a file shorter than ``offset`` was truncated and is read from its beginning.
    ///
    /// Only up to the size seen first: a writer faster than the handler (50 MB/s) kept one call, and the main
    /// queue, reading for as long as it wrote. What comes meanwhile is read at the next event (or call).
    func readAppended() {
        var info = stat()
        guard fstat(file, &info) == 0 else { return }
        if Int64(info.st_size) < offset {
            offset = 0
            handler(.truncated)
            guard !isCancelled, file >= 0 else { return }
        }
        let end = Int64(info.st_size)
        while offset < end {
            let count = pread(file, buffer.baseAddress, min(buffer.count, Int(end - offset)), off_t(offset))
            guard count > 0 else { return }
            offset += Int64(count)
            handler(.appended(UnsafeRawBufferPointer(rebasing: buffer[0..<count])))
            guard !isCancelled, file >= 0 else { return }
        }
    }

    /// Starts the inotify watch of the file and the main-queue source that reads it; false without inotify.
    func startNotifications() -> Bool {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return false }
        inotifyFD = fd
        watchFile()
        guard fileWatch >= 0 else {
            close(fd)
            inotifyFD = -1
            return false
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readEvents() } }
        source.setCancelHandler { close(fd) }
        source.activate()
        notifications = source
        return true
    }

    /// Watches the directory for a file at the path (while none is there); true when the watch is new.
    func watchDirectory() -> Bool {
        guard inotifyFD >= 0, directoryWatch < 0 else { return false }
        let watch = directoryBytes.withUnsafeBufferPointer {
            inotify_add_watch(inotifyFD, $0.baseAddress!, FileFollower.directoryMask)
        }
        guard watch >= 0 else { return false }
        directoryWatch = watch
        return true
    }

    /// Stops watching the directory (a file is at the path again, watched itself).
    func unwatchDirectory() {
        guard inotifyFD >= 0, directoryWatch >= 0 else { return }
        // The file and the directory are different inodes, so their watches are different descriptors.
        if directoryWatch != fileWatch { inotify_rm_watch(inotifyFD, directoryWatch) }
        directoryWatch = -1
    }

    /// Watches the file at the path (the current one, just opened), dropping the watch of a replaced one.
    func watchFile() {
        guard inotifyFD >= 0 else { return }
        let watch = pathBytes.withUnsafeBufferPointer {
            inotify_add_watch(inotifyFD, $0.baseAddress!, FileFollower.fileMask)
        }
        if fileWatch >= 0, fileWatch != watch, fileWatch != directoryWatch {
            inotify_rm_watch(inotifyFD, fileWatch)
        }
        fileWatch = watch
    }

    /// Reads every waiting inotify event into the reused buffer; one ``check()`` for all that concern the file.
    func readEvents() {
        guard !isCancelled, inotifyFD >= 0 else { return }
        var relevant = false
        let header = MemoryLayout<inotify_event>.size
        while true {
            let count = read(inotifyFD, eventBuffer.baseAddress, eventBuffer.count)
            guard count > 0 else { break }
            var position = 0
            while position + header <= count {
                let event = eventBuffer.loadUnaligned(fromByteOffset: position, as: inotify_event.self)
                let nameStart = position + header
                let nameLength = min(Int(event.len), count - nameStart)
                position = nameStart + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    relevant = true
                } else if event.wd == fileWatch {
                    relevant = true
                } else if event.wd == directoryWatch, event.mask & FileFollower.directoryMask != 0,
                    isOurName(at: nameStart, length: nameLength)
                {
                    relevant = true
                }
            }
        }
        guard relevant else { return }
        check()
        rest()
    }

    /// Suspends the source for ``coalescing`` after a read: the events meanwhile (one per `write`) wait in the
    /// inotify queue, merged by the kernel, and are read together when it resumes.
    private func rest() {
        guard coalescing > .zero, !isCancelled, !isResting, let source = notifications else { return }
        isResting = true
        source.suspend()
        let (seconds, attoseconds) = coalescing.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.isResting, let source = self.notifications else { return }
                self.isResting = false
                source.resume()
            }
        }
    }

    /// True when the name in the event buffer (NUL-padded) is the file's name; compares bytes, allocates nothing.
    private func isOurName(at start: Int, length: Int) -> Bool {
        guard length >= nameBytes.count else { return false }
        for index in 0..<nameBytes.count where eventBuffer[start + index] != nameBytes[index] { return false }
        return length == nameBytes.count || eventBuffer[start + nameBytes.count] == 0
    }
}
