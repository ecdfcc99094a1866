import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembers which articles have been read, across runs, in a small JSON file.
///
/// The file is `read-state.json` in `directory` (normally `defaultDirectory(environment:)`).
/// Every change is saved at once, atomically: the new contents go to a temporary file in
/// the same directory, which is flushed to disk (`fsync`) and renamed over the old file, so
/// a crash loses at most the change being written and never leaves a half-written file.
/// A file that cannot be read or decoded is renamed to `read-state.json.corrupt-<time>` and
/// the store starts empty; problems are reported in `warnings` rather than thrown.
///
/// Not thread-safe: use one store from one actor (typically the main actor).
public final class ReadStateStore {
    /// The file name inside the state directory.
    public static let fileName = "read-state.json"

    /// The directory holding the state file; created on the first save if missing.
    public let directory: URL
    /// The state file's location.
    public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }
    /// Problems met while loading or saving, as sentences the app can show.
    public private(set) var warnings: [String] = []
    /// The ids of all articles marked read.
    public private(set) var readIDs: Set<String> = []

    /// The on-disk format.
    private struct StateFile: Codable {
        var version: Int
        var read: [String]
    }

    /// The default state directory: `$XDG_STATE_HOME/termtable-news` when that variable is
    /// set to an absolute path, else `$HOME/.local/state/termtable-news`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("termtable-news")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/state/termtable-news")
    }

    /// Opens the store in `directory`, loading the marks saved there.
    public init(directory: URL) {
        self.directory = directory
        load()
    }

    /// Opens the store in the default directory for `environment`.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: Self.defaultDirectory(environment: environment))
    }

    /// Whether the article with `id` is marked read.
    public func isRead(_ id: String) -> Bool {
        readIDs.contains(id)
    }

    /// Marks the article with `id` read or unread, saving immediately if that changes anything.
    public func setRead(_ id: String, _ read: Bool) {
        let changed = read ? readIDs.insert(id).inserted : readIDs.remove(id) != nil
        if changed { save() }
    }

    /// Flips the article's read mark, saves, and returns the new state.
    @discardableResult
    public func toggle(_ id: String) -> Bool {
        let read = !isRead(id)
        setRead(id, read)
        return read
    }

    // MARK: - Loading

    private func load() {
        let path = fileURL.path
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            let data = try Data(contentsOf: fileURL)
            let state = try JSONDecoder().decode(StateFile.self, from: data)
            readIDs = Set(state.read)
        } catch {
            setAside(reason: Self.reason(for: error))
        }
    }

    private static func reason(for error: any Error) -> String {
        if error is DecodingError { return "it is not valid read-state JSON" }
        return error.localizedDescription
    }

    private func setAside(reason: String) {
        let aside = directory.appendingPathComponent("\(Self.fileName).corrupt-\(Self.timestamp())")
        if rename(fileURL.path, aside.path) == 0 {
            warn("Could not read \(fileURL.path) (\(reason)); moved it to \(aside.lastPathComponent) and started with no articles marked read.")
        } else {
            warn("Could not read \(fileURL.path) (\(reason)) or move it aside (\(Self.errnoText())); starting with no articles marked read.")
        }
    }

    /// The current UTC time as `20240315T101530Z`, for set-aside file names.
    private static func timestamp() -> String {
        let seconds = Int(Date().timeIntervalSince1970)
        let (year, month, day) = CivilDate.fields(daysSinceEpoch: seconds / 86_400)
        let time = seconds % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)\(two(month))\(two(day))T\(two(time / 3600))\(two(time / 60 % 60))\(two(time % 60))Z"
    }

    // MARK: - Saving

    private func save() {
        do {
            let state = StateFile(version: 1, read: readIDs.sorted())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try Self.writeAtomically(try encoder.encode(state), to: fileURL.path, directory: directory.path)
        } catch {
            warn("Could not save read marks to \(fileURL.path): \(error.localizedDescription)")
        }
    }

    /// A failed system call, with the `strerror` text.
    private struct SystemError: LocalizedError {
        var operation: String
        var message: String
        var errorDescription: String? { "\(operation): \(message)" }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    /// Writes `data` to a temporary file next to `path`, fsyncs it, renames it over `path`
    /// and fsyncs the directory so the rename itself is durable.
    private static func writeAtomically(_ data: Data, to path: String, directory: String) throws {
        let temporary = "\(directory)/.\(fileName).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError(operation: "create \(temporary)", message: errnoText()) }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw SystemError(operation: "write", message: errnoText())
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw SystemError(operation: "fsync", message: errnoText()) }
        closed = true
        guard close(descriptor) == 0 else { throw SystemError(operation: "close", message: errnoText()) }
        guard rename(temporary, path) == 0 else { throw SystemError(operation: "rename", message: errnoText()) }
        renamed = true
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Records a warning unless it repeats the last one (a failing disk would flood the list).
    private func warn(_ message: String) {
        if warnings.last != message { warnings.append(message) }
    }
}
