/// How well a text matched a ``FuzzyQuery``, and where.
public struct FuzzyMatch: Hashable, Sendable {
    /// Higher is better: matches at word starts, camelCase humps and in consecutive runs score more, gaps less.
    public var score: Int
    /// The matched characters as UTF-8 byte offsets into the text, sorted, adjacent ones merged.
    ///
    /// Each range covers whole code points; hand them to
    /// ``StyledText/init(_:highlighting:style:)`` to highlight the match.
    public var ranges: [Range<Int>]

    /// A match of `score` at `ranges`.
    public init(score: Int, ranges: [Range<Int>]) {
        self.score = score
        self.ranges = ranges
    }

    /// True when a match of `score` on a text of `length` bytes ranks before one of `otherScore` on `otherLength`.
    ///
    /// The better score first; at equal scores the shorter text (as fzf ranks);
    /// equal on both, neither (keep the items' own order for a stable result).
    @inlinable
    public static func ranksBefore(score: Int, length: Int, otherScore: Int, otherLength: Int) -> Bool {
        score != otherScore ? score > otherScore : length < otherLength
    }
}
