import Glibc

/// Realistic log lines from a seed: `TIME LEVEL component: message`, some errors followed by a stack trace.
///
/// The same seed gives the same bytes on every machine, so a ten-million-line
/// file is made again (`logs --generate`) instead of shipped. About 150 bytes a
/// line; times go up by a few milliseconds an entry. `logs --generate` and
/// `find-bench` both read it.
public struct LogGenerator: Sendable {
    private var random: SplitMix64
    private var millis: Int64 = 0
    /// Lines of the current entry not handed out yet by ``nextLine()``.
    private var pending: [String] = []

    /// A generator from `seed`, times starting at 2026-11-25 00:00:00 UTC plus `startMillis`.
    public init(seed: UInt64, startMillis: Int64 = 0) {
        random = SplitMix64(seed: seed)
        millis = startMillis
    }

    static let levels = ["INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR", "TRACE", "INFO"]
    static let components = [
        "http.server", "db.pool", "cache.refresher", "auth.tokens", "queue.consumer", "scheduler", "storage.blobs",
        "net.resolver", "metrics", "shard.rebalancer",
    ]
    static let verbs = ["served", "refreshed", "expired", "consumed", "scheduled", "wrote", "resolved", "retried"]
    static let nouns = ["requests", "rows", "tokens", "messages", "jobs", "blobs", "records", "connections"]
    static let regions = ["eu-west-1", "us-east-2", "ap-south-1", "sa-east-1", "eu-central-1"]
    static let frames = [
        "Server.handle(Request)", "Pool.checkout(timeout:)", "Cache.refresh(key:)", "TokenStore.validate(_:)",
        "Consumer.poll()", "Scheduler.tick()", "BlobWriter.flush()", "Resolver.lookup(host:)",
    ]

    mutating func next() -> UInt64 { random.next() }

    mutating func number(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick(_ list: [String]) -> String { list[number(list.count)] }

    static func pad(_ value: Int64, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The time of `millis` after midnight as `2026-11-25T01:02:03.456Z` (days go on past the 25th).
    public static func timestamp(_ millis: Int64) -> String {
        let seconds = millis / 1000
        let day = 25 + seconds / 86_400
        return "2026-11-\(pad(day, 2))T\(pad(seconds / 3600 % 24, 2)):\(pad(seconds / 60 % 60, 2)):"
            + "\(pad(seconds % 60, 2)).\(pad(millis % 1000, 3))Z"
    }

    /// The next entry's lines: the first, then a stack trace's (indented) for some errors.
    public mutating func nextEntry() -> [String] {
        millis += Int64(1 + number(9))
        let level = pick(Self.levels)
        let component = pick(Self.components)
        var message = "\(pick(Self.verbs)) \(number(5000)) \(pick(Self.nouns)) in \(number(900))ms"
        message += " (node=db-\(number(64)), region=\(pick(Self.regions)), user=u\(10_000 + number(90_000)),"
        message += " trace=\(String(next(), radix: 16)))"
        var lines = ["\(Self.timestamp(millis)) \(level) \(component): \(message)"]
        if level == "ERROR", number(3) == 0 {
            lines.append("\tat \(pick(Self.frames)) (Sources/\(component)/Main.swift:\(number(900)))")
            for _ in 0..<(2 + number(6)) {
                lines.append("\tat \(pick(Self.frames)) (Sources/\(pick(Self.components))/Lib.swift:\(number(900)))")
            }
        }
        return lines
    }

    /// The next line: an entry's first line, or the next line of its stack trace.
    public mutating func nextLine() -> String {
        if pending.isEmpty { pending = nextEntry().reversed() }
        return pending.removeLast()
    }

    /// Writes `lines` lines (the last entry's trace cut to fit) to `descriptor` in large writes; false on an error.
    public mutating func write(lines: Int, to descriptor: Int32) -> Bool {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var written = 0
        func flush() -> Bool {
            var done = 0
            while done < buffer.count {
                let result = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
                if result < 0, errno == EINTR { continue }
                if result <= 0 { return false }
                done += result
            }
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        while written < lines {
            buffer.append(contentsOf: nextLine().utf8)
            buffer.append(0x0A)
            written += 1
            if buffer.count >= 1 << 20, !flush() { return false }
        }
        return flush()
    }
}
