/// One entry read back from a file: its first line's parts and its whole text.
///
/// The text is as decoded from the file (invalid UTF-8 replaced by U+FFFD); it
/// may hold control characters: a ``/TermTableCore/Label`` sanitises when it
/// draws, and printed output goes through ``LogText/printable(_:)``.
public struct LogEntry: Sendable, Equatable {
    /// Where the entry starts in its file.
    public var offset: Int64
    /// Its length in bytes (all its lines, newlines included).
    public var length: Int
    /// The time as written ("" when the line has none).
    public var time: String
    /// The level.
    public var level: LogLevel
    /// The component ("" when none).
    public var component: String
    /// The first line's message (after time, level and component).
    public var message: String
    /// The whole entry: its first line and continuation lines, without the last newline.
    public var text: String
    /// The number of lines in the bytes read (all of them unless ``isCut``: ``LogFile/lineCount(ofRow:byteLimit:)``
    /// counts those of a longer entry).
    public var lineCount: Int
    /// True when the entry was longer than what was read (``LogFile/displayLimit``): `text` is its start.
    public var isCut: Bool
    /// True when the bytes read start inside a line whose start was not looked at yet (the end of a line longer
    /// than what ``LogFile/openAtEnd(limit:top:scanBytes:)`` reads): `message` and `text` start with "…", and there is no
    /// time, level or component.
    public var isCutAtStart: Bool

    /// An entry from the bytes read at `offset` (`length` bytes in the file, of which `bytes` is the start);
    /// `cutAtStart`: `offset` is inside a line (``isCutAtStart``).
    public init(bytes: UnsafeRawBufferPointer, offset: Int64, length: Int, cutAtStart: Bool = false) {
        self.offset = offset
        self.length = length
        isCut = bytes.count < length
        isCutAtStart = cutAtStart
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0A { end -= 1 }
        let all = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        let shape = LogLineShape(all)
        var firstLineEnd = 0
        while firstLineEnd < end, all[firstLineEnd] != 0x0A { firstLineEnd += 1 }
        func decode(_ range: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: all[range]), as: UTF8.self)
        }
        time = decode(shape.time)
        level = shape.level
        component = decode(shape.component)
        message = decode(min(shape.messageStart, firstLineEnd)..<firstLineEnd)
        text = String(decoding: all, as: UTF8.self)
        var lines = 1
        for byte in all where byte == 0x0A { lines += 1 }
        lineCount = lines
        if cutAtStart {
            // The middle of a line: what looks like a time or a level there is not one.
            time = ""
            level = .unknown
            component = ""
            message = "…" + decode(0..<firstLineEnd)
            text = "…" + text
        }
    }

    /// The first line's text after its time: level, component and message, as type-to-jump and the filter see it.
    public var summary: String {
        [level.name, component, message].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
