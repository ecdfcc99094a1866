import Foundation
import TermTableCore

/// The process-wide cache of parsed layout files: each file is read and parsed once per process.
///
/// Entries are keyed by the standardized path (symbolic links resolved), so
/// `Layouts/News.layout`, `./Layouts/News.layout` and an absolute path share one
/// parse however many libraries, tables and cells use the file. Failed parses
/// are kept too, so a broken file is not parsed again on every attempt.
/// ``parseCount`` counts every parse of a file, cached or not.
public final class LayoutCache: Sendable {
    /// The cache every `LayoutLibrary` uses.
    public static let shared = LayoutCache()

    /// A file's text and what parsing it gave.
    package struct Entry: Sendable {
        package var text: String
        package var result: Result<LayoutDocument, LayoutErrorList>
    }

    /// The parsed files and the parse counters, behind one lock.
    private struct State {
        var entries: [String: Entry] = [:]
        var counts: [String: Int] = [:]
        var total = 0
    }
    private let state = Locked(State())

    /// Creates an empty cache (tests may want their own).
    public init() {}

    /// How many times a layout file was parsed in this process (cache misses plus explicit reparses).
    public var parseCount: Int { state.withLock { $0.total } }

    /// How many times the file at `path` was parsed in this process.
    public func parseCount(forPath path: String) -> Int {
        let key = LayoutCache.key(for: path)
        return state.withLock { $0.counts[key] ?? 0 }
    }

    /// Forgets every parsed file (the counters are kept).
    public func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }

    /// The key of `path`: absolute, standardized, symbolic links resolved.
    public static func key(for path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The entry for `path`, read and parsed on first use; `path` is what errors show.
    package func entry(forPath path: String) throws(LayoutLibraryError) -> Entry {
        let key = LayoutCache.key(for: path)
        return try state.withLock { (state) throws(LayoutLibraryError) -> Entry in
            if let entry = state.entries[key] { return entry }
            let entry = try LayoutCache.parse(path: path, key: key, counting: &state)
            state.entries[key] = entry
            return entry
        }
    }

    /// Reads and parses `path` without looking at or filling the cache (still counted).
    package func parseUncached(path: String) throws(LayoutLibraryError) -> Entry {
        let key = LayoutCache.key(for: path)
        return try state.withLock { (state) throws(LayoutLibraryError) -> Entry in
            try LayoutCache.parse(path: path, key: key, counting: &state)
        }
    }

    private static func parse(path: String, key: String, counting state: inout State) throws(LayoutLibraryError)
        -> Entry
    {
        let text = try LayoutCache.read(path: path)
        state.total += 1
        state.counts[key, default: 0] += 1
        let result: Result<LayoutDocument, LayoutErrorList>
        do {
            result = .success(try LayoutParser.parse(text, file: path))
        } catch {
            result = .failure(error)
        }
        return Entry(text: text, result: result)
    }

    /// The text of the file at `path`: clear errors for a missing, unreadable or non-UTF-8 file.
    public static func read(path: String) throws(LayoutLibraryError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        if let offset = firstInvalidUTF8Byte(in: data) {
            let line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .notUTF8(path: path, offset: offset, line: line)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The offset of the first byte that is not part of valid UTF-8, nil when all of it is.
    static func firstInvalidUTF8Byte(in data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
