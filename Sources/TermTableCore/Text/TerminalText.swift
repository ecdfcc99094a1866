/// Display width, sanitising and truncation of text for the terminal.
///
/// Text is measured per grapheme cluster (a Swift `Character`) and each cluster
/// is first turned into its *display form*, the exact code points that will be
/// sent to the terminal:
///
/// - C0 controls, DEL and ESC become their visible Control Pictures (`␛`, `␊`, ...),
///   C1 controls, bidi overrides and isolates, unprintable and unassigned code
///   points become `�`, so untrusted text can never move the cursor, change the
///   title, write the clipboard or reorder a line;
/// - the tail of an emoji ZWJ sequence, variation selectors, skin-tone modifiers
///   and tag characters are dropped, and at most four combining marks are kept,
///   so ncursesw (which places every code point by `wcwidth`) and the terminal
///   agree on how many columns the cluster takes;
/// - zero-width clusters (a lone ZWSP, a lone combining mark) vanish.
///
/// The width of a cluster is the sum of glibc's `wcwidth` over its display form
/// (see `WidthTable.swift`), so a field of width W never pushes its neighbour.
public enum TerminalText {
    /// One cluster as it will appear: its display form and the columns it takes (0, 1 or 2, rarely more).
    public struct Cluster: Hashable, Sendable {
        /// The display form of the cluster (sanitised and simplified).
        public var character: Character
        /// The number of columns the cluster takes.
        public var width: Int

        /// A glyph of `character` taking `width` columns (no checks: ``TerminalText/glyph(for:)`` measures).
        package init(character: Character, width: Int) {
            self.character = character
            self.width = width
        }
    }

    /// Where ``truncate(_:toWidth:mode:)`` cuts a text that is too wide.
    public enum TruncationMode: String, Sendable, CaseIterable {
        /// Keep the end: `…d of the title`.
        case head
        /// Keep both ends: `The st…title`.
        case middle
        /// Keep the start: `The start of…`.
        case tail
        /// Cut at the edge without an ellipsis.
        case clip
    }

    /// The ellipsis put where text was cut.
    public static let ellipsis: Character = "…"

    /// True when every byte is printable ASCII (0x20...0x7E): one byte, one column, nothing to sanitise.
    @inlinable
    public static func isPlainASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
            return true
        }
    }

    /// The number of columns `text` takes on the terminal.
    public static func width(of text: String) -> Int {
        if isPlainASCII(text) { return text.utf8.count }
        var total = 0
        for character in text { total += glyph(for: character)?.width ?? 0 }
        return total
    }

    /// The number of columns `character` takes on the terminal.
    public static func width(of character: Character) -> Int {
        glyph(for: character)?.width ?? 0
    }

    /// The display glyphs of `text`, zero-width clusters left out.
    public static func glyphs(_ text: String) -> [Cluster] {
        var result: [Cluster] = []
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if let glyph = glyph(for: character) { result.append(glyph) }
        }
        return result
    }

    /// `text` with every cluster in its display form: safe to send to a terminal.
    public static func sanitize(_ text: String) -> String {
        if isPlainASCII(text) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if let glyph = glyph(for: character) { result.append(glyph.character) }
        }
        return result
    }

    /// `text` decoded from bytes that may not be valid UTF-8; invalid sequences become `�`.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The display form of one cluster and its width, or nil when it takes no column.
    public static func glyph(for character: Character) -> Cluster? {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return nil }
        if let replacement = replacement(for: base) {
            return Cluster(character: Character(replacement), width: 1)
        }
        let baseWidth = scalarWidth(base.value)
        if baseWidth < 0 { return Cluster(character: "\u{FFFD}", width: 1) }
        if baseWidth == 0 { return nil }
        if scalars.count == 1 { return Cluster(character: character, width: baseWidth) }

        var display = String.UnicodeScalarView()
        display.append(base)
        var width = baseWidth
        var marks = 0
        while let scalar = iterator.next() {
            let value = scalar.value
            if value == 0x200D { break }  // ZWJ: the rest of the sequence is dropped
            if isDroppedModifier(value) { continue }
            if replacement(for: scalar) != nil { continue }
            let w = scalarWidth(value)
            if w < 0 { continue }
            if w == 0 {
                if marks == 4 { continue }
                marks += 1
            }
            display.append(scalar)
            width += w
        }
        return Cluster(character: Character(String(display)), width: width)
    }

    /// The visible stand-in for a control or bidi scalar, nil for other scalars.
    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        switch value {
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + value)
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0: return "\u{FFFD}"
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
        default: return nil
        }
    }

    /// Variation selectors, skin-tone modifiers and tag characters: dropped from the display form.
    static func isDroppedModifier(_ value: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(value) || (0x1F3FB...0x1F3FF).contains(value)
            || (0xE0000...0xE007F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    /// glibc's `wcwidth` for one code point: -1, 0, 1 or 2.
    public static func scalarWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        if contains(zeroWidthRanges, value) { return 0 }
        if contains(doubleWidthRanges, value) { return 2 }
        if contains(unprintableRanges, value) { return -1 }
        return 1
    }

    /// Binary search in a flat list of inclusive (first, last) pairs.
    private static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < ranges[2 * mid] {
                high = mid - 1
            } else if value > ranges[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
