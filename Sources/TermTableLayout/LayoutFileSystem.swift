#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads layout files and lists folders of them through the C library, with errors that name the path and the reason.
///
/// The toolkit does not link Foundation (see DECISIONS.md, "Memory"), and FoundationEssentials' file
/// errors have no readable description there, so the reasons come from `strerror`.
package enum LayoutFileSystem {
    /// The most bytes a layout file may hold: 4 MB (the largest layout shipped is a few kilobytes).
    package static let maximumFileSize = 4 * 1024 * 1024

    /// `path` made absolute (against the working directory), with symbolic links, `.`, `..` and repeated
    /// slashes resolved by `realpath` when it exists, else removed as written and then resolved: what `URL(fileURLWithPath:).standardizedFileURL
    /// .resolvingSymlinksInPath().path` gives, without Foundation's URL parser, whose code was 0.8 MiB of a
    /// program's peak memory for one key (issue 20).
    package static func canonicalPath(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let directory = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "/"
            absolute = directory + "/" + path
        }
        // An existing path: `..` after a link goes up from where the link points, as URL does.
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        let standardized = "/" + parts.joined(separator: "/")
        guard let resolved = realpath(standardized, nil) else { return standardized }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The text of the file at `path`: clear errors for a missing, unreadable or non-UTF-8 file.
    ///
    /// Only a regular file is read (a symbolic link is followed): a directory, a named pipe (FIFO), a
    /// device (`/dev/zero`) or a socket is refused without reading from it, and so is a file larger than
    /// ``maximumFileSize``. The file is opened without waiting (`O_NONBLOCK`), so a FIFO with no writer
    /// cannot block the caller, and its type is checked on the open descriptor.
    package static func readText(path: String) throws(LayoutLibraryError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                throw .unreadable(path: path, reason: "it is a directory")
            }
            throw missingOrUnreadable(path: path, code: code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: reason(errno)) }
        if let kind = notRegularFile(mode: info.st_mode) {
            throw .unreadable(
                path: path, reason: kind == "a directory" ? "it is a directory" : "it is \(kind), not a regular file")
        }
        if Int(info.st_size) > maximumFileSize { throw tooLarge(path: path) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .unreadable(path: path, reason: reason(code))
            }
            bytes += chunk[0..<count]
            if bytes.count > maximumFileSize { throw tooLarge(path: path) }  // it grew while being read
        }
        if let offset = firstInvalidUTF8Byte(in: bytes) {
            let line = bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .notUTF8(path: path, offset: offset, line: line)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a file of this mode is, in words, when it is not a regular file; nil for a regular file.
    static func notRegularFile(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    /// The error for a file over ``maximumFileSize``.
    static func tooLarge(path: String) -> LayoutLibraryError {
        .unreadable(
            path: path,
            reason: "it is larger than 4 MB (\(maximumFileSize) bytes), the most a layout file may be")
    }

    /// The names of the `.layout` files of `directory` (not hidden ones, not its subdirectories' files), sorted.
    package static func layoutFileNames(inDirectory directory: String) throws(LayoutLibraryError) -> [String] {
        var info = stat()
        guard stat(directory, &info) == 0 else { throw missingOrUnreadable(path: directory, code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notADirectory(path: directory) }
        guard let stream = opendir(directory) else { throw .unreadable(path: directory, reason: reason(errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasSuffix(".layout") && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The offset of the first byte that is not part of valid UTF-8, nil when all of it is.
    package static func firstInvalidUTF8Byte(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// `fileNotFound` when nothing is at `path` (or a folder on the way is a file), else `unreadable` with the reason.
    static func missingOrUnreadable(path: String, code: Int32) -> LayoutLibraryError {
        code == ENOENT || code == ENOTDIR ? .fileNotFound(path: path) : .unreadable(path: path, reason: reason(code))
    }

    /// The C library's text for an `errno` value (`Permission denied`).
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
