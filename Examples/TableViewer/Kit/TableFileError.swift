import Glibc

/// Why a file cannot be shown as a table; ``message`` says so in one line.
public enum TableFileError: Error, Equatable, Sendable {
    /// No such file.
    case notFound(String)
    /// No read permission.
    case permissionDenied(String)
    /// A directory.
    case isDirectory(String)
    /// A FIFO, socket or device: not a file that can be mapped (a pipe has no size to index against).
    case notAFile(String)
    /// A file with no bytes: nothing to show.
    case empty(String)
    /// Another error from the system (path, the system's reason).
    case system(String, String)

    /// One line for the user, the path made printable.
    public var message: String {
        switch self {
        case .notFound(let path): "\(TableText.printable(path)): no such file"
        case .permissionDenied(let path): "\(TableText.printable(path)): no read permission"
        case .isDirectory(let path): "\(TableText.printable(path)): is a directory"
        case .notAFile(let path):
            "\(TableText.printable(path)): not a regular file (a FIFO, socket or device cannot be mapped)"
        case .empty(let path): "\(TableText.printable(path)): the file is empty"
        case .system(let path, let reason): "\(TableText.printable(path)): \(TableText.printable(reason))"
        }
    }
}

/// Text helpers of the kit.
public enum TableText {
    /// `text` with control characters shown as `?` (a path or a system message never drives the terminal).
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// The index of the first `byte` in `bytes` at or after `from`, nil when there is none (`memchr`).
    public static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + from, Int32(byte), bytes.count - from)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// `bytes` decoded as UTF-8 (an invalid sequence becomes U+FFFD), cut to at most `limit` bytes at a character
    /// boundary; and whether the bytes were valid UTF-8.
    public static func decode(_ bytes: UnsafeRawBufferPointer, limit: Int = .max) -> (text: String, valid: Bool) {
        var end = min(bytes.count, max(0, limit))
        if end < bytes.count {
            // Back up over continuation bytes so a character is not cut in two.
            var back = end
            while back > 0, back > end - 4, bytes[back] & 0xC0 == 0x80 { back -= 1 }
            end = back
        }
        let cut = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        if let text = String(validating: cut, as: UTF8.self) { return (text, true) }
        return (String(decoding: cut, as: UTF8.self), false)
    }
}
