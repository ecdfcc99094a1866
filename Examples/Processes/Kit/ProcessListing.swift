import Glibc

/// One open file descriptor of a process (`/proc/PID/fd/N`).
public struct OpenFile: Equatable, Sendable {
    /// The descriptor's number.
    public var fd: Int32
    /// What it is: `file`, `dir`, `socket`, `pipe`, `anon`, `device` or `other`.
    public var kind: String
    /// Where its link points (`/home/ann/notes.txt`, `socket:[1234]`, `anon_inode:[eventfd]`); untrusted text,
    /// sanitised where it is drawn. "?" when the link could not be read (the descriptor closed meanwhile).
    public var target: String

    /// Descriptor `fd`, of `kind`, linking to `target`.
    public init(fd: Int32, kind: String, target: String) {
        self.fd = fd
        self.kind = kind
        self.target = target
    }
}

/// One thread of a process (`/proc/PID/task/TID`).
public struct ProcessThread: Equatable, Sendable {
    /// The thread's id.
    public var tid: Int32
    /// Its state letter (`R`, `S`, `D`...).
    public var state: Character
    /// CPU time used, in seconds.
    public var cpuSeconds: Double
    /// Its name (`comm`, from the stat line); untrusted text.
    public var name: String

    /// Thread `tid` in `state`, having used `cpuSeconds`, named `name`.
    public init(tid: Int32, state: Character, cpuSeconds: Double, name: String) {
        self.tid = tid
        self.state = state
        self.cpuSeconds = cpuSeconds
        self.name = name
    }
}

/// Why a process's open files or threads could not be read.
public enum ListingFailure: Error, Equatable, Sendable {
    /// The directory is not readable: another user's process, when not root.
    case permissionDenied
    /// The process exited (or its pid now names another process).
    case gone

    /// The failure an `opendir` error means: EACCES or EPERM, denied; any other (ENOENT, ESRCH), gone.
    public init(errno code: Int32) {
        self = code == EACCES || code == EPERM ? .permissionDenied : .gone
    }
}

/// What was read of a process's open files or threads: the entries (at most a bound), how many more there were,
/// or why none could be read.
public struct ProcessListing<Entry: Equatable & Sendable>: Equatable, Sendable {
    /// The entries read, by number, at most the bound.
    public var entries: [Entry]
    /// How many more the directory listed past the bound (not read).
    public var notListed: Int
    /// Why nothing was read, nil when it was.
    public var failure: ListingFailure?

    /// A listing of `entries`, `notListed` more left out, or a `failure`.
    public init(entries: [Entry] = [], notListed: Int = 0, failure: ListingFailure? = nil) {
        self.entries = entries
        self.notListed = notListed
        self.failure = failure
    }
}

extension ProcReader {
    /// At most this many open files or threads are read (a process can hold 100,000 descriptors): the others are
    /// counted, not read, so a listing costs at most this many readlinks or stat reads.
    public static let listingBound = 10_000

    /// The numbers listed in `directory` (all of them, ascending: names only, cheap), or why it cannot be listed.
    static func numbers(in directory: String) -> Result<[Int32], ListingFailure> {
        guard let directory = opendir(directory) else {
            return .failure(ListingFailure(errno: errno))
        }
        defer { closedir(directory) }
        var numbers: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int32(name) else {
                continue
            }
            numbers.append(number)
        }
        return .success(numbers.sorted())
    }

    /// The open files of `id`, by descriptor, at most `bound` of them read (the rest counted in
    /// ``ProcessListing/notListed``); a failure when its `fd` directory is not readable or it exited.
    public func openFiles(of id: ProcessID, bound: Int = listingBound) -> ProcessListing<OpenFile> {
        guard startTicks(id.pid) == id.startTicks else { return ProcessListing(failure: .gone) }
        let directory = path(id.pid, "fd")
        let fds: [Int32]
        switch Self.numbers(in: directory) {
        case .success(let numbers): fds = numbers
        case .failure(let failure): return ProcessListing(failure: failure)
        }
        let read = fds.prefix(max(0, bound)).map { fd -> OpenFile in
            let link = "\(directory)/\(fd)"
            let target = ProcFile.link(link)
            return OpenFile(fd: fd, kind: Self.kind(of: link, target: target ?? ""), target: target ?? "?")
        }
        // Read again: a process replaced while we read is not shown with the new one's files.
        guard startTicks(id.pid) == id.startTicks else { return ProcessListing(failure: .gone) }
        return ProcessListing(entries: read, notListed: fds.count - read.count)
    }

    /// What a descriptor is: from the file it opens (stat through the link), else from its link's text.
    static func kind(of link: String, target: String) -> String {
        if target.hasPrefix("socket:") { return "socket" }
        if target.hasPrefix("pipe:") { return "pipe" }
        if target.hasPrefix("anon_inode:") { return "anon" }
        if let mode = fileMode(link) {
            switch mode & S_IFMT {
            case S_IFDIR: return "dir"
            case S_IFCHR, S_IFBLK: return "device"
            case S_IFSOCK: return "socket"
            case S_IFIFO: return "pipe"
            case S_IFREG: return "file"
            default: return "other"
            }
        }
        if target.hasPrefix("/dev/") { return "device" }
        return target.hasPrefix("/") ? "file" : "other"
    }

    /// The threads of `id`, by thread id, at most `bound` of them read (the rest counted); a thread that ended
    /// while they were read is left out; a failure when the `task` directory is not readable or it exited.
    public func threads(of id: ProcessID, bound: Int = listingBound) -> ProcessListing<ProcessThread> {
        guard startTicks(id.pid) == id.startTicks else { return ProcessListing(failure: .gone) }
        let tids: [Int32]
        switch Self.numbers(in: path(id.pid, "task")) {
        case .success(let numbers): tids = numbers
        case .failure(let failure): return ProcessListing(failure: failure)
        }
        let shown = tids.prefix(max(0, bound))
        let ticks = Double(ticksPerSecond)
        let read = shown.compactMap { tid -> ProcessThread? in
            guard let bytes = ProcFile.read(path(id.pid, "task/\(tid)/stat"), limit: 4096),
                let stat = ProcStat(bytes), stat.pid == tid
            else { return nil }
            return ProcessThread(
                tid: tid, state: stat.state, cpuSeconds: Double(stat.cpuTicks) / ticks, name: stat.name)
        }
        guard startTicks(id.pid) == id.startTicks else { return ProcessListing(failure: .gone) }
        return ProcessListing(entries: read, notListed: tids.count - shown.count)
    }
}

/// The mode of the file `path` names (its link followed), nil when it cannot be read.
private func fileMode(_ path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode : nil
}
