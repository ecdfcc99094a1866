import Glibc
import TermTable

/// What the preview pane shows of an entry: a text file's first lines, a binary's first bytes in hex, or why there
/// is nothing to show. Reads at most ``limit`` bytes, opens only regular files (never a FIFO, a socket or a
/// device: `O_NONBLOCK`, then `fstat` checked), and sanitizes what it shows.
public enum FilePreview {
    /// The most bytes read of a file.
    public static let limit = 64 * 1024
    /// The most lines shown of a text file.
    public static let lineLimit = 500

    /// The preview of `item`.
    public static func text(for item: FileItem) -> String {
        let entry = item.entry
        switch entry.kind {
        case .directory: return "directory"
        case .fifo: return "named pipe (FIFO): not opened"
        case .socket: return "socket: not opened"
        case .device: return "device: not opened"
        case .other: return "gone, or cannot be looked at"
        case .symlink where entry.linkIsDirectory:
            return "link to a directory: " + TerminalText.sanitize(entry.linkTarget)
        case .symlink, .file: break
        }
        // A link is followed only to a regular file (opening a device can have effects; a FIFO would wait).
        var target = stat()
        guard stat(item.path, &target) == 0 else { return String(cString: strerror(errno)) }
        guard target.st_mode & S_IFMT == S_IFREG else { return "not a regular file: not opened" }
        let descriptor = open(item.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return "not a regular file: not read"
        }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
            if got <= 0 { break }
            count += got
        }
        return preview(Array(bytes[0..<count]), size: Int64(info.st_size))
    }

    /// The preview of a file's first `bytes` (of `size`): lines of text (tabs as spaces, controls shown as their
    /// glyphs), or, with a NUL or invalid UTF-8 in it, a hex summary of the first 256 bytes.
    public static func preview(_ bytes: [UInt8], size: Int64) -> String {
        if bytes.isEmpty { return "empty file" }
        var checked = bytes[...]
        // A UTF-8 sequence cut at the read's end is not a sign of a binary.
        if bytes.count == limit {
            var cut = 0
            while cut < 3, cut < checked.count, checked[checked.endIndex - 1 - cut] & 0xC0 == 0x80 { cut += 1 }
            if cut < checked.count, checked[checked.endIndex - 1 - cut] >= 0xC0 { checked = checked.dropLast(cut + 1) }
        }
        let isText = !checked.contains(0) && String(validating: checked, as: UTF8.self) != nil
        guard isText else { return hexSummary(bytes, size: size) }
        let text = String(decoding: checked, as: UTF8.self)
        var lines: [String] = []
        for line in text.split(separator: "\n", maxSplits: lineLimit, omittingEmptySubsequences: false).prefix(
            lineLimit)
        {
            let spaced = line.replacing("\t", with: "    ").replacing("\r", with: "")
            lines.append(TerminalText.sanitize(String(spaced)))
        }
        return lines.joined(separator: "\n")
    }

    /// `binary, 1.2M` then up to 16 lines of `offset  hex  ascii`.
    public static func hexSummary(_ bytes: [UInt8], size: Int64) -> String {
        let digits = Array("0123456789abcdef")
        var lines = ["binary, \(FileBrowser.humanSize(size)) bytes"]
        for start in stride(from: 0, to: min(bytes.count, 256), by: 16) {
            let row = bytes[start..<min(bytes.count, start + 16)]
            var line = String(String(start, radix: 16).leftPadded(to: 8)) + "  "
            for byte in row { line += String([digits[Int(byte >> 4)], digits[Int(byte & 15)]]) + " " }
            line += String(repeating: "   ", count: 16 - row.count) + " "
            line += String(row.map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." })
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
