/// A fuzzy query as fzf users know it: the query's characters in order, smart case, space-separated terms.
///
/// A text matches when every term's characters appear in it in order (not
/// necessarily together); terms match independently, anywhere. Matching
/// ignores case unless the query has an upper-case letter. ``match(_:)`` scores
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
    /// The query as typed.
    public let text: String
    /// True when the query has an upper-case letter: case then counts.
    public let isCaseSensitive: Bool
    /// The terms' code points, lower-cased unless the query is case-sensitive.
    let terms: [[UInt32]]
    /// Per term, when all its code points are ASCII: the two bytes each character matches (lower and upper case).
    let asciiTerms: [[(UInt8, UInt8)]?]

    /// Parses `query`: terms split at spaces, smart case.
    public init(_ query: String) {
        text = query
        var sensitive = false
        for scalar in query.unicodeScalars where scalar.properties.changesWhenLowercased { sensitive = true }
        isCaseSensitive = sensitive
        var terms: [[UInt32]] = []
        for word in query.split(separator: " ", omittingEmptySubsequences: true) {
            terms.append(word.unicodeScalars.map { sensitive ? $0.value : FuzzyQuery.fold($0.value) })
        }
        self.terms = terms
        asciiTerms = terms.map { term in
            var pairs: [(UInt8, UInt8)] = []
            for value in term {
                guard value < 0x80 else { return nil }
                let byte = UInt8(value)
                let upper = !sensitive && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
                pairs.append((byte, upper))
            }
            return pairs
        }
    }

    /// Two queries are equal when their text is.
    public static func == (lhs: FuzzyQuery, rhs: FuzzyQuery) -> Bool { lhs.text == rhs.text }

    /// Hashes the query's text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// True when the query has no term: everything matches, with score 0 and no ranges.
    public var isEmpty: Bool { terms.isEmpty }

    /// True when every match of `other` is a match of this query's predecessor: this query is `other` typed further.
    ///
    /// A longer query only narrows: its last term is longer or it has more terms,
    /// and case counts in it whenever it counted in `other`. A filter then searches
    /// only `other`'s matches.
    public func narrows(_ other: FuzzyQuery) -> Bool { text.hasPrefix(other.text) }

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

    /// A code point lower-cased when it lower-cases to one code point (ASCII by arithmetic).
    @inline(__always)
    static func fold(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value + 0x20 : value }
        return unicodeFold(value)
    }

    /// ``fold(_:)`` past ASCII (kept out of the ASCII path).
    @inline(never)
    static func unicodeFold(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : value
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
