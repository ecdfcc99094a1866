import TermTableCore

/// The process-wide cache of parsed layout files: each file is read and parsed once per process.
///
/// Entries are keyed by the standardized path (symbolic links resolved), so
/// `Layouts/News.layout`, `./Layouts/News.layout` and an absolute path share one
/// parse however many libraries, tables and cells use the file. Failed parses
/// are kept too, so a broken file is not parsed again on every attempt.
/// A layout built into the program (``EmbeddedLayoutFile``) is kept under its file's
/// path the same way, and shares the file's parse when the texts are the same.
/// ``parseCount`` counts every parse of a file or embedded text, cached or not.
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
        var embedded: [String: Entry] = [:]
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
        state.withLock {
            $0.entries.removeAll()
            $0.embedded.removeAll()
        }
    }

    /// The key of `path`: absolute, standardized, symbolic links resolved.
    public static func key(for path: String) -> String {
        LayoutFileSystem.canonicalPath(path)
    }

    /// The entry for `path`, read and parsed on first use; `path` is what errors show.
    package func entry(forPath path: String) throws(LayoutLibraryError) -> Entry {
        let key = LayoutCache.key(for: path)
        return try state.withLock { (state) throws(LayoutLibraryError) -> Entry in
            if let entry = state.entries[key] { return entry }
            let text = try LayoutCache.read(path: path)
            if let embedded = state.embedded[key], embedded.text == text {
                state.entries[key] = embedded
                return embedded
            }
            let entry = LayoutCache.parse(text: text, file: path, key: key, counting: &state)
            state.entries[key] = entry
            return entry
        }
    }

    /// The entry for a layout built into the program, parsed on first use and then shared; errors name its file.
    ///
    /// Counted under the file's path like a read of the file, and sharing that parse when the texts are the same.
    package func entry(forEmbedded file: EmbeddedLayoutFile) -> Entry {
        let key = LayoutCache.key(for: file.path)
        return state.withLock { state in
            if let entry = state.embedded[key], entry.text == file.text { return entry }
            if let entry = state.entries[key], entry.text == file.text {
                state.embedded[key] = entry
                return entry
            }
            let entry = LayoutCache.parse(text: file.text, file: file.path, key: key, counting: &state)
            state.embedded[key] = entry
            return entry
        }
    }

    /// Parses an embedded layout without looking at or filling the cache (still counted).
    package func parseUncached(embedded file: EmbeddedLayoutFile) -> Entry {
        let key = LayoutCache.key(for: file.path)
        return state.withLock { state in
            LayoutCache.parse(text: file.text, file: file.path, key: key, counting: &state)
        }
    }

    /// Reads and parses `path` without looking at or filling the cache (still counted).
    package func parseUncached(path: String) throws(LayoutLibraryError) -> Entry {
        let key = LayoutCache.key(for: path)
        return try state.withLock { (state) throws(LayoutLibraryError) -> Entry in
            LayoutCache.parse(text: try LayoutCache.read(path: path), file: path, key: key, counting: &state)
        }
    }

    /// Parses `text` of `file` (the name errors show), counting the parse under `key`.
    private static func parse(text: String, file: String, key: String, counting state: inout State) -> Entry {
        state.total += 1
        state.counts[key, default: 0] += 1
        let result: Result<LayoutDocument, LayoutErrorList>
        do {
            result = .success(try LayoutParser.parse(text, file: file))
        } catch {
            result = .failure(error)
        }
        return Entry(text: text, result: result)
    }

    /// The text of the file at `path`: clear errors for a missing, unreadable or non-UTF-8 file.
    public static func read(path: String) throws(LayoutLibraryError) -> String {
        try LayoutFileSystem.readText(path: path)
    }
}
