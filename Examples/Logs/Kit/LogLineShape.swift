import Glibc

/// Where the parts of an entry's first line are: the time, the level and the component, found by bytes alone.
///
/// The shape is `TIME LEVEL COMPONENT: message`, each part optional: a time is a
/// first word that starts with a digit; a level is a word ``LogLevel`` knows (in
/// brackets or not); a component is the next word when it ends with `:` or is in
/// brackets. Indexing reads only the level (``level(of:)``); the parser reads all.
public struct LogLineShape: Sendable, Equatable {
    /// The time's bytes (empty range: none).
    public var time: Range<Int> = 0..<0
    /// The level's word (empty range: none).
    public var levelWord: Range<Int> = 0..<0
    /// The level named.
    public var level: LogLevel = .unknown
    /// The component's bytes, without brackets or colon (empty range: none).
    public var component: Range<Int> = 0..<0
    /// Where the message starts.
    public var messageStart = 0

    /// How many bytes of a line the shape looks at (the rest is message).
    public static let window = 96

    /// The shape of the first line in `bytes` (up to its newline or ``window`` bytes).
    public init(_ bytes: UnsafeRawBufferPointer) {
        let end = min(bytes.count, Self.window)
        // The newline found with the C library's vectorised `memchr`: a byte loop over the window was the
        // largest part of indexing the two ends before the first screen (most lines are longer than it).
        var lineEnd = end
        if end > 0, let base = bytes.baseAddress, let newline = memchr(base, 0x0A, end) {
            lineEnd = base.distance(to: UnsafeRawPointer(newline))
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func word(from start: Int) -> Range<Int> {
            var index = start
            while index < lineEnd, !isSpace(bytes[index]) { index += 1 }
            return start..<index
        }
        func skipSpaces(_ start: Int) -> Int {
            var index = start
            while index < lineEnd, isSpace(bytes[index]) { index += 1 }
            return index
        }
        var cursor = 0
        if lineEnd > 0, (0x30...0x39).contains(bytes[0]) {
            time = word(from: 0)
            cursor = skipSpaces(time.upperBound)
        }
        let levelRange = word(from: cursor)
        var inner = levelRange
        if inner.count >= 2, bytes[inner.lowerBound] == UInt8(ascii: "["),
            bytes[inner.upperBound - 1] == UInt8(ascii: "]")
        {
            inner = inner.lowerBound + 1..<inner.upperBound - 1
        } else if inner.count >= 2, bytes[inner.upperBound - 1] == UInt8(ascii: ":") {
            inner = inner.lowerBound..<inner.upperBound - 1
        }
        if !inner.isEmpty, let found = LogLevel(word: UnsafeRawBufferPointer(rebasing: bytes[inner])) {
            level = found
            levelWord = inner
            cursor = skipSpaces(levelRange.upperBound)
        }
        let componentRange = word(from: cursor)
        if componentRange.count >= 2 {
            let first = bytes[componentRange.lowerBound]
            let last = bytes[componentRange.upperBound - 1]
            if first == UInt8(ascii: "["), last == UInt8(ascii: "]") {
                component = componentRange.lowerBound + 1..<componentRange.upperBound - 1
                cursor = skipSpaces(componentRange.upperBound)
            } else if last == UInt8(ascii: ":") {
                component = componentRange.lowerBound..<componentRange.upperBound - 1
                cursor = skipSpaces(componentRange.upperBound)
            }
        }
        messageStart = cursor
    }

    /// True when a line starting with `byte` continues the entry above (a space or tab, as a stack trace's
    /// lines start, or an empty line).
    public static func isContinuation(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
}
