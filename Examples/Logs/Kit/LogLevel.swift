/// An entry's severity, as its first line names it (`ERROR`, `[warn]`, `W`... ); `unknown` when none is named.
public enum LogLevel: UInt8, Sendable, CaseIterable, Comparable {
    /// No level found on the entry's first line.
    case unknown
    /// TRACE.
    case trace
    /// DEBUG.
    case debug
    /// INFO (also NOTICE).
    case info
    /// WARN or WARNING.
    case warn
    /// ERROR or ERR.
    case error
    /// FATAL, CRIT or PANIC.
    case fatal

    /// True for the levels `n`/`N` jump to: error and fatal.
    public var isError: Bool { self >= .error }

    /// The level's name as shown (five columns: `ERROR`, `WARN `...), "" for unknown.
    public var name: String {
        switch self {
        case .unknown: ""
        case .trace: "TRACE"
        case .debug: "DEBUG"
        case .info: "INFO"
        case .warn: "WARN"
        case .error: "ERROR"
        case .fatal: "FATAL"
        }
    }

    /// Orders levels by severity.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level a word names (letters only, any case), nil when it names none.
    public init?(word: some Collection<UInt8>) {
        guard word.count <= 8 else { return nil }
        var upper: [UInt8] = []
        for byte in word {
            guard
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            else { return nil }
            upper.append(byte & 0xDF)
        }
        switch String(decoding: upper, as: UTF8.self) {
        case "TRACE": self = .trace
        case "DEBUG": self = .debug
        case "INFO", "NOTICE": self = .info
        case "WARN", "WARNING": self = .warn
        case "ERROR", "ERR": self = .error
        case "FATAL", "CRIT", "CRITICAL", "PANIC": self = .fatal
        default: return nil
        }
    }
}
