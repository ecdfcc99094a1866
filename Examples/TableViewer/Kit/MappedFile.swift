import CMapGuard
import Glibc

/// A regular file mapped read-only into memory, for the life of the value.
///
/// A file that shrinks while mapped would raise SIGBUS on the next read of a page
/// past its new end, even with `MAP_PRIVATE` (truncation unmaps the pages of
/// private mappings too). The mapping is registered with a SIGBUS handler
/// (`CMapGuard`) that maps a page of zeros over the faulting page and returns, so
/// the read sees zeros instead of ending the process, and ``hasShrunk`` says it
/// happened; copying the file instead would cost its size in memory, and checking
/// the size before each read is racy. Other faults go to the handler in force
/// before; a handler installed later (the toolkit's terminal guard takes SIGBUS
/// over) is replaced again by the next mapping, so an app maps its file after its
/// screen starts. Opening refuses directories, FIFOs,
/// sockets, devices, empty files and unreadable files with a ``TableFileError``;
/// opening never blocks (a FIFO is opened non-blocking, then refused).
public final class MappedFile: @unchecked Sendable {
    /// The path given.
    public let path: String
    /// The mapped bytes: the file's size when it was opened. Read-only, valid for the value's life.
    public let bytes: UnsafeRawBufferPointer
    private let slot: Int32
    private let mappedLength: Int

    /// Maps the file at `path`.
    public init(path: String) throws(TableFileError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound(path)
            case EACCES, EPERM: throw .permissionDenied(path)
            default: throw .system(path, String(cString: strerror(errno)))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(path, String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isDirectory(path)
        default: throw .notAFile(path)
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw .empty(path) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw .system(path, String(cString: strerror(errno)))
        }
        _ = madvise(base, size, MADV_SEQUENTIAL)
        mappedLength = size
        slot = tv_map_guard_add(base, size)
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    /// Maps a copy of `bytes` held in anonymous memory (tests, and standard input read in full).
    public init(copying source: some Collection<UInt8>, path: String = "-") throws(TableFileError) {
        self.path = path
        let size = source.count
        guard size > 0 else { throw .empty(path) }
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            base != MAP_FAILED
        else { throw .system(path, String(cString: strerror(errno))) }
        let target = UnsafeMutableRawBufferPointer(start: base, count: size)
        target.copyBytes(from: source)
        _ = mprotect(base, size, PROT_READ)
        mappedLength = size
        slot = -1
        bytes = UnsafeRawBufferPointer(target)
    }

    deinit {
        tv_map_guard_remove(slot)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), mappedLength)
    }

    /// Puts the SIGBUS guard in front again after another handler took SIGBUS over (the toolkit's terminal guard,
    /// when a screen starts): a file mapped before the screen (so that errors are told before it starts) stays
    /// guarded, and faults that are not a mapping's go on to the terminal guard, which restores the terminal.
    public static func reinstallGuard() { tv_map_guard_reinstall() }

    /// The number of bytes mapped.
    public var count: Int { bytes.count }

    /// True once a read found the file shorter than when it was mapped (the bytes past its new end read as
    /// zeros). False too when the mapping could not be guarded (more than 64 files mapped at once).
    public var hasShrunk: Bool { slot >= 0 && tv_map_guard_faulted(slot) != 0 }
}
