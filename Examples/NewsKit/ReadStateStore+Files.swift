import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ReadStateStore {
    /// The journal's suffix: `read-state.json.journal` sits next to the snapshot (its target, for a link).
    static let journalSuffix = ".journal"

    /// The snapshot's on-disk format.
    struct Snapshot: Codable {
        /// The format version (1: `read` only; 2: `lastSeen` too, and a journal).
        var version: Int
        /// The ids marked read, sorted.
        var read: [String]
        /// For each id in `read`, the day it was last shown or marked (version 2).
        var lastSeen: [Int]?
    }

    /// Just the version of a snapshot, to recognise one from a newer release before decoding it.
    private struct VersionOnly: Decodable {
        var version: Int
    }

    /// The snapshot and journal paths, and the journal's descriptor (locked), or -1 when it cannot be opened.
    struct LockedFiles {
        var snapshotPath: String
        var journal: Int32
    }

    // MARK: Saving

    /// Saves a new snapshot now (marks not shown for `retentionDays` are dropped) and empties the journal.
    public func saveSnapshot() {
        guard !isReadOnly else { return }
        withLockedFiles(creating: true) { files in
            catchUp(files)
            if !isReadOnly { compact(files) }
        }
    }

    /// Appends `record` (already applied in memory), with any earlier changes that could not be
    /// saved; folds the journal into a new snapshot when it has grown. False when not saved.
    @discardableResult
    func append(_ record: JournalRecord) -> Bool {
        unsaved.append(record)
        guard !isReadOnly else { return false }
        let saved = withLockedFiles(creating: true) { files -> Bool in
            catchUp(files)
            guard !isReadOnly else { return false }
            var lines = Data()
            let size = Self.size(of: files.journal)
            if size > disk.journalOffset { lines.append(0x0A) }  // ends a torn line left by a crash
            for change in unsaved { lines.append(change.line) }
            do {
                try Self.writeAll(lines, to: files.journal)
                guard fdatasync(files.journal) == 0 else {
                    throw SystemError(operation: "fsync", message: Self.errnoText())
                }
            } catch {
                warn(
                    "Could not save read marks to \(files.snapshotPath + Self.journalSuffix): \(error.localizedDescription). Changes are kept until news quits."
                )
                return false
            }
            disk.journalOffset = Self.size(of: files.journal)
            unsaved.removeAll()
            if disk.snapshotVersion < Self.formatVersion
                || disk.journalOffset > max(journalLimit, disk.snapshotBytes / 4)
            {
                compact(files)
            }
            return true
        }
        return saved ?? false
    }

    /// Writes the marks as a new snapshot (through a symbolic link) and empties the journal.
    private func compact(_ files: LockedFiles) {
        let cutoff = today - retentionDays
        lastSeen = lastSeen.filter { $0.value >= cutoff }
        let ids = lastSeen.keys.sorted()
        let snapshot = Snapshot(version: Self.formatVersion, read: ids, lastSeen: ids.map { lastSeen[$0] ?? today })
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(snapshot)
            let directory = (files.snapshotPath as NSString).deletingLastPathComponent
            try Self.writeAtomically(data, to: files.snapshotPath, directory: directory)
            if ftruncate(files.journal, 0) == 0 { _ = fdatasync(files.journal) }
            disk = DiskPosition(
                snapshot: Self.identity(of: files.snapshotPath), journalOffset: Self.size(of: files.journal),
                needsSnapshot: false, snapshotBytes: data.count, snapshotVersion: Self.formatVersion)
        } catch {
            // The journal still holds every change: nothing is lost, the next save tries again.
            warn("Could not write \(files.snapshotPath): \(error.localizedDescription)")
        }
    }

    // MARK: Reading

    /// Takes in what is on disk and not yet in memory: a new snapshot (another reader compacted,
    /// or this is the first read), then the journal lines past `disk.journalOffset`.
    @discardableResult
    func catchUp(_ files: LockedFiles) -> Bool {
        let identity = Self.identity(of: files.snapshotPath)
        let journalSize = files.journal >= 0 ? Self.size(of: files.journal) : 0
        var reloaded = false
        if disk.needsSnapshot || identity != disk.snapshot || journalSize < disk.journalOffset {
            lastSeen = [:]
            disk = DiskPosition()
            loadSnapshot(at: files.snapshotPath)
            disk.snapshot = Self.identity(of: files.snapshotPath)
            disk.needsSnapshot = false
            reloaded = true
        }
        if files.journal >= 0, journalSize > disk.journalOffset {
            let data = Self.read(files.journal, from: disk.journalOffset, count: journalSize - disk.journalOffset)
            let (records, consumed) = JournalRecord.records(in: data)
            for record in records { apply(record) }
            disk.journalOffset += consumed
            if !records.isEmpty { reloaded = true }
        }
        if reloaded {
            for record in unsaved { apply(record) }
            revision += 1
        }
        return reloaded
    }

    private func loadSnapshot(at path: String) {
        guard FileManager.default.fileExists(atPath: path) else {
            disk.snapshotVersion = Self.formatVersion
            return
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            disk.snapshotBytes = data.count
            // One decode: the version is checked after (a newer file may not fit `Snapshot` at all).
            let snapshot: Snapshot
            do {
                snapshot = try JSONDecoder().decode(Snapshot.self, from: data)
            } catch {
                let version = try JSONDecoder().decode(VersionOnly.self, from: data).version
                guard version > Self.formatVersion else { throw error }
                snapshot = Snapshot(version: version, read: [])
            }
            disk.snapshotVersion = snapshot.version
            let day = today
            guard snapshot.version <= Self.formatVersion else {
                // Show what can be read, never rewrite it.
                for id in snapshot.read { lastSeen[id] = day }
                becomeReadOnly(
                    "\(path) was written by a newer version of news (format \(snapshot.version)); it is left as it is, and marks made now are kept until news quits."
                )
                return
            }
            // Version 1 has no days: its marks count as seen today.
            let days =
                snapshot.lastSeen.flatMap { $0.count == snapshot.read.count ? $0 : nil }
                ?? Array(repeating: day, count: snapshot.read.count)
            lastSeen = Dictionary(zip(snapshot.read, days), uniquingKeysWith: max)
        } catch {
            setAside(path, reason: Self.reason(for: error))
        }
    }

    private static func reason(for error: any Error) -> String {
        if error is DecodingError { return "it is not valid read-state JSON" }
        return error.localizedDescription
    }

    private func setAside(_ path: String, reason: String) {
        let aside = "\(path).corrupt-\(Self.timestamp())"
        disk.snapshotVersion = Self.formatVersion
        disk.snapshotBytes = 0
        if rename(path, aside) == 0 {
            warn(
                "Could not read \(path) (\(reason)); moved it to \((aside as NSString).lastPathComponent) and started with no articles marked read."
            )
        } else {
            warn(
                "Could not read \(path) (\(reason)) or move it aside (\(Self.errnoText())); starting with no articles marked read."
            )
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

    // MARK: Locking

    /// The state file's path with symbolic links followed: the file a save replaces.
    func resolvedSnapshotPath() -> String {
        var path = fileURL.path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            else { return path }
            path =
                target.hasPrefix("/")
                ? target
                : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        return path
    }

    /// Runs `body` with the journal open and under an exclusive `flock`. With `creating`, the
    /// directory and the journal are made if missing, and failing that is a warning (nil result);
    /// without, a journal that cannot be opened just means reading the snapshot unlocked.
    @discardableResult
    func withLockedFiles<T>(creating: Bool, _ body: (LockedFiles) -> T) -> T? {
        let snapshotPath = resolvedSnapshotPath()
        let journalPath = snapshotPath + Self.journalSuffix
        if creating {
            do {
                try FileManager.default.createDirectory(
                    atPath: (snapshotPath as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                warn(
                    "Could not save read marks to \(snapshotPath): \(error.localizedDescription). Changes are kept until news quits."
                )
                return nil
            }
        }
        var journal = open(journalPath, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        if journal < 0 {
            if creating {
                warn(
                    "Could not save read marks to \(journalPath): \(Self.errnoText()). Changes are kept until news quits."
                )
                return nil
            }
            journal = open(journalPath, O_RDONLY | O_CLOEXEC)
        }
        defer { if journal >= 0 { close(journal) } }
        if journal >= 0 {
            while flock(journal, LOCK_EX) != 0 {
                guard errno == EINTR else { break }
            }
        }
        return body(LockedFiles(snapshotPath: snapshotPath, journal: journal))
    }

    // MARK: System calls

    /// A failed system call, with the `strerror` text.
    struct SystemError: LocalizedError {
        var operation: String
        var message: String
        var errorDescription: String? { "\(operation): \(message)" }
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    /// Device, inode, size and modification time of the file at `path`; nil when there is none.
    static func identity(of path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [
            Int(info.st_dev), Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
        ]
    }

    static func size(of descriptor: Int32) -> Int {
        var info = stat()
        return descriptor >= 0 && fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    static func read(_ descriptor: Int32, from offset: Int, count: Int) -> Data {
        var data = Data(count: count)
        let got = data.withUnsafeMutableBytes { buffer -> Int in
            var total = 0
            while total < count {
                let n = pread(descriptor, buffer.baseAddress! + total, count - total, off_t(offset + total))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                total += n
            }
            return total
        }
        return data.prefix(got)
    }

    static func writeAll(_ data: Data, to descriptor: Int32) throws {
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
    }

    /// Writes `data` to a temporary file in `directory`, fsyncs it, renames it over `path`
    /// and fsyncs the directory so the rename itself is durable.
    static func writeAtomically(_ data: Data, to path: String, directory: String) throws {
        let temporary =
            "\(directory)/.\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError(operation: "create \(temporary)", message: errnoText()) }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        try writeAll(data, to: descriptor)
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
}
