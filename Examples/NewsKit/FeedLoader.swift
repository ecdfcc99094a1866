import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads feeds from files, URLs and standard input, concurrently, never letting one bad
/// source spoil the others: every failure comes back as a `FeedLoadResult.failed` row.
public struct FeedLoader: Sendable {
    /// How long a web request may take in total, in seconds (default 15).
    public var timeout: TimeInterval
    /// How many sources `loadAll` loads at the same time (default 6).
    public var maxConcurrentLoads: Int

    /// Creates a loader with the given request timeout and concurrency.
    public init(timeout: TimeInterval = 15, maxConcurrentLoads: Int = 6) {
        self.timeout = timeout
        self.maxConcurrentLoads = max(1, maxConcurrentLoads)
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
        case .file(let path): await Self.readFile(path)
        case .standardInput: await Self.readStandardInput()
        case .url(let url): await download(url)
        }
    }

    private static func readFile(_ path: String) async -> Result<Data, LoadFailure> {
        await Self.offCooperativePool {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(LoadFailure(message: "no such file: \(path)"))
            }
            guard !isDirectory.boolValue else {
                return .failure(LoadFailure(message: "\(path) is a directory, not a feed file"))
            }
            guard FileManager.default.isReadableFile(atPath: path) else {
                return .failure(LoadFailure(message: "permission denied: \(path)"))
            }
            do {
                return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                return .failure(LoadFailure(message: "cannot read \(path): \(error.localizedDescription)"))
            }
        }
    }

    private static func readStandardInput() async -> Result<Data, LoadFailure> {
        await Self.offCooperativePool {
            do {
                return .success(try FileHandle.standardInput.readToEnd() ?? Data())
            } catch {
                return .failure(LoadFailure(message: "cannot read standard input: \(error.localizedDescription)"))
            }
        }
    }

    /// Runs blocking I/O on a Dispatch thread so it does not hold up Swift concurrency's threads.
    private static func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    private func download(_ url: URL) async -> Result<Data, LoadFailure> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8",
                         forHTTPHeaderField: "Accept")
        do {
            let (data, response) = try await session.data(for: request)
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                let text = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
                return .failure(LoadFailure(message: "HTTP \(http.statusCode) \(text)"))
            }
            // The HTTP charset overrides the XML declaration (RFC 7303).
            return .success(response.textEncodingName.map { XMLInput.relabelled(data, charset: $0) } ?? data)
        } catch let error as URLError {
            return .failure(LoadFailure(message: describe(error)))
        } catch {
            return .failure(LoadFailure(message: error.localizedDescription))
        }
    }

    private func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "timed out after \(Int(timeout)) s"
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .notConnectedToInternet, .networkConnectionLost: "no network connection"
        case .badServerResponse: "bad response from the server"
        case .unsupportedURL: "unsupported address"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "secure connection failed (\(error.localizedDescription))"
        default: error.localizedDescription
        }
    }
}
