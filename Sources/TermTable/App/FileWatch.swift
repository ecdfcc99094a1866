import Dispatch
import FoundationEssentials
import Glibc
import TermTableCore

/// Calls a handler on the main actor when a file is saved, however the editor saves it.
///
/// With inotify (Linux), the watch is on the file's directory, filtered by the
/// file's name, so an editor that writes a new file and renames it over the old
/// one (vim, many IDEs) is seen as well as one that writes in place, and so is a file
/// that comes back through `ln`, `ln -s`, `mkdir` or `mkfifo`, or whose permissions
/// change; a second watch on the file itself follows a symbolic link to its target. The
/// descriptor is waited on by a dispatch read source on the main queue (epoll):
/// nothing runs between saves, and the handler runs while an ``Application``
/// sleeps, so calling ``Application/setNeedsDisplay()`` from it redraws at once.
///
/// Where inotify is not available (its limit of instances reached, a file
/// system that does not report changes), the file's status (inode, size,
/// modification time) is compared every ``pollInterval`` instead.
///
/// ```swift
/// let watch = FileWatch(path: "Layouts/News.layout") { model.reload(); app.setNeedsDisplay() }
/// defer { watch.cancel() }
/// ```
@MainActor
package final class FileWatch {
    /// How changes are noticed.
    package enum Mechanism: Equatable, Sendable {
        /// Kernel notifications on the file's directory and on the file.
        case inotify
        /// The file's status compared at an interval.
        case polling(Duration)
    }

    /// The interval of the fallback: slow enough to cost nothing, quick enough to feel live.
    nonisolated package static let pollInterval: Duration = .milliseconds(500)

    /// The file watched, as given.
    package let path: String
    /// How changes are noticed now (inotify falls back to polling when the directory's watch is lost).
    package private(set) var mechanism: Mechanism
    /// How many times the handler was called.
    package private(set) var changeCount = 0

    private let onChange: @MainActor () -> Void
    private var notifications: DispatchSourceRead?
    private var descriptor: Int32 = -1
    private var directoryWatch: Int32 = -1
    private var fileWatch: Int32 = -1
    private var timer: DispatchSourceTimer?
    private var lastStatus: FileStatus?
    private var isCancelled = false

    /// Starts watching `path` (which need not exist yet); `onChange` runs on the main actor after each save.
    ///
    /// `polling` forces the fallback at that interval (for tests and odd file systems).
    package init(path: String, polling: Duration? = nil, onChange: @escaping @MainActor () -> Void) {
        self.path = path
        self.onChange = onChange
        mechanism = .polling(polling ?? FileWatch.pollInterval)
        if polling == nil, startNotifications() { mechanism = .inotify } else { startPolling() }
    }

    /// Stops watching for good; the handler is not called again.
    package func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        stopNotifications()
        timer?.cancel()
        timer = nil
    }

    // MARK: inotify

    /// On the directory, for the file's name: written, renamed over or away, deleted, created (a link, a symbolic
    /// link, a directory or a FIFO made at its name) or its attributes changed (read access given back while
    /// the file itself could not be watched).
    private static let directoryMask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB)
    private static let fileMask = UInt32(IN_CLOSE_WRITE | IN_ATTRIB)

    private var directory: String { URL(filePath: path).deletingLastPathComponent().path(percentEncoded: false) }

    private var name: String { URL(filePath: path).lastPathComponent }

    private func startNotifications() -> Bool {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return false }
        let watch = inotify_add_watch(fd, directory, FileWatch.directoryMask)
        guard watch >= 0 else {
            close(fd)
            return false
        }
        descriptor = fd
        directoryWatch = watch
        watchFile()
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readNotifications() } }
        source.setCancelHandler { close(fd) }
        source.activate()
        notifications = source
        return true
    }

    /// Watches the file's current inode (the target of a link), dropping the watch of a replaced one.
    private func watchFile() {
        let watch = inotify_add_watch(descriptor, path, FileWatch.fileMask)
        if fileWatch >= 0, fileWatch != watch, fileWatch != directoryWatch {
            inotify_rm_watch(descriptor, fileWatch)
        }
        fileWatch = watch
    }

    private func stopNotifications() {
        notifications?.cancel()  // closes the descriptor, which drops its watches
        notifications = nil
        descriptor = -1
        directoryWatch = -1
        fileWatch = -1
    }

    /// Reads every waiting event; one call of the handler for all that concern the file.
    private func readNotifications() {
        guard !isCancelled, descriptor >= 0 else { return }
        var relevant = false
        var directoryLost = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameLength = Int(event.len)
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + nameLength)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + nameLength
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { relevant = true }
                if event.wd == directoryWatch {
                    if event.mask & UInt32(IN_IGNORED) != 0 { directoryLost = true }
                    if event.mask & FileWatch.directoryMask != 0, eventName == name,
                        event.mask & UInt32(IN_CREATE) == 0 || !isBeingWritten()
                    {
                        relevant = true
                    }
                } else if event.wd == fileWatch, event.mask & FileWatch.fileMask != 0 {
                    relevant = true
                }
            }
        }
        if directoryLost {
            stopNotifications()
            mechanism = .polling(FileWatch.pollInterval)
            startPolling()
            relevant = true
        } else if relevant {
            watchFile()
        }
        if relevant { changed() }
    }

    /// True when the file just created is a new regular file of one name: an editor or `cp` writing it, whose
    /// IN_CLOSE_WRITE follows (a half-written file is not parsed); a hard link (`ln`), a symbolic link, a
    /// directory or a FIFO made at the name is complete at once.
    private func isBeingWritten() -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_nlink == 1
    }

    private func changed() {
        changeCount += 1
        onChange()
    }

    // MARK: Polling

    /// What tells one version of the file from another without reading it.
    private struct FileStatus: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    private func status() -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }

    private func startPolling() {
        guard case .polling(let interval) = mechanism else { return }
        lastStatus = status()
        let source = DispatchSource.makeTimerSource(queue: .main)
        let nanoseconds =
            Int(interval.components.seconds) * 1_000_000_000
            + Int(interval.components.attoseconds / 1_000_000_000)
        source.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .milliseconds(50))
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.poll() } }
        source.activate()
        timer = source
    }

    private func poll() {
        guard !isCancelled else { return }
        let now = status()
        guard now != lastStatus else { return }
        lastStatus = now
        changed()
    }
}
