import Glibc
import TermTableCore

extension KeyMap {
    /// Where `app`'s key map is: `$XDG_CONFIG_HOME/<app>/keys.conf`, else `$HOME/.config/<app>/keys.conf`; nil
    /// when neither variable is set.
    public static func defaultPath(forApp app: String, environment: [String: String]? = nil) -> String? {
        let variables = environment ?? currentEnvironment()
        if let config = variables["XDG_CONFIG_HOME"], config.hasPrefix("/") { return "\(config)/\(app)/keys.conf" }
        if let home = variables["HOME"], !home.isEmpty { return "\(home)/.config/\(app)/keys.conf" }
        return nil
    }

    /// The process's environment variables.
    static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// Reads the key map at `path`: a missing file is an empty map and no problem; a file that is not a regular
    /// file (a FIFO, a directory, a device), larger than ``maximumFileSize``, not UTF-8 text (a NUL byte) or
    /// unreadable is one problem and an empty map, never a wait or a crash; then its lines (``parse(_:file:)``).
    public static func load(contentsOf path: String) -> (map: KeyMap, problems: [Problem]) {
        func refused(_ message: String) -> (map: KeyMap, problems: [Problem]) {
            (KeyMap(file: path), [Problem(file: path, line: nil, message: message + ": the default keys are used")])
        }
        // Non-blocking: opening a FIFO with no writer must not wait.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { return (KeyMap(file: path), []) }
            return refused(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return refused(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return refused("not a regular file") }
        guard info.st_size <= maximumFileSize else {
            return refused("\(info.st_size) bytes: a key map has at most \(maximumFileSize)")
        }
        // Read at most one byte past the limit: a file that grew since fstat is still bounded.
        var bytes = [UInt8](repeating: 0, count: maximumFileSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return refused(String(cString: strerror(errno))) }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumFileSize else { return refused("larger than \(maximumFileSize) bytes") }
        let content = bytes[..<count]
        guard !content.contains(0), let text = String(validating: content, as: UTF8.self) else {
            return refused("not UTF-8 text")
        }
        return parse(text, file: path)
    }
}
