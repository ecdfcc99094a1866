import Glibc

/// One directory entry as `lstat` saw it: never followed, except to tell whether a symbolic link leads to a
/// directory.
public struct FileEntry: Sendable, Equatable {
    /// What an entry is.
    public enum Kind: Sendable, Equatable {
        /// A directory.
        case directory
        /// A regular file.
        case file
        /// A symbolic link (``FileEntry/linkTarget`` says where to).
        case symlink
        /// A named pipe: shown, never opened.
        case fifo
        /// A socket: shown, never opened.
        case socket
        /// A character or block device: shown, never opened.
        case device
        /// Whatever else `lstat` says, or an entry `lstat` could not see (gone since it was listed).
        case other
    }

    /// The name as the directory has it (untrusted: shown through ``/TermTableCore/TerminalText/sanitize(_:)``).
    public var name: String
    /// What it is.
    public var kind: Kind
    /// Its size in bytes (`st_size`).
    public var size: Int64
    /// Its modification time, in seconds since 1970.
    public var modified: Int
    /// A symbolic link's target as written, "" for other kinds.
    public var linkTarget: String
    /// True for a symbolic link that leads to a directory (the tree can expand it, guarded against loops).
    public var linkIsDirectory: Bool

    /// An entry from its fields.
    public init(
        name: String, kind: Kind, size: Int64 = 0, modified: Int = 0, linkTarget: String = "",
        linkIsDirectory: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.size = size
        self.modified = modified
        self.linkTarget = linkTarget
        self.linkIsDirectory = linkIsDirectory
    }

    /// True for an entry the tree can expand: a directory, or a symbolic link to one.
    public var isExpandable: Bool { kind == .directory || (kind == .symlink && linkIsDirectory) }

    /// The kind of a `st_mode`.
    static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFDIR: .directory
        case S_IFREG: .file
        case S_IFLNK: .symlink
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR, S_IFBLK: .device
        default: .other
        }
    }

    /// `name` in the directory open as `directory` (`AT_FDCWD`: `path` is the entry's whole path), looked at with
    /// `fstatat` (not followed); a symbolic link's target read and followed once to tell whether it is a directory.
    static func read(name: String, in directory: Int32, path: String? = nil) -> FileEntry {
        let name = path ?? name
        let shownName =
            path == nil ? name : String(name[(name.lastIndex(of: "/").map(name.index(after:)) ?? name.startIndex)...])
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            return FileEntry(name: shownName, kind: .other)
        }
        var entry = FileEntry(
            name: shownName, kind: kind(of: info.st_mode), size: Int64(info.st_size), modified: Int(info.st_mtim.tv_sec)
        )
        if entry.kind == .symlink {
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlinkat(directory, name, &buffer, buffer.count - 1)
            if count > 0 {
                entry.linkTarget = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            var target = stat()
            if fstatat(directory, name, &target, 0) == 0 {
                entry.linkIsDirectory = (target.st_mode & S_IFMT) == S_IFDIR
            }
        }
        return entry
    }

    /// The entry at `path` (its name: the last component), as ``DirectoryListing`` would list it.
    public static func read(path: String) -> FileEntry { read(name: path, in: AT_FDCWD, path: path) }
}

/// A node of the file tree: its path (its identity: two items of one path are the same item) and its entry.
public struct FileItem: Hashable, Sendable {
    /// The path, from the directory `files` was started on.
    public let path: String
    /// What `lstat` said when it was listed.
    public let entry: FileEntry

    /// The item of `entry` in the directory at `directory`.
    public init(entry: FileEntry, in directory: String) {
        self.path = directory == "/" ? "/" + entry.name : directory + "/" + entry.name
        self.entry = entry
    }

    /// Equal paths.
    public static func == (lhs: FileItem, rhs: FileItem) -> Bool { lhs.path == rhs.path }

    /// The path's hash.
    public func hash(into hasher: inout Hasher) { hasher.combine(path) }
}
