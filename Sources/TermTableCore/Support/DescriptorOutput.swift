#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output a program writes with `write(2)`, so a full device or a closed descriptor is an error it can report
/// (`news --print`, `termtable preview --width`), not a trap in `FileHandle.write`.
package enum DescriptorOutput {
    /// Writes all of `text` to descriptor `fd`; the reason when that failed (the C library's words), else nil.
    package static func writeAll(_ text: String, to fd: Int32) -> String? {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += count
        }
        return nil
    }
}
