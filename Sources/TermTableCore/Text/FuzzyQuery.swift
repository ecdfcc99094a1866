/// A fuzzy query as fzf users know it: the query's characters in order, smart case, space-separated terms.
///
/// A text matches when every term's characters appear in it in order (not
/// necessarily together); terms match independently, anywhere. A term ignores
/// case unless it has an upper-case letter, and a Latin letter with a diacritic
/// matches its plain letter (`ö` matches `o`) as in fzf, unless the query is made
/// with `diacriticInsensitive: false` (fzf's `--literal`). ``match(_:)`` scores
/// the match (word starts, camelCase humps and consecutive runs score more,
/// gaps less; ``FuzzyMatch/ranksBefore(score:length:otherScore:otherLength:)``
/// then prefers shorter texts) and gives the matched ranges for highlighting.
///
/// ```swift
/// let query = FuzzyQuery("hrbr brdg")
/// query.matches("Harbour bridge closed")       // true
/// query.match("Harbour bridge")?.ranges         // [0..<1, 2..<3, 3..<4, ...] as UTF-8 offsets
/// ```
///
/// Matching works on the UTF-8 bytes (``match(utf8:)``) with no allocation on the
/// way to a rejection, so a query runs over a million lines in tens of
/// milliseconds per core. fzf's operators (`'`, `^`, `$`, `!`, `|`) are not
/// special: they are characters to find.
public struct FuzzyQuery: Hashable, Sendable {
    /// The most terms a query keeps: terms past the 32nd distinct one are ignored (the query then matches what its
    /// first 32 terms match). Matching a text costs at most three passes over it per term, whatever the query.
    public static let maximumTermCount = 32

    /// One term: its code points as compared, and how the text's are compared to them.
    struct Term: Sendable {
        /// The term's code points: lower-cased when it has no upper-case letter, diacritics folded when it folds.
        var scalars: [UInt32]
        /// How the text's characters are compared to ``scalars``.
        var folding: Folding
        /// When every code point is ASCII: the two bytes each matches (lower and upper case; one byte twice
        /// when case counts).
        var ascii: [(UInt8, UInt8)]?
        /// True when a character past ASCII can match an ASCII code point of the term (`ö` for `o`, `K` for `k`).
        var foldsPastASCII: Bool { folding.lowers || folding.foldsDiacritics }
    }

    /// The query as typed.
    public let text: String
    /// True when a term has an upper-case letter: case then counts in that term (fzf's smart case, per term).
    public let isCaseSensitive: Bool
    /// True when a Latin letter with a diacritic in a text matches its plain letter (`ö` matches `o`), as fzf
    /// does by default; false matches exactly (fzf's `--literal`).
    public let isDiacriticInsensitive: Bool
    /// The distinct terms, in the query's order, at most ``maximumTermCount``.
    let terms: [Term]

    /// Parses `query`: terms split at spaces, smart case per term, diacritics folded as fzf folds them.
    ///
    /// A term without upper-case letters ignores case (`abc` matches `ABC`); a term with one matches case
    /// exactly. With `diacriticInsensitive` (the default), a term whose letters have no diacritics matches
    /// letters that have one (`cafe` matches `Café`, `Ö` matches `O`); a term with a diacritic (`café`) matches
    /// it exactly. Highlight ranges cover the text's own characters. Repeated terms count once, and terms past
    /// ``maximumTermCount`` are ignored.
    public init(_ query: String, diacriticInsensitive: Bool = true) {
        text = query
        isDiacriticInsensitive = diacriticInsensitive
        var terms: [Term] = []
        var seen: Set<Substring> = []
        for word in query.split(separator: " ", omittingEmptySubsequences: true) {
            guard terms.count < Self.maximumTermCount else { break }
            guard seen.insert(word).inserted else { continue }
            let typed = word.unicodeScalars.map(\.value)
            let lower = typed.map(FuzzyQuery.lowercased)
            let sensitive = lower != typed
            let folds = diacriticInsensitive && lower.allSatisfy { FuzzyQuery.latinFolded($0) == $0 }
            var scalars = sensitive ? typed : lower
            if folds { scalars = scalars.map(FuzzyQuery.latinFolded) }
            var pairs: [(UInt8, UInt8)]? = []
            for value in scalars {
                guard value < 0x80 else {
                    pairs = nil
                    break
                }
                let byte = UInt8(value)
                pairs?.append((byte, !sensitive && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte))
            }
            terms.append(
                Term(scalars: scalars, folding: Folding(lowers: !sensitive, foldsDiacritics: folds), ascii: pairs))
        }
        self.terms = terms
        isCaseSensitive = terms.contains { !$0.folding.lowers }
    }

    /// Two queries are equal when their text and their diacritic rule are.
    public static func == (lhs: FuzzyQuery, rhs: FuzzyQuery) -> Bool {
        lhs.text == rhs.text && lhs.isDiacriticInsensitive == rhs.isDiacriticInsensitive
    }

    /// Hashes the query's text and its diacritic rule.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(isDiacriticInsensitive)
    }

    /// True when the query has no term: everything matches, with score 0 and no ranges.
    public var isEmpty: Bool { terms.isEmpty }

    /// True when every match of `other` is a match of this query's predecessor: this query is `other` typed further.
    ///
    /// A longer query only narrows: its last term is longer or it has more terms; a
    /// term that gains an upper-case letter or a diacritic only matches more exactly.
    /// A filter then searches only `other`'s matches.
    public func narrows(_ other: FuzzyQuery) -> Bool {
        isDiacriticInsensitive == other.isDiacriticInsensitive && text.hasPrefix(other.text)
    }

    /// True when `text` matches (no score, no ranges: the fast test).
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(utf8: $0) }
    }

    /// The match of `text`: its score and ranges, nil when it does not match.
    public func match(_ text: String) -> FuzzyMatch? {
        var text = text
        return text.withUTF8 { match(utf8: $0) }
    }

    /// True when the UTF-8 text `bytes` matches.
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in terms.indices where forwardEnd(term: index, in: bytes) == nil { return false }
        return true
    }

    /// The score of the UTF-8 text `bytes`, nil when it does not match (no ranges made).
    public func score(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        for index in terms.indices {
            guard let end = forwardEnd(term: index, in: bytes) else { return nil }
            let start = backwardStart(term: index, end: end, in: bytes)
            total += score(term: index, from: start, to: end, in: bytes, ranges: nil)
        }
        return total
    }

    /// The match of the UTF-8 text `bytes`: its score and ranges, nil when it does not match.
    public func match(utf8 bytes: UnsafeBufferPointer<UInt8>) -> FuzzyMatch? {
        var total = 0
        var ranges: [Range<Int>] = []
        for index in terms.indices {
            guard let end = forwardEnd(term: index, in: bytes) else { return nil }
            let start = backwardStart(term: index, end: end, in: bytes)
            total += score(term: index, from: start, to: end, in: bytes, ranges: &ranges)
        }
        return FuzzyMatch(score: total, ranges: FuzzyQuery.merged(ranges))
    }

    /// `ranges` sorted, overlapping and adjacent ones merged.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var result: [Range<Int>] = []
        for range in sorted {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The code point starting at `offset` and its length in bytes (invalid UTF-8: U+FFFD, one byte).
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int) {
        let first = bytes[offset]
        if first < 0x80 { return (UInt32(first), 1) }
        let length: Int
        var value: UInt32
        switch first {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(first & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(first & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(first & 0x07)
        default: return (0xFFFD, 1)
        }
        guard offset + length <= bytes.count else { return (0xFFFD, 1) }
        for next in 1..<length {
            let byte = bytes[offset + next]
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// The start of the code point that ends just before `offset` (`offset` > 0).
    @inline(__always)
    static func start(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset - 1
        while start > 0, offset - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        // A lead byte whose sequence does not reach `offset` means the bytes before were not one code point.
        return decode(bytes, at: start).length == offset - start ? start : offset - 1
    }
}
