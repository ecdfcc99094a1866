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
    ///
    /// Read for every line indexed: the word's letters, upper-cased, are packed into an integer and compared as
    /// one (no array, no string).
    public init?(word: some Collection<UInt8>) {
        guard word.count <= 8 else { return nil }
        var packed: UInt64 = 0
        for byte in word {
            // Clearing bit 5 upper-cases a letter; only letters land in A...Z that way.
            let upper = byte & 0xDF
            guard upper >= UInt8(ascii: "A"), upper <= UInt8(ascii: "Z") else { return nil }
            packed = packed << 8 | UInt64(upper)
        }
        switch packed {
        case Self.codeTrace: self = .trace
        case Self.codeDebug: self = .debug
        case Self.codeInfo, Self.codeNotice: self = .info
        case Self.codeWarn, Self.codeWarning: self = .warn
        case Self.codeError, Self.codeErr: self = .error
        case Self.codeFatal, Self.codeCrit, Self.codeCritical, Self.codePanic: self = .fatal
        default: return nil
        }
    }

    // The names' letters packed as ``init(word:)`` packs a word's ("INFO": 0x49_4E_46_4F).
    private static let codeTrace: UInt64 = 0x54_52_41_43_45
    private static let codeDebug: UInt64 = 0x44_45_42_55_47
    private static let codeInfo: UInt64 = 0x49_4E_46_4F
    private static let codeNotice: UInt64 = 0x4E_4F_54_49_43_45
    private static let codeWarn: UInt64 = 0x57_41_52_4E
    private static let codeWarning: UInt64 = 0x57_41_52_4E_49_4E_47
    private static let codeError: UInt64 = 0x45_52_52_4F_52
    private static let codeErr: UInt64 = 0x45_52_52
    private static let codeFatal: UInt64 = 0x46_41_54_41_4C
    private static let codeCrit: UInt64 = 0x43_52_49_54
    private static let codeCritical: UInt64 = 0x43_52_49_54_49_43_41_4C
    private static let codePanic: UInt64 = 0x50_41_4E_49_43
}
