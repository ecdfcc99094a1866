extension FuzzyQuery {
    // fzf's constants (its algo.go): a match, a gap, and the bonuses of where a character sits.
    static let scoreMatch = 16
    static let scoreGapStart = -3
    static let scoreGapExtension = -1
    static let bonusBoundary = 8
    static let bonusNonWord = 8
    static let bonusCamel = 7
    static let bonusConsecutive = 4
    static let bonusBoundaryWhite = 10
    static let bonusBoundaryDelimiter = 9
    static let bonusFirstCharMultiplier = 2

    /// What kind of character a code point is, for the bonus of the one after it.
    enum CharacterClass: UInt8 {
        case white, nonWord, delimiter, lower, upper, letter, number
    }

    @inline(__always)
    static func characterClass(_ value: UInt32) -> CharacterClass {
        guard value < 0x80 else { return unicodeCharacterClass(value) }
        if value >= 0x61 && value <= 0x7A { return .lower }
        if value >= 0x41 && value <= 0x5A { return .upper }
        if value >= 0x30 && value <= 0x39 { return .number }
        switch value {
        case 0x20, 0x09, 0x0A, 0x0D: return .white
        case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return .delimiter  // / , : ; |
        default: return .nonWord
        }
    }

    /// The class of a code point past ASCII, from its Unicode properties (kept out of the ASCII path).
    @inline(never)
    static func unicodeCharacterClass(_ value: UInt32) -> CharacterClass {
        guard let scalar = Unicode.Scalar(value) else { return .letter }
        let properties = scalar.properties
        if properties.isWhitespace { return .white }
        if properties.isLowercase { return .lower }
        if properties.isUppercase { return .upper }
        if properties.numericType != nil { return .number }
        if properties.isAlphabetic { return .letter }
        return .nonWord
    }

    /// The bonus of a character of class `current` after one of class `previous`.
    @inline(__always)
    static func bonus(after previous: CharacterClass, for current: CharacterClass) -> Int {
        if current.rawValue > CharacterClass.delimiter.rawValue {
            switch previous {
            case .white: return bonusBoundaryWhite
            case .delimiter: return bonusBoundaryDelimiter
            case .nonWord: return bonusBoundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number { return bonusCamel }
        switch current {
        case .nonWord, .delimiter: return bonusNonWord
        case .white: return bonusBoundaryWhite
        default: return 0
        }
    }

    /// True when the text's code point `value` is the term's `query` code point under `folding`.
    @inline(__always)
    static func same(_ value: UInt32, _ query: UInt32, _ folding: Folding) -> Bool {
        if value == query { return true }
        if value < 0x80 { return folding.lowers && value >= 0x41 && value <= 0x5A && value + 0x20 == query }
        if query < 0x80 { return query != 0 && asciiFold(value, folding) == UInt8(query) }
        return fold(value, folding) == query
    }

    /// Where the first in-order occurrence of term `index` ends (a byte offset), nil when it does not occur.
    ///
    /// The reject path: no allocation, and for an ASCII term a plain byte scan that decodes only the
    /// characters past ASCII (which may fold to the byte wanted).
    @inline(__always)
    func forwardEnd(term index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let term = terms[index]
        if let pairs = term.ascii {
            var offset = 0
            let count = bytes.count
            if !term.foldsPastASCII {
                for (lower, upper) in pairs {
                    while offset < count, bytes[offset] != lower, bytes[offset] != upper { offset += 1 }
                    if offset == count { return nil }
                    offset += 1
                }
                return offset
            }
            let folding = term.folding
            for (lower, upper) in pairs {
                var found = false
                while offset < count {
                    let byte = bytes[offset]
                    if byte == lower || byte == upper {
                        found = true
                        offset += 1
                        break
                    }
                    // Lead bytes below 0xC3 start U+0080...U+00BF, none of which folds to ASCII.
                    if byte >= 0xC3 {
                        let (value, length) = FuzzyQuery.decode(bytes, at: offset)
                        if FuzzyQuery.asciiFold(value, folding) == lower {
                            found = true
                            offset += length
                            break
                        }
                    }
                    offset += 1
                }
                if !found { return nil }
            }
            return offset
        }
        let scalars = term.scalars
        var offset = 0
        var position = 0
        while position < scalars.count {
            guard offset < bytes.count else { return nil }
            let (value, length) = FuzzyQuery.decode(bytes, at: offset)
            if FuzzyQuery.same(value, scalars[position], term.folding) { position += 1 }
            offset += length
        }
        return offset
    }

    /// The latest start from which term `index` still occurs in order before `end`: the shortest match ending there.
    func backwardStart(term index: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let term = terms[index].scalars
        let folding = terms[index].folding
        var position = term.count - 1
        var offset = end
        while offset > 0 {
            let last = bytes[offset - 1]
            let start = last < 0x80 ? offset - 1 : FuzzyQuery.start(before: offset, in: bytes)
            let value = last < 0x80 ? UInt32(last) : FuzzyQuery.decode(bytes, at: start).value
            if FuzzyQuery.same(value, term[position], folding) {
                if position == 0 { return start }
                position -= 1
            }
            offset = start
        }
        return 0
    }

    /// fzf's score of term `index` matched greedily from `start` (up to `end`), appending the matched ranges.
    func score(
        term index: Int, from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>,
        ranges: UnsafeMutablePointer<[Range<Int>]>?
    ) -> Int {
        let term = terms[index].scalars
        let folding = terms[index].folding
        var previous = CharacterClass.white
        if start > 0 {
            previous = FuzzyQuery.characterClass(
                FuzzyQuery.decode(bytes, at: FuzzyQuery.start(before: start, in: bytes)).value)
        }
        var score = 0
        var position = 0
        var inGap = false
        var consecutive = 0
        var firstBonus = 0
        var offset = start
        while offset < bytes.count, position < term.count {
            let (value, length) = FuzzyQuery.decode(bytes, at: offset)
            let current = FuzzyQuery.characterClass(value)
            if FuzzyQuery.same(value, term[position], folding) {
                score += FuzzyQuery.scoreMatch
                var bonus = FuzzyQuery.bonus(after: previous, for: current)
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= FuzzyQuery.bonusBoundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, FuzzyQuery.bonusConsecutive)
                }
                score += position == 0 ? bonus * FuzzyQuery.bonusFirstCharMultiplier : bonus
                inGap = false
                consecutive += 1
                position += 1
                ranges?.pointee.append(offset..<(offset + length))
            } else if offset < end {
                score += inGap ? FuzzyQuery.scoreGapExtension : FuzzyQuery.scoreGapStart
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            previous = current
            offset += length
        }
        return score
    }
}
