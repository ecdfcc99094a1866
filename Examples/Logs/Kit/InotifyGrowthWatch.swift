import Dispatch
import Glibc

/// A ``LogGrowthWatch`` on inotify: writes to the file (`IN_MODIFY`, so held-open writers are seen), its
/// attributes, its move or deletion, and, while no file is at its path, a new file of its name in its directory
/// (rotation); the file then at the path is watched in turn.
///
/// Nothing is scheduled at rest: a main-queue read source on the inotify
/// descriptor. Each wake-up reads the events into one buffer made at start (no
/// allocation per event); the handler runs once per ``coalescing`` at most.
public final class InotifyGrowthWatch: LogGrowthWatch {
    /// The file watched.
    public let path: String
    private var descriptor: Int32 = -1
    private var source: DispatchSourceRead?

    /// The most often the handler is called: changes within this time after the first are one call.
    public let coalescing: DispatchTimeInterval

    /// A watch of `path` (not started) that calls its handler at most once per `coalescing` (25 ms).
    public init(path: String, coalescing: DispatchTimeInterval = .milliseconds(25)) {
        self.path = path
        self.coalescing = coalescing
    }

    deinit {
        source?.cancel()
    }

    /// Watches the file and its directory; without inotify (limit reached) nothing is watched.
    public func start(_ changed: @escaping @MainActor @Sendable () -> Void) {
        stop()
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return }
        descriptor = fd
        let fileMask = UInt32(IN_MODIFY | IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF | IN_CLOSE_WRITE)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let filePath = path
        // The directory is watched only while no file is at the path (after a rotation or a deletion, until
        // the new file comes): watched all the time, any file created in it (a busy /tmp, /var/log) woke `logs`.
        nonisolated(unsafe) var directoryWatch: Int32 = -1
        /// Watches the file now at the path (the same one again is a no-op); without one, the directory.
        func watchPath() {
            if inotify_add_watch(fd, filePath, fileMask) >= 0 {
                if directoryWatch >= 0 { _ = inotify_rm_watch(fd, directoryWatch) }
                directoryWatch = -1
                return
            }
            guard directoryWatch < 0 else { return }
            directoryWatch = inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_MOVED_TO))
            // A file that came between the two calls made no event in the directory: look once more.
            if inotify_add_watch(fd, filePath, fileMask) >= 0 {
                _ = inotify_rm_watch(fd, directoryWatch)
                directoryWatch = -1
            }
        }
        watchPath()
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)
        source.setCancelHandler {
            close(fd)
            buffer.deallocate()
        }
        let coalesce = coalescing
        nonisolated(unsafe) var pending = false
        source.setEventHandler {
            // Drain the events; which ones does not matter: LogFile.update() looks at the file. A writer of a
            // thousand lines a second makes a thousand events: one call per `coalescing` at most.
            while read(fd, buffer, 4096) > 0 {}
            // Moved, deleted or replaced: the file now at the path is watched (its writers seen), or the directory.
            watchPath()
            guard !pending else { return }
            pending = true
            DispatchQueue.main.asyncAfter(deadline: .now() + coalesce) {
                pending = false
                MainActor.assumeIsolated { changed() }
            }
        }
        source.resume()
        self.source = source
    }

    /// Stops watching.
    public func stop() {
        // The cancel handler closes the descriptor and frees the buffer.
        source?.cancel()
        source = nil
        descriptor = -1
    }
}
