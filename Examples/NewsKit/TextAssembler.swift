/// Collects plain text while collapsing whitespace and placing line and paragraph breaks.
///
/// Breaks and spaces are remembered and only written before the next visible character,
/// so leading and trailing whitespace disappears and consecutive breaks merge.
struct TextAssembler {
    /// Whether breaks become spaces (titles) instead of newlines (summaries).
    let singleLine: Bool
    /// Nesting depth of `<pre>`: newlines inside are kept as line breaks.
    var preformatted = 0

    private var output = String.UnicodeScalarView()
    private var pendingSpace = false
    private var pendingBreaks = 0
    private var pendingBullet = false

    init(singleLine: Bool) {
        self.singleLine = singleLine
    }

    /// The text collected so far.
    var result: String { String(output) }

    /// Whether `scalar` counts as collapsible whitespace (ASCII spaces, no-break and
    /// typographic spaces, line separators; not the ideographic space U+3000).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F: true
        default: false
        }
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        // Control characters (ESC, BEL, C1 controls...) never reach a title or summary, however
        // they got into the feed (raw, as an XML character reference, or as a doubly escaped entity).
        // A C1 control in text is a Windows-1252 character decoded as Latin-1 somewhere
        // upstream ("don\u{92}t"): it is shown as that character (’), or dropped when
        // Windows-1252 leaves the byte undefined.
        let value = scalar.value
        if (0x80...0x9F).contains(value), value != 0x85 {
            if let character = Windows1252.scalar(for: UInt8(value)) { append(character) }
            return
        }
        if (value < 0x20 && !Self.isSpace(scalar)) || value == 0x7F { return }
        if Self.isSpace(scalar) {
            if preformatted > 0 && scalar == "\n" { lineBreak(1) } else { pendingSpace = true }
            return
        }
        if !output.isEmpty {
            if pendingBreaks > 0 {
                if singleLine {
                    output.append(" ")
                } else {
                    for _ in 0..<pendingBreaks { output.append("\n") }
                }
            } else if pendingSpace {
                output.append(" ")
            }
        }
        if pendingBullet && !singleLine {
            output.append("•")
            output.append(" ")
        }
        pendingSpace = false
        pendingBreaks = 0
        pendingBullet = false
        output.append(scalar)
    }

    /// Requests a space before the next visible character.
    mutating func space() {
        pendingSpace = true
    }

    /// Requests `count` newlines (1: new line, 2: blank line) before the next visible character.
    mutating func lineBreak(_ count: Int) {
        pendingBreaks = max(pendingBreaks, count)
    }

    /// Starts a list item: a new line beginning with "• ".
    mutating func bullet() {
        lineBreak(1)
        pendingBullet = true
    }
}
