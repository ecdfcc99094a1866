/// Why a log cannot be shown; ``message`` says so in words (the path made printable).
public enum LogFileError: Error, Equatable, Sendable {
    /// No such file.
    case notFound(String)
    /// No read permission.
    case permissionDenied(String)
    /// A directory.
    case isDirectory(String)
    /// A device or socket (`/dev/zero`, a terminal): endless or not a log.
    case notAFile(String)
    /// Another error from the system (path, errno text).
    case system(String, String)

    /// One line for the user.
    public var message: String {
        switch self {
        case .notFound(let path): "\(LogText.printable(path)): no such file"
        case .permissionDenied(let path): "\(LogText.printable(path)): no read permission"
        case .isDirectory(let path): "\(LogText.printable(path)): is a directory"
        case .notAFile(let path):
            "\(LogText.printable(path)): not a regular file or pipe (a device such as /dev/zero is refused)"
        case .system(let path, let reason): "\(LogText.printable(path)): \(LogText.printable(reason))"
        }
    }
}
