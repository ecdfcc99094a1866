import Foundation

/// Loads feeds from files, URLs and standard input, concurrently, never letting one bad
/// source spoil the others: every failure comes back as a `FeedLoadResult.failed` row.
///
/// Every source is bounded: a download has a total deadline (`timeout`, connection included,
/// however slowly the bytes come) and no source may be larger than `maxBytes` (for a download,
/// after gzip or deflate decoding, so a compression bomb stops there). Cancelling the calling
/// task stops downloads within about a second and skips parsing what has not been parsed yet.
public struct FeedLoader: Sendable {
    /// How long a download may take in total, in seconds (default 15).
    public var timeout: TimeInterval
    /// How many sources `loadAll` loads at the same time (default 6).
    public var maxConcurrentLoads: Int
    /// The largest feed accepted, in bytes (default 32 MB).
    public var maxBytes: Int

    /// The default for `maxBytes`: 32 MB, several times the largest real feeds.
    public static let defaultMaxBytes = 32 << 20

    /// Creates a loader with the given total download deadline, concurrency and size cap.
    public init(timeout: TimeInterval = 15, maxConcurrentLoads: Int = 6, maxBytes: Int = FeedLoader.defaultMaxBytes) {
        self.timeout = timeout
        self.maxConcurrentLoads = max(1, maxConcurrentLoads)
        self.maxBytes = max(1, maxBytes)
    }

    /// Loads and parses one feed.
    ///
    /// An OPML subscription list is not a feed: it gives a `.failed` row here; `loadAll`
    /// expands such lists into their feeds.
    public func load(_ source: FeedSource) async -> FeedLoadResult {
        switch await fetch(source) {
        case .failure(let reason):
            return .failed(source: source.description, reason: reason.message)
        case .success(let data):
            guard !Task.isCancelled else { return .failed(source: source.description, reason: "cancelled") }
            do {
                return .loaded(try FeedParser.parse(data, source: source.description))
            } catch {
                return .failed(source: source.description, reason: error.description)
            }
        }
    }

    /// Loads all sources concurrently and returns the results in the order given; an OPML
    /// subscription list is replaced, in place, by the results for the feeds it lists
    /// (relative addresses in it are resolved against the list's location).
    public func loadAll(_ sources: [FeedSource]) async -> [FeedLoadResult] {
        let groups = await concurrentMap(sources) { source in await self.loadExpandingOPML(source) }
        return groups.flatMap { $0 }
    }

    private func loadExpandingOPML(_ source: FeedSource) async -> [FeedLoadResult] {
        let data: Data
        switch await fetch(source) {
        case .failure(let reason): return [.failed(source: source.description, reason: reason.message)]
        case .success(let bytes): data = bytes
        }
        guard !Task.isCancelled else { return [.failed(source: source.description, reason: "cancelled")] }
        do {
            return [.loaded(try FeedParser.parse(data, source: source.description))]
        } catch .notAFeed(let root) where root.lowercased().hasSuffix("opml") {
            do {
                let subscriptions = try OPMLParser.parse(data)
                guard !subscriptions.isEmpty else {
                    return [.failed(source: source.description, reason: "the OPML list has no feeds")]
                }
                return await load(subscriptions, listedIn: source)
            } catch {
                return [.failed(source: source.description, reason: error.description)]
            }
        } catch {
            return [.failed(source: source.description, reason: error.description)]
        }
    }

    /// Loads the feeds an OPML list read from `list` names, concurrently, in the list's order.
    ///
    /// Addresses the list may not name give a `.failed` row: standard input (`-`) always, and
    /// anything but http(s) when the list itself came from the network.
    public func load(_ subscriptions: [FeedSubscription], listedIn list: FeedSource) async -> [FeedLoadResult] {
        await concurrentMap(subscriptions) { subscription in await self.load(subscription, listedIn: list) }
    }

    /// Loads a feed an OPML list names, refusing addresses the list may not name
    /// (see `FeedSource.resolving`) and recording the list's folders in `Feed.category`.
    func load(_ subscription: FeedSubscription, listedIn list: FeedSource) async -> FeedLoadResult {
        switch list.resolving(subscription.xmlUrl) {
        case .failure(let refusal):
            return .failed(source: subscription.xmlUrl, reason: refusal.message)
        case .success(let feedSource):
            let result = await load(feedSource)
            guard case .loaded(var feed) = result else { return result }
            feed.category = subscription.category
            return .loaded(feed)
        }
    }

    /// Maps `items` with at most `maxConcurrentLoads` calls in flight, keeping the order.
    private func concurrentMap<Item: Sendable, Value: Sendable>(
        _ items: [Item], _ transform: @escaping @Sendable (Item) async -> Value
    ) async -> [Value] {
        await withTaskGroup(of: (Int, Value).self) { group in
            var results = [Value?](repeating: nil, count: items.count)
            var next = 0
            func startNext() {
                guard next < items.count else { return }
                let index = next
                let item = items[index]
                group.addTask { (index, await transform(item)) }
                next += 1
            }
            for _ in 0..<min(maxConcurrentLoads, items.count) { startNext() }
            while let (index, value) = await group.next() {
                results[index] = value
                startNext()
            }
            return results.compactMap { $0 }
        }
    }

    // MARK: - Reading bytes

    /// A failure to read a source, with a message for the user.
    struct LoadFailure: Error, Equatable {
        var message: String
    }

    private func fetch(_ source: FeedSource) async -> Result<Data, LoadFailure> {
        switch source {
        case .file(let path): await readFile(path)
        case .standardInput: await readStandardInput()
        case .url(let url): await download(url)
        }
    }

    private func readFile(_ path: String) async -> Result<Data, LoadFailure> {
        let maxBytes = maxBytes
        let timeout = timeout
        return await Self.offCooperativePool {
            Self.readFile(path, maxBytes: maxBytes, timeout: timeout)
        }
    }

    /// How long a named pipe may go without a writer before it is reported (a writer started alongside the
    /// reader, `cat feed > fifo &`, opens it within this).
    static let pipeWriterWait: TimeInterval = 1

    /// Reads the file at `path` with the download's limits: at most `maxBytes`, and for what is not a
    /// regular file (a named pipe, a device) at most `timeout` seconds of waiting.
    ///
    /// The file is opened without waiting (`O_NONBLOCK`): a named pipe with no writer does not block the
    /// open. A pipe that has no writer for ``pipeWriterWait`` (1 s) fails at once ("nothing writes to");
    /// with a writer, the read waits for each part at most until `timeout` seconds have passed since the
    /// start, then fails ("timed out"). A writer that closes ends the feed.
    static func readFile(
        _ path: String, maxBytes: Int, timeout: TimeInterval, pipeWriterWait: TimeInterval = pipeWriterWait
    ) -> Result<Data, LoadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .failure(LoadFailure(message: "no such file: \(path)")) }
            if code == EACCES { return .failure(LoadFailure(message: "permission denied: \(path)")) }
            return .failure(LoadFailure(message: "cannot read \(path): \(String(cString: strerror(code)))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(LoadFailure(message: "cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            return .failure(LoadFailure(message: "\(path) is a directory, not a feed file"))
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        let waits = (info.st_mode & S_IFMT) != S_IFREG
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        if (info.st_mode & S_IFMT) == S_IFIFO {
            let first = min(chunk.count, maxBytes + 1)
            switch waitForWriter(descriptor, into: &chunk[0..<first], within: min(timeout, pipeWriterWait)) {
            case .none:
                return .failure(
                    LoadFailure(
                        message: "nothing writes to the named pipe \(path) "
                            + "(no writer came within \(secondsText(min(timeout, pipeWriterWait))))"))
            case .some(let count): data.append(contentsOf: chunk[0..<count])
            }
            if data.count > maxBytes {
                return .failure(LoadFailure(message: "\(path) is larger than \(sizeText(maxBytes)); not loaded"))
            }
        }
        while true {
            // Wait for the next part (poll reports a hang-up once the writer closes).
            if waits {
                let left = deadline.timeIntervalSinceNow
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = left > 0 ? poll(&waiting, 1, Int32(min(left * 1000 + 1, 60_000))) : 0
                if ready == 0 && deadline.timeIntervalSinceNow <= 0 {
                    return .failure(
                        LoadFailure(
                            message: "timed out after \(Int(timeout.rounded())) s reading \(path) "
                                + "(a named pipe that nothing writes to?)"))
                }
                if ready <= 0 { continue }
            }
            let wanted = min(chunk.count, maxBytes + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count == 0 { return .success(data) }
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
                if data.count > maxBytes {
                    return .failure(LoadFailure(message: "\(path) is larger than \(sizeText(maxBytes)); not loaded"))
                }
                continue
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else {
                return .failure(LoadFailure(message: "cannot read \(path): \(String(cString: strerror(code)))"))
            }
            // Nothing yet: the next turn waits (what is not a regular file), or reads again.
            if !waits { return .failure(LoadFailure(message: "cannot read \(path): nothing to read")) }
        }
    }

    /// Waits up to `seconds` for a pipe opened with `O_NONBLOCK` to have a writer: returns how many bytes the
    /// first read put in `chunk` (0: the writer has not written yet), or nil when no writer came.
    ///
    /// A read with no writer returns 0 at once (the end), and poll reports nothing until a writer came
    /// and went, so the pipe is read again every 10 ms; with a writer and nothing written, the read fails
    /// with `EAGAIN`.
    private static func waitForWriter(
        _ descriptor: Int32, into chunk: inout ArraySlice<UInt8>, within seconds: TimeInterval
    ) -> Int? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return count }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                // EAGAIN: a writer, nothing written yet; another error: the main loop reports it.
                return 0
            }
            if deadline.timeIntervalSinceNow <= 0 { return nil }
            usleep(10_000)
        }
    }

    private func readStandardInput() async -> Result<Data, LoadFailure> {
        let maxBytes = maxBytes
        return await Self.offCooperativePool {
            Self.read(FileHandle.standardInput, maxBytes: maxBytes, name: "standard input")
        }
    }

    /// Reads `handle` to its end, failing once more than `maxBytes` came (a file, a pipe or `/dev/zero`).
    static func read(_ handle: FileHandle, maxBytes: Int, name: String) -> Result<Data, LoadFailure> {
        var data = Data()
        do {
            while true {
                guard let chunk = try handle.read(upToCount: min(1 << 20, maxBytes + 1 - data.count)),
                    !chunk.isEmpty
                else { return .success(data) }
                data.append(chunk)
                if data.count > maxBytes {
                    return .failure(LoadFailure(message: "\(name) is larger than \(sizeText(maxBytes)); not loaded"))
                }
            }
        } catch {
            return .failure(LoadFailure(message: "cannot read \(name): \(error.localizedDescription)"))
        }
    }

    /// Runs blocking I/O on a thread of its own so it does not hold up Swift concurrency's threads.
    ///
    /// Not `DispatchQueue.global()`: once libdispatch's global pool has a thread, it wakes the
    /// process every second for good, and the reader at rest should not wake at all. Not
    /// `Thread.detachNewThread` either: when no thread can be made (no memory for its stack under
    /// `ulimit -v`, too many threads) the work never ran and the load never ended; here it then runs
    /// on the calling thread.
    private static func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let job = DetachedJob { continuation.resume(returning: work()) }
            let context = Unmanaged.passRetained(job).toOpaque()
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            var thread = pthread_t()
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<DetachedJob>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
            pthread_attr_destroy(&attributes)
            if status != 0 { Unmanaged<DetachedJob>.fromOpaque(context).takeRetainedValue().run() }
        }
    }

    private func download(_ url: URL) async -> Result<Data, LoadFailure> {
        await HTTPDownload(url: url, timeout: timeout, maxBytes: maxBytes).run()
    }

    /// `32 MB`, `512 KB` or `100 bytes`.
    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    /// `15 s` or `0.5 s`.
    static func secondsText(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// Work handed to a thread of its own (`FeedLoader.offCooperativePool`).
private final class DetachedJob: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}
