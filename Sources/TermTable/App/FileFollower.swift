import Dispatch
import Glibc
import TermTableCore
import TermTableLayout

/// Hands over the bytes appended to a growing file as they are written, and says when the file was
/// truncated, replaced or deleted (`tail -F`, `less +F`).
///
/// Whoever writes the file is seen: a process that keeps it open (a daemon, `cmd > log`, `tee`), one that
/// opens it for each line (`>>` in a shell), a log rotator that truncates it in place (`copytruncate`) or
/// renames it and creates a new one. With inotify (Linux) the follower watches the file (writes,
/// truncation, renaming, unlinking), and its directory only while no file is at the path (for the new file
/// of a rotation: watched all the time, any file made beside the log, in a busy `/tmp` or `/var/log`, would
/// wake the program); the descriptor is waited on by a dispatch read source on the main queue, the run loop's
/// own wake-up (epoll), so nothing is scheduled while nothing is written, and the handler runs on the main
/// actor while an ``Application`` sleeps. With a `coalescing` interval, the writes of a busy writer (one
/// event per `write`) are read at most once per interval: the source is suspended meanwhile.
///
/// Bytes are read with `pread` into one buffer kept for the follower's life, and each run of them is
/// handed to the handler as ``Change/appended(_:)``: copy what you keep, the buffer is read into again.
/// Following allocates nothing per write. Where inotify is not available, ``check()`` reads what
/// arrived (call it from a timer).
///
/// ```swift
/// let follower = try FileFollower(path: "/var/log/app.log", from: .end) { change in
///     switch change {
///     case .appended(let bytes): log.append(contentsOf: bytes)
///     case .truncated, .replaced: log.startGeneration()
///     case .deleted: status.text = "app.log was deleted"
///     }
///     app.setNeedsDisplay()
/// }
/// defer { follower.cancel() }
/// ```
@MainActor
public final class FileFollower {
    /// What happened to the file followed.
    public enum Change {
        /// Bytes written at the end of the file, in order; valid only during the call (the buffer is reused).
        case appended(UnsafeRawBufferPointer)
        /// The file became shorter than what was read (truncated in place, `copytruncate`): reading starts again
        /// at its beginning, and what is in it now follows as ``appended(_:)``.
        case truncated
        /// The path names another file now (renamed away and created again, or replaced): the old file's last bytes
        /// came before this, the new file's bytes, from its beginning, follow.
        case replaced
        /// The path names no file now (deleted, or renamed with nothing in its place); following goes on when a
        /// file appears at the path (``replaced``).
        case deleted
    }

    /// Where following starts in the file as it is when the follower is made.
    public enum Start: Sendable, Equatable {
        /// At its beginning: everything in it is handed over first.
        case beginning
        /// At its end: only what is written from now on.
        case end
        /// At this offset (what the caller already read itself): the bytes after it are handed over first.
        /// Past the file's end, the file is taken as truncated at the first ``FileFollower/check()``.
        case offset(Int64)
    }

    /// Why a file cannot be followed.
    public struct Failure: Error, CustomStringConvertible {
        /// The path and the reason, e.g. `app.log: No such file or directory`.
        public let description: String
    }

    /// The size of the buffer bytes are read into: the most a single ``Change/appended(_:)`` hands over.
    nonisolated public static let bufferSize = 64 * 1024

    /// The file followed, as given.
    public let path: String
    /// The offset in the current file up to which bytes were handed over.
    public internal(set) var offset: Int64 = 0
    /// True when changes are noticed with inotify; false when only ``check()`` reads.
    public private(set) var isNotified = false
    /// The least time between two reads of the file when notified (zero: each event is read at once).
    public let coalescing: Duration

    let pathBytes: ContiguousArray<CChar>
    let directoryBytes: ContiguousArray<CChar>
    /// The file's name in its directory, as inotify reports it.
    let nameBytes: ContiguousArray<UInt8>
    let handler: @MainActor (Change) -> Void
    let buffer: UnsafeMutableRawBufferPointer
    let eventBuffer: UnsafeMutableRawBufferPointer
    /// The current file's descriptor, -1 while the path names no file.
    var file: Int32 = -1
    /// The current file's device and inode.
    var identity: (device: UInt64, inode: UInt64) = (0, 0)
    var notifications: DispatchSourceRead?
    var inotifyFD: Int32 = -1
    var fileWatch: Int32 = -1
    var directoryWatch: Int32 = -1
    var reportedDeleted = false
    var isCancelled = false
    /// True while the source is suspended for ``coalescing``.
    var isResting = false

    /// Starts following the regular file at `path`; `onChange` runs on the main actor for each change.
    ///
    /// Throws ``Failure`` when the file cannot be opened or is not a regular file (a FIFO, a directory, a device).
    /// With `.beginning` (or an `.offset` before the end), the file's content is handed over by the first
    /// ``check()`` (the first event, or call it). `coalescing` (zero: none) is the least time between two reads
    /// when notified: a writer of a thousand lines a second then costs one wake-up per interval, not one a line.
    public init(
        path: String, from start: Start = .end, coalescing: Duration = .zero,
        onChange: @escaping @MainActor (Change) -> Void
    ) throws {
        self.path = path
        self.coalescing = coalescing
        pathBytes = ContiguousArray(path.utf8CString)
        // Split once: events name the file by its name in the directory.
        let utf8 = Array(path.utf8)
        if let slash = utf8.lastIndex(of: UInt8(ascii: "/")) {
            let directory = slash == 0 ? "/" : String(decoding: utf8[..<slash], as: UTF8.self)
            directoryBytes = ContiguousArray(directory.utf8CString)
            nameBytes = ContiguousArray(utf8[(slash + 1)...])
        } else {
            directoryBytes = ContiguousArray(".".utf8CString)
            nameBytes = ContiguousArray(utf8)
        }
        handler = onChange
        buffer = .allocate(byteCount: FileFollower.bufferSize, alignment: 16)
        eventBuffer = .allocate(byteCount: 16 * 1024, alignment: MemoryLayout<inotify_event>.alignment)
        if let reason = openFile() {
            throw Failure(description: "\(path): \(reason)")  // deinit frees the buffers
        }
        switch start {
        case .beginning: break
        case .end:
            var info = stat()
            if fstat(file, &info) == 0 { offset = Int64(info.st_size) }
        case .offset(let given): offset = max(0, given)
        }
        isNotified = startNotifications()
    }

    isolated deinit {
        stop()
        buffer.deallocate()
        eventBuffer.deallocate()
    }

    /// Stops following for good: the file and the watches are closed, the handler is not called again.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        stop()
    }

    private func stop() {
        // A suspended source must be resumed before it is cancelled and released.
        if isResting, let notifications { notifications.resume() }
        isResting = false
        notifications?.cancel()  // closes the inotify descriptor, which drops its watches
        notifications = nil
        inotifyFD = -1
        fileWatch = -1
        directoryWatch = -1
        if file >= 0 { close(file) }
        file = -1
    }

    /// Opens the file at the path (a regular file only) as the current one; nil, or why not.
    func openFile() -> String? {
        let fd = pathBytes.withUnsafeBufferPointer { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return reason
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return "not a regular file"
        }
        if file >= 0 { close(file) }
        file = fd
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
        offset = 0
        return nil
    }
}
