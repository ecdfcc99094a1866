import Glibc

/// Why a directory cannot be listed: the error row under it says this.
public struct DirectoryError: Error, Equatable, CustomStringConvertible {
    /// The sentence shown.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) { self.description = description }

    /// The system's words for `errno` (say, "Permission denied").
    static func system(_ code: Int32) -> DirectoryError { DirectoryError(String(cString: strerror(code))) }
}

/// A directory read a batch at a time (`readdir`, each entry `lstat`ed relative to the directory): memory grows
/// with the entries kept, never with a read ahead.
///
/// Used by one thread at a time (a load reads the first batch, the stream that goes on after it the rest; the main
/// actor hands it over), hence `@unchecked Sendable`.
public final class DirectoryListing: @unchecked Sendable {
    /// The directory's path.
    public let path: String
    private var stream: OpaquePointer?

    /// Opens the directory at `path`: never blocks on a FIFO (`O_DIRECTORY` refuses anything but a directory).
    public init(path: String) throws(DirectoryError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system(errno) }
        guard let stream = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            throw .system(code)
        }
        self.stream = stream
    }

    deinit { if let stream { closedir(stream) } }

    /// True once every entry was read (the directory is closed then).
    public var isAtEnd: Bool { stream == nil }

    /// Up to `limit` more entries (`.` and `..` left out), in the directory's order; fewer at the end.
    public func next(_ limit: Int) -> [FileEntry] {
        guard let stream else { return [] }
        let descriptor = dirfd(stream)
        var entries: [FileEntry] = []
        entries.reserveCapacity(min(limit, 4096))
        while entries.count < limit {
            guard let pointer = readdir(stream) else {
                closedir(stream)
                self.stream = nil
                break
            }
            let name = withUnsafeBytes(of: pointer.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[0..<length], as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append(FileEntry.read(name: name, in: descriptor))
        }
        return entries
    }

    /// The names in the directory at `path` (no `lstat`), nil when it cannot be read.
    public static func names(in path: String) -> Set<String>? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var names = Set<String>()
        while let pointer = readdir(stream) {
            let name = withUnsafeBytes(of: pointer.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                return String(decoding: bytes[0..<(bytes.firstIndex(of: 0) ?? bytes.count)], as: UTF8.self)
            }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }

    /// Throws when the directory at `path` (a symbolic link followed) is the directory `root` or one between them,
    /// by device and inode: expanding it would go round for ever. Also throws when it cannot be looked at (a link
    /// to itself: "Too many levels of symbolic links").
    public static func checkNotLoop(path: String, root: String) throws(DirectoryError) {
        var target = stat()
        guard stat(path, &target) == 0 else { throw .system(errno) }
        var ancestor = path
        while ancestor.count > root.count, let slash = ancestor.lastIndex(of: "/") {
            ancestor = slash == ancestor.startIndex ? "/" : String(ancestor[..<slash])
            guard ancestor.count >= root.count else { break }
            var info = stat()
            if stat(ancestor, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                throw DirectoryError("symbolic link loop (leads back to \(ancestor))")
            }
        }
    }
}
