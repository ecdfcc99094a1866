import Glibc

/// Reading a small text file the user may have broken: bounded, never waiting on a FIFO, never trusting its size.
enum SmallTextFile {
    /// What reading gave: the text, no file, or why it was refused.
    enum Outcome {
        case text(String)
        case missing
        case refused(String)
    }

    /// Reads `path` if it is a regular file of at most `maximumSize` bytes of UTF-8 without NUL; `what` names such
    /// a file in the size message (`"a key map"`).
    static func read(_ path: String, maximumSize: Int, what: String) -> Outcome {
        // Non-blocking: opening a FIFO with no writer must not wait.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { return .missing }
            return .refused(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .refused(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .refused("not a regular file") }
        guard info.st_size <= maximumSize else {
            return .refused("\(info.st_size) bytes: \(what) has at most \(maximumSize)")
        }
        // Read at most one byte past the limit: a file that grew since fstat is still bounded.
        var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return .refused(String(cString: strerror(errno))) }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumSize else { return .refused("larger than \(maximumSize) bytes") }
        let content = bytes[..<count]
        guard !content.contains(0), let text = String(validating: content, as: UTF8.self) else {
            return .refused("not UTF-8 text")
        }
        return .text(text)
    }

    /// Writes `text` to `path` through a temporary file renamed over it, making its directory (0700) first; nil
    /// when written, else why not.
    static func write(_ text: String, to path: String) -> String? {
        var directory = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true).dropLast() {
            directory += "/" + part
            if mkdir(directory, 0o700) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let put = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if put < 0 && errno == EINTR { continue }
            guard put > 0 else {
                let message = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                return message
            }
            written += put
        }
        close(fd)
        guard rename(temporary, path) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }
}
