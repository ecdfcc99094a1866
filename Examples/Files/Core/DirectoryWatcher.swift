import Dispatch
import Glibc

/// What happened to a name in a watched directory.
public enum FileChange: Sendable, Equatable {
    /// Created, or moved in.
    case created
    /// Deleted, or moved out.
    case deleted
    /// Written, or its attributes changed.
    case changed
}

/// Changes in the directories the tree shows, from inotify: a watch per listed directory, the descriptor read on
/// the main queue when the kernel has events (nothing runs between changes). Nil from ``make(onChange:)`` where
/// inotify is not available.
@MainActor
final class DirectoryWatcher {
    let descriptor: Int32
    var source: (any DispatchSourceRead)?
    /// The directory of each watch (nil: the root).
    var directories: [Int32: FileItem?] = [:]
    let onChange: (FileItem?, String, FileChange) -> Void

    init(descriptor: Int32, onChange: @escaping (FileItem?, String, FileChange) -> Void) {
        self.descriptor = descriptor
        self.onChange = onChange
    }

    /// A watcher calling `onChange` with the directory (nil: the root), the name and the change; nil without
    /// inotify.
    static func make(onChange: @escaping (FileItem?, String, FileChange) -> Void) -> DirectoryWatcher? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let watcher = DirectoryWatcher(descriptor: descriptor, onChange: onChange)
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak watcher] in
            MainActor.assumeIsolated { watcher?.readEvents() }
        }
        source.resume()
        watcher.source = source
        return watcher
    }

    /// Watches the directory at `path`, shown as `item` (nil: the root); a watch that cannot be added is left out.
    func watch(_ path: String, for item: FileItem?) {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)
        let watch = inotify_add_watch(descriptor, path, mask)
        if watch >= 0 { directories[watch] = .some(item) }
    }

    /// Reads the events there are and reports each.
    func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            while offset + 16 <= count {
                let header = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let (watch, mask, length) = header
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                if mask & UInt32(IN_IGNORED) != 0 {
                    directories[watch] = nil
                    continue
                }
                guard let directory = directories[watch], !name.isEmpty else { continue }
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    onChange(directory, name, .created)
                } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    onChange(directory, name, .deleted)
                } else {
                    onChange(directory, name, .changed)
                }
            }
        }
    }

    /// Stops watching.
    func close() {
        source?.cancel()
        source = nil
        Glibc.close(descriptor)
    }
}
