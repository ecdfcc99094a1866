import Glibc

/// SplitMix64: a small seeded random number generator, the same sequence on every machine.
public struct TableRandom: RandomNumberGenerator, Sendable {
    /// The state; the seed before the first value.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A deterministic table of 19 columns like a flights data set: integers, decimals (some empty), dates,
/// datetimes, booleans, short codes, names with commas, notes with quotes and newlines, non-ASCII text. The same
/// seed gives the same bytes on every machine, so a 3.4 M-row benchmark file is made again, not shipped.
public struct TableGenerator: Sendable {
    /// The columns' names, the header row.
    public static let columns = [
        "id", "date", "departure", "carrier", "flight", "tailnum", "origin", "dest", "dep_delay", "arr_delay",
        "distance", "air_time", "cancelled", "fare", "passenger", "note", "city", "code", "score",
    ]
    /// The columns' types, as ``TableFile/profileColumns(sampleRows:)`` should infer them.
    public static let types: [ColumnType] = [
        .integer, .date, .dateTime, .text, .integer, .text, .text, .text, .decimal, .integer, .integer, .decimal,
        .boolean, .decimal, .text, .text, .text, .text, .decimal,
    ]
    private static let carriers = ["UA", "AA", "B6", "DL", "EV", "MQ", "US", "WN", "VX", "FL", "AS", "9E"]
    private static let airports = ["EWR", "LGA", "JFK", "IAH", "MIA", "ATL", "ORD", "SFO", "LAX", "BOS", "DEN"]
    private static let cities = ["Zürich", "São Paulo", "Kraków", "東京", "Montréal", "Reykjavík", "Oslo", "Lyon"]
    private static let names = ["Smith", "Müller", "García", "O'Brien", "Nguyen", "Dubois", "Rossi", "Kowalski"]

    private var random: TableRandom

    /// A generator from `seed`.
    public init(seed: UInt64) { random = TableRandom(seed: seed) }

    private mutating func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Row `index`'s fields (call in order: each row draws from the generator).
    public mutating func row(_ index: Int) -> [String] {
        let day = index / 9_000 % 365
        let month = day / 31 + 1
        let date = "2013-\(Self.padded(min(month, 12), 2))-\(Self.padded(day % 28 + 1, 2))"
        let time = "\(date)T\(Self.padded(pick(24), 2)):\(Self.padded(pick(60), 2)):00Z"
        let carrier = Self.carriers[pick(Self.carriers.count)]
        let tail = "N\(100 + pick(900))\(["AA", "UA", "JB", "DL", "EV"][pick(5)])"
        let depDelay = pick(30) == 0 ? "" : String(Double(pick(4000) - 400) / 10)
        let arrDelay = pick(30) == 0 ? "" : String(pick(1400) - 80)
        let airTime = String(Double(pick(7000)) / 10 + 20)
        let fare = "\(pick(2000)).\(Self.padded(pick(100), 2))"
        let passenger = "\(Self.names[pick(Self.names.count)]), \(["Ann", "Bo", "Cy", "Di"][pick(4)])"
        let note: String
        switch pick(10) {
        case 0: note = "said \"late\", again"
        case 1: note = "line one\nline two"
        case 2, 3: note = "ok"
        default: note = ""
        }
        let score = pick(8) == 0 ? "\(pick(9) + 1).\(pick(10))e\(pick(6) - 3)" : String(Double(pick(100_000)) / 1000)
        let code = String(random.next() & 0xFF_FFFF, radix: 16)
        return [
            String(index + 1), date, time, carrier, String(pick(5000) + 1), tail, Self.airports[pick(11)],
            Self.airports[pick(11)], depDelay, arrDelay, String(pick(4900) + 80), airTime,
            pick(50) == 0 ? "true" : "false", fare, passenger, note, Self.cities[pick(Self.cities.count)], code, score,
        ]
    }

    /// `fields` as one record separated by `separator`: a field holding the separator, a quote, a CR or LF (or
    /// every field, with `quoteAll`) is quoted, its quotes doubled; ends with `lineEnd`.
    public static func record(
        _ fields: [String], separator: UInt8 = 0x2C, quoteAll: Bool = false, lineEnd: String = "\n"
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(separator) }
            let utf8 = Array(field.utf8)
            if quoteAll || utf8.contains(where: { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                bytes.append(0x22)
                for byte in utf8 {
                    bytes.append(byte)
                    if byte == 0x22 { bytes.append(0x22) }
                }
                bytes.append(0x22)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
        bytes.append(contentsOf: lineEnd.utf8)
        return bytes
    }

    /// Writes a header and `rows` generated rows as CSV to `path` (replacing it), 1 MiB at a time.
    public static func writeCSV(path: String, rows: Int, seed: UInt64 = 1) throws(TableFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .system(path, String(cString: strerror(errno))) }
        defer { close(fd) }
        var generator = TableGenerator(seed: seed)
        var buffer = record(columns)
        buffer.reserveCapacity(1 << 21)
        func flush() -> Bool {
            var done = 0
            while done < buffer.count {
                let written = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return false }
                done += written
            }
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        for index in 0..<rows {
            buffer.append(contentsOf: record(generator.row(index)))
            if buffer.count >= 1 << 20, !flush() { throw .system(path, String(cString: strerror(errno))) }
        }
        guard flush() else { throw .system(path, String(cString: strerror(errno))) }
    }
}
