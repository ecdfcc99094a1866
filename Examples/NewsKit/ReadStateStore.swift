import Foundation

/// Remembers which articles have been read, across runs and across readers running at once.
///
/// The state is `read-state.json` in `directory` (normally `defaultDirectory(environment:)`), a
/// snapshot, plus `read-state.json.journal`, the changes made since, one JSON line each. A mark is
/// one line appended to the journal, so it costs the same with ten read articles or two million;
/// once the journal is a quarter of the snapshot's size (at least 256 KB) it is folded into a new
/// snapshot, written to a temporary file, flushed (`fsync`) and renamed over the old one.
///
/// Every read and write of the files happens under an exclusive `flock` on the journal, and
/// first takes in what other readers wrote since (their journal lines, or their new snapshot),
/// so two readers at once merge their marks instead of overwriting each other's.
///
/// A state file that is a symbolic link is written through (its target is replaced, the link
/// stays). A file written by a newer version is never rewritten: the store then keeps changes in
/// memory only and says so. A file that cannot be read or decoded is renamed to
/// `read-state.json.corrupt-<time>` and the store starts empty. Marks of articles no feed has
/// shown for `retentionDays` are dropped when a snapshot is written (see `noteShown(_:)`).
/// Problems are reported in `warnings` rather than thrown.
///
/// Not thread-safe: use one store from one actor (typically the main actor).
public final class ReadStateStore {
    /// The file name inside the state directory.
    public static let fileName = "read-state.json"
    /// The snapshot format this version writes (version 1 had no `lastSeen` and no journal).
    public static let formatVersion = 2
    /// How long a mark is kept after the article was last shown by a feed (default 180 days).
    public let retentionDays: Int

    /// The directory holding the state file; created on the first save if missing.
    public let directory: URL
    /// The state file's location (possibly a symbolic link).
    public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }
    /// Problems met while loading or saving, as sentences the app can show; new ones are appended.
    public private(set) var warnings: [String] = []
    /// The ids of all articles marked read (built on each call: use `isRead(_:)` to test one).
    public var readIDs: Set<String> { Set(lastSeen.keys) }
    /// How many articles are marked read.
    public var readCount: Int { lastSeen.count }
    /// True when changes are kept in memory only (the file is from a newer version).
    public private(set) var isReadOnly = false
    /// How many read marks set or cleared in this session are not saved (the folder cannot be written, the
    /// file is from a newer version): they are lost when the program ends.
    public var unsavedMarkCount: Int {
        unsaved.reduce(0) { count, record in
            if case .seen = record { return count }
            return count + 1
        }
    }
    /// Grows each time marks saved by another reader (or a new snapshot) were taken in.
    public internal(set) var revision = 0

    /// The marks: for each read id, the day (since 1970, UTC) a feed last showed the article or it was marked.
    var lastSeen: [String: Int] = [:]
    /// What was read from disk: the snapshot's identity and how far into the journal.
    var disk = DiskPosition()
    /// The journal size (bytes) below which it is never folded into the snapshot (256 KB; tests lower it).
    var journalLimit = 256 << 10
    /// Changes applied in memory that could not be saved yet (they are retried with the next one).
    var unsaved: [JournalRecord] = []
    let now: @Sendable () -> Date

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

    /// Opens the store in `directory`, loading the marks saved there; `now` is the clock for
    /// last-seen days (fixed in tests).
    public init(directory: URL, retentionDays: Int = 180, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.retentionDays = retentionDays
        self.now = now
        withLockedFiles(creating: false) { files in self.catchUp(files) }
    }

    /// Opens the store in the default directory for `environment`.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: Self.defaultDirectory(environment: environment))
    }

    /// Today, as days since 1970 (UTC).
    var today: Int { Int((now().timeIntervalSince1970 / 86_400).rounded(.down)) }

    /// Whether the article with `id` is marked read.
    public func isRead(_ id: String) -> Bool {
        lastSeen[id] != nil
    }

    /// Marks the article with `id` read or unread, saving at once if that changes anything;
    /// returns false when the change could not be saved (see `warnings`).
    @discardableResult
    public func setRead(_ id: String, _ read: Bool) -> Bool {
        guard isRead(id) != read else { return true }
        let record: JournalRecord = read ? .read(id, day: today) : .unread(id)
        apply(record)
        return append(record)
    }

    /// Flips the article's read mark, saves, and returns the new state.
    @discardableResult
    public func toggle(_ id: String) -> Bool {
        let read = !isRead(id)
        setRead(id, read)
        return read
    }

    /// Notes that feeds show the articles `ids` today, so their marks are kept for another
    /// `retentionDays`; saves one line for all of them, at most once a day per article.
    public func noteShown<S: Sequence>(_ ids: S) where S.Element == String {
        let day = today
        let stale = ids.filter { lastSeen[$0].map { $0 < day } ?? false }
        guard !stale.isEmpty else { return }
        let record = JournalRecord.seen(Array(Set(stale)).sorted(), day: day)
        apply(record)
        if !isReadOnly { append(record) }
    }

    /// Takes in the marks other readers saved since this store last read the files; returns
    /// whether there were any.
    @discardableResult
    public func refresh() -> Bool {
        withLockedFiles(creating: false) { files in self.catchUp(files) } ?? false
    }

    /// Applies one change to the marks in memory.
    func apply(_ record: JournalRecord) {
        switch record {
        case .read(let id, let day):
            lastSeen[id] = max(lastSeen[id] ?? day, day)
        case .unread(let id):
            lastSeen[id] = nil
        case .seen(let ids, let day):
            for id in ids { if let seen = lastSeen[id] { lastSeen[id] = max(seen, day) } }
        }
    }

    /// Records a warning unless it repeats the last one (a failing disk would flood the list).
    func warn(_ message: String) {
        if warnings.last != message { warnings.append(message) }
    }

    /// Keeps further changes in memory only, with a warning saying why.
    func becomeReadOnly(_ message: String) {
        isReadOnly = true
        warn(message)
    }
}
