import TermTableCore

/// Name rules and "did you mean" suggestions shared by the parser, the library and the linter.
public enum LayoutIdentifiers {
    /// True when `text` is a valid reuse identifier: a letter or `_`, then letters, digits, `_`, `-` or `.`.
    public static func isIdentifier(_ text: String) -> Bool {
        invalidIdentifierCharacter(in: text) == nil && !text.isEmpty
    }

    /// The 0-based offset of the first character not allowed in an identifier (or view name), nil when all are fine.
    static func invalidIdentifierCharacter(in text: String, extra: Set<Character> = ["-", "."]) -> Int? {
        // ASCII text (every valid name) is checked byte by byte: a 2 MB name costs milliseconds, not a second.
        let bytes = extra.compactMap(\.asciiValue)
        if bytes.count == extra.count {
            var offset = 0
            for byte in text.utf8 {
                if byte >= 0x80 { return invalidCharacter(in: text, extra: extra) }
                let isLetter = byte >= 0x41 && byte <= 0x5A || byte >= 0x61 && byte <= 0x7A
                let isDigit = byte >= 0x30 && byte <= 0x39
                if offset == 0 {
                    if !(isLetter || byte == 0x5F) { return 0 }
                } else if !(isLetter || isDigit || byte == 0x5F || bytes.contains(byte)) {
                    // `\r\n` is one character, as the character scan counts it.
                    return invalidCharacter(in: text, extra: extra)
                }
                offset += 1
            }
            return nil
        }
        return invalidCharacter(in: text, extra: extra)
    }

    /// ``invalidIdentifierCharacter(in:extra:)`` by characters.
    private static func invalidCharacter(in text: String, extra: Set<Character>) -> Int? {
        for (offset, character) in text.enumerated() {
            let isLetter = character.isASCII && character.isLetter
            let isDigit = character.isASCII && character.isNumber
            if offset == 0 {
                if !(isLetter || character == "_") { return 0 }
            } else if !(isLetter || isDigit || character == "_" || extra.contains(character)) {
                return offset
            }
        }
        return nil
    }

    /// The edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of neighbours).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a)
        let y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        // Keep the work bounded whatever the input: very long words are simply far from everything.
        if x.count > 64 || y.count > 64 { return max(x.count, y.count) }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }

    /// The candidate nearest to `word`, if it is near enough to be a likely typo.
    ///
    /// A candidate equal to `word` ignoring case always wins; otherwise the distance
    /// may be 1 for words of up to 3 characters, 2 up to 8, and 3 beyond.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lower }) { return same }
        let limit = lower.count <= 3 ? 1 : (lower.count <= 8 ? 2 : 3)
        var best: (String, Int)? = nil
        for candidate in candidates {
            let distance = editDistance(lower, candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// `a`, `b` or `c`, each in backquotes.
    static func list(_ names: [String], conjunction: String = "or") -> String {
        let quoted = names.map { "`\($0)`" }
        switch quoted.count {
        case 0: return "nothing"
        case 1: return quoted[0]
        case 2: return "\(quoted[0]) \(conjunction) \(quoted[1])"
        default: return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
        }
    }

    /// `did you mean `x`? ` when a candidate is near, else an empty string.
    static func didYouMean(_ word: String, in candidates: [String]) -> String? {
        nearest(to: word, in: candidates).map { "did you mean `\($0)`?" }
    }
}
