import TermTable

/// Log-like lines from a seed: a timestamp, a level, a component, a message with numbers and identifiers.
///
/// The same seed gives the same lines on every machine, so a generated file can be
/// made again instead of shipped. About 150 bytes a line.
struct LogGenerator {
    /// The generator's state (SplitMix64).
    var state: UInt64

    static let levels = ["INFO ", "INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"]
    static let components = [
        "cache.Refresher", "shard.Rebalancer", "http.Server", "db.ReplicaSet", "auth.TokenStore",
        "queue.Consumer", "scheduler.CronJob", "storage.BlobWriter", "net.Resolver", "metrics.Exporter",
    ]
    static let verbs = [
        "refreshed", "rebalanced", "served", "replicated", "expired", "consumed", "scheduled", "wrote", "resolved",
        "exported", "dropped", "retried", "throttled", "evicted", "compacted",
    ]
    static let nouns = [
        "entries", "shards", "requests", "rows", "tokens", "messages", "jobs", "blobs", "records", "samples",
        "connections", "segments", "partitions", "keys", "pages",
    ]
    static let regions = ["eu-west-1", "us-east-2", "ap-south-1", "sa-east-1", "eu-central-1"]
    static let words = [
        "harbour", "bridge", "timeout", "upstream", "backoff", "checksum", "leader", "follower", "snapshot",
        "handshake", "deadline", "quota", "watermark", "tombstone", "heartbeat", "migration",
    ]

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func number(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick(_ list: [String]) -> String { list[number(list.count)] }

    mutating func hex(_ digits: Int) -> String {
        var result = ""
        for _ in 0..<digits { result.append("0123456789abcdef".character(number(16))) }
        return result
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Line `index`: the timestamps grow with it.
    mutating func line(_ index: Int) -> String {
        let seconds = index / 20
        let time =
            "2026-11-25T\(Self.twoDigits(seconds / 3600 % 24)):\(Self.twoDigits(seconds / 60 % 60)):"
            + "\(Self.twoDigits(seconds % 60)).\(100 + number(900))Z"
        var message = "\(pick(Self.verbs)) \(number(5000)) \(pick(Self.nouns)) in \(number(900))ms"
        if number(3) == 0 { message += " after \(pick(Self.words)) on \(pick(Self.words))" }
        return
            "\(time) \(pick(Self.levels)) [shard-\(number(64))] \(pick(Self.components)): \(message) "
            + "(region=\(pick(Self.regions)), node=db-\(hex(4)), trace=\(hex(16)))"
    }
}

extension String {
    /// The character `offset` characters from the start.
    fileprivate func character(_ offset: Int) -> Character {
        self[index(startIndex, offsetBy: offset)]
    }
}
