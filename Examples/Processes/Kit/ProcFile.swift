import Glibc

/// Reads small files and links with open/read/readlink (Foundation's file reads grew memory on every sample).
public enum ProcFile {
    /// The file's bytes (at most `limit`), nil when it cannot be opened or read.
    public static func read(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while result.count < limit {
            let count = buffer.withUnsafeMutableBytes {
                Glibc.read(fd, $0.baseAddress, min($0.count, limit - result.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    /// Where a symbolic link points (its raw bytes decoded, invalid UTF-8 replaced), nil when unreadable.
    public static func link(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes {
            readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count)
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// The names in a directory that are all digits (the pids under /proc), nil when it cannot be listed.
    public static func numericEntries(of path: String) -> [Int32]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var pids: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let pid = Int32(name) else {
                continue
            }
            pids.append(pid)
        }
        return pids.sorted()
    }
}
