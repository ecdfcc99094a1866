/// Diacritic folding as fzf does it by default: a Latin letter with a diacritic matches its plain letter.
///
/// fzf (without `--literal`) compares each character of the text lower-cased (in a case-insensitive term), then
/// looked up in its table of Latin letters (`ö` and `ø` match `o`, `ß` matches `s`, `Ö` matches `O`). A term
/// whose own letters have diacritics (`café`) is matched exactly, as fzf does; so is every term of a query made
/// with `diacriticInsensitive: false` (fzf's `--literal`).
extension FuzzyQuery {
    /// fzf's table of Latin letters (its `src/algo/normalize.go`, as fzf 0.38 matches): each ASCII letter and the
    /// code points that match it. Read from fzf's own answers (`fzf --filter +i L` over every code point), so that
    /// counts equal fzf's; the upper-case entries matter to case-sensitive terms.
    static let latinLetters: [(letter: Unicode.Scalar, codePoints: [UInt32])] = [
        (
            "a",
            [
                0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x0101, 0x0103, 0x0105, 0x01CE, 0x0201, 0x0203,
                0x0227, 0x0250, 0x0251, 0x0363, 0x1E01, 0x1E9A, 0x1EA1, 0x1EA3, 0x1EA5, 0x1EA7, 0x1EA9, 0x1EAB,
                0x1EAD, 0x1EAF, 0x1EB1, 0x1EB3, 0x1EB5, 0x1EB7,
            ]
        ),
        ("b", [0x0180, 0x0183, 0x0253, 0x1E03, 0x1E05, 0x1E07]),
        ("c", [0x00E7, 0x0107, 0x0109, 0x010B, 0x010D, 0x0188, 0x023C, 0x0255, 0x0297, 0x0368, 0x2184]),
        ("d", [0x010F, 0x0111, 0x018C, 0x0221, 0x0256, 0x0257, 0x0369, 0x1E0B, 0x1E0D, 0x1E0F, 0x1E11, 0x1E13]),
        (
            "e",
            [
                0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x0113, 0x0115, 0x0117, 0x0119, 0x011B, 0x01DD, 0x0205, 0x0207,
                0x0229, 0x0247, 0x0258, 0x025B, 0x025C, 0x025D, 0x025E, 0x029A, 0x0364, 0x1D08, 0x1E19, 0x1E1B,
                0x1EB9, 0x1EBB, 0x1EBD, 0x1EBF, 0x1EC1, 0x1EC3, 0x1EC5, 0x1EC7,
            ]
        ),
        ("f", [0x0192, 0x1E1F]),
        ("g", [0x011D, 0x011F, 0x0121, 0x0123, 0x01E5, 0x01E7, 0x01F5, 0x0260, 0x0261, 0x1E21]),
        (
            "h",
            [
                0x0125, 0x0127, 0x021F, 0x0265, 0x0266, 0x02AE, 0x036A, 0x1E23, 0x1E25, 0x1E27, 0x1E29, 0x1E2B,
                0x1E96, 0x2095,
            ]
        ),
        (
            "i",
            [
                0x00EC, 0x00ED, 0x00EE, 0x00EF, 0x0129, 0x012B, 0x012D, 0x012F, 0x0131, 0x01D0, 0x0209, 0x020B,
                0x0268, 0x0365, 0x1D09, 0x1D62, 0x1E2D, 0x1EC9, 0x1ECB, 0x2071,
            ]
        ),
        ("j", [0x0135, 0x01F0, 0x0237, 0x0249, 0x025F, 0x029D]),
        ("k", [0x0137, 0x0199, 0x01E9, 0x029E, 0x1E31, 0x1E33, 0x1E35, 0x2096]),
        (
            "l",
            [
                0x013A, 0x013C, 0x013E, 0x0140, 0x0142, 0x019A, 0x0234, 0x026B, 0x026C, 0x026D, 0x1E37, 0x1E3B,
                0x1E3D, 0x2097,
            ]
        ),
        ("m", [0x026F, 0x0270, 0x0271, 0x036B, 0x1D1F, 0x1E3F, 0x1E41, 0x1E43, 0x2098]),
        (
            "n",
            [
                0x00F1, 0x0144, 0x0146, 0x0148, 0x019E, 0x01F9, 0x0235, 0x0272, 0x0273, 0x1E45, 0x1E47, 0x1E49,
                0x1E4B, 0x2099,
            ]
        ),
        (
            "o",
            [
                0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F8, 0x014D, 0x014F, 0x0151, 0x01A1, 0x01D2, 0x01EB,
                0x020D, 0x020F, 0x022F, 0x0254, 0x0275, 0x0366, 0x1D11, 0x1D12, 0x1D13, 0x1D16, 0x1D17, 0x1ECD,
                0x1ECF, 0x1ED1, 0x1ED3, 0x1ED5, 0x1ED7, 0x1ED9, 0x1EDB, 0x1EDD, 0x1EDF, 0x1EE1, 0x1EE3,
            ]
        ),
        ("p", [0x01A5, 0x1E55, 0x1E57, 0x209A]),
        ("q", [0x024B, 0x02A0]),
        (
            "r",
            [
                0x0155, 0x0157, 0x0159, 0x0211, 0x0213, 0x024D, 0x0279, 0x027A, 0x027B, 0x027C, 0x027D, 0x027E,
                0x027F, 0x036C, 0x1D63, 0x1E59, 0x1E5B, 0x1E5F,
            ]
        ),
        (
            "s",
            [
                0x00DF, 0x015B, 0x015D, 0x015F, 0x0161, 0x017F, 0x0219, 0x023F, 0x0282, 0x1E61, 0x1E63, 0x1E9B,
                0x209B,
            ]
        ),
        (
            "t",
            [
                0x0163, 0x0165, 0x0167, 0x01AB, 0x01AD, 0x021B, 0x0236, 0x0287, 0x0288, 0x036D, 0x1E6B, 0x1E6D,
                0x1E6F, 0x1E71, 0x1E97, 0x209C,
            ]
        ),
        (
            "u",
            [
                0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x0169, 0x016B, 0x016D, 0x016F, 0x0171, 0x0173, 0x01B0, 0x01D4,
                0x0215, 0x0217, 0x0289, 0x0367, 0x1D1D, 0x1D1E, 0x1D64, 0x1E73, 0x1E75, 0x1E77, 0x1EE5, 0x1EE7,
                0x1EE9, 0x1EEB, 0x1EED, 0x1EEF, 0x1EF1,
            ]
        ),
        ("v", [0x028B, 0x028C, 0x036E, 0x1D65, 0x1E7D, 0x1E7F]),
        ("w", [0x0175, 0x028D, 0x1E81, 0x1E83, 0x1E85, 0x1E87, 0x1E89, 0x1E98]),
        ("x", [0x036F, 0x1E8B, 0x1E8D]),
        (
            "y",
            [
                0x00FD, 0x00FF, 0x0177, 0x01B4, 0x0233, 0x024F, 0x028E, 0x1E8F, 0x1E99, 0x1EF3, 0x1EF5, 0x1EF7,
                0x1EF9,
            ]
        ),
        ("z", [0x017A, 0x017C, 0x017E, 0x01B6, 0x0225, 0x0240, 0x0290, 0x0291, 0x1E91, 0x1E93, 0x1E95]),
        (
            "A",
            [
                0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x023A, 0x1D00, 0x1EA4, 0x1EA6, 0x1EA8, 0x1EAA,
                0x1EAC, 0x1EAE, 0x1EB0, 0x1EB2, 0x1EB4, 0x1EB6,
            ]
        ),
        ("B", [0x0181, 0x0243, 0x0299, 0x1D03]),
        ("C", [0x00C7, 0x023B, 0x1D04]),
        ("D", [0x0189, 0x018A, 0x1D05]),
        (
            "E",
            [
                0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x018E, 0x0190, 0x0246, 0x1D07, 0x1EBE, 0x1EC0, 0x1EC2, 0x1EC4,
                0x1EC6,
            ]
        ),
        (
            "F",
            []
        ),
        ("G", [0x0193, 0x0262, 0x029B]),
        ("H", [0x029C]),
        ("I", [0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x0130, 0x0197, 0x026A]),
        ("J", [0x0248, 0x1D0A]),
        ("K", [0x1D0B]),
        ("L", [0x023D, 0x029F, 0x1D0C]),
        ("M", [0x019C, 0x1D0D]),
        ("N", [0x00D1, 0x019D, 0x0220, 0x0274, 0x1D0E]),
        (
            "O",
            [
                0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D8, 0x0186, 0x019F, 0x1D0F, 0x1D10, 0x1ED0, 0x1ED2,
                0x1ED4, 0x1ED6, 0x1ED8, 0x1EDA, 0x1EDC, 0x1EDE, 0x1EE0, 0x1EE2,
            ]
        ),
        ("P", [0x1D18]),
        ("Q", [0x024A]),
        ("R", [0x024C, 0x0280, 0x0281, 0x1D19, 0x1D1A]),
        (
            "S",
            []
        ),
        ("T", [0x01AE, 0x023E, 0x1D1B]),
        ("U", [0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x0244, 0x1D1C, 0x1EE8, 0x1EEA, 0x1EEC, 0x1EEE, 0x1EF0]),
        ("V", [0x01B2, 0x0245, 0x1D20]),
        ("W", [0x1D21]),
        (
            "X",
            []
        ),
        ("Y", [0x00DD, 0x0178, 0x024E, 0x028F]),
        ("Z", [0x1D22]),
    ]

    /// The first and last code points of ``latinLetters``.
    static let latinRange: ClosedRange<UInt32> = 0x00C0...0x2184

    /// ``latinLetters`` as a flat lookup over ``latinRange``: the ASCII letter, or 0.
    static let latinTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: Int(latinRange.upperBound - latinRange.lowerBound) + 1)
        for (letter, codePoints) in latinLetters {
            for value in codePoints { table[Int(value - latinRange.lowerBound)] = UInt8(letter.value) }
        }
        return table
    }()

    /// The plain letter of a Latin letter with a diacritic (fzf's table), else `value` itself.
    @inline(__always)
    static func latinFolded(_ value: UInt32) -> UInt32 {
        guard latinRange.contains(value) else { return value }
        let letter = latinTable[Int(value - latinRange.lowerBound)]
        return letter == 0 ? value : UInt32(letter)
    }

    /// The simple lower case of a code point (one code point to one, as Go's `unicode.ToLower` that fzf uses):
    /// ASCII by arithmetic, `İ` to `i`, others from their Unicode properties.
    @inline(__always)
    static func lowercased(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value + 0x20 : value }
        return unicodeLowercased(value)
    }

    /// ``lowercased(_:)`` past ASCII (kept out of the ASCII path).
    @inline(never)
    static func unicodeLowercased(_ value: UInt32) -> UInt32 {
        if value == 0x130 { return 0x69 }
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : value
    }

    /// How a term compares a text's characters: lower-cased or not, diacritics folded or not (2 bits).
    struct Folding: Hashable, Sendable {
        /// The text's characters are lower-cased (a term without upper-case letters).
        var lowers: Bool
        /// The text's characters are looked up in fzf's table of Latin letters.
        var foldsDiacritics: Bool

        /// 0...3, the index of this folding's part of ``FuzzyQuery/asciiFolds``.
        var index: Int { (lowers ? 2 : 0) + (foldsDiacritics ? 1 : 0) }
    }

    /// The code points below which ``asciiFolds`` answers; no code point from here on folds to ASCII.
    static let asciiFoldLimit: UInt32 = 0xA800

    /// For each ``Folding`` (its index times the span) and each code point from 0x80 below ``asciiFoldLimit``:
    /// the ASCII byte the code point folds to, else 0. The byte scan of an ASCII term asks it about every
    /// character past ASCII, without a Unicode lookup.
    static let asciiFolds: [UInt8] = {
        let span = Int(asciiFoldLimit) - 0x80
        var table = [UInt8](repeating: 0, count: 4 * span)
        for index in 0..<4 {
            let folding = Folding(lowers: index >= 2, foldsDiacritics: index % 2 == 1)
            for value in UInt32(0x80)..<asciiFoldLimit {
                let folded = fold(value, folding)
                if folded < 0x80 { table[index * span + Int(value) - 0x80] = UInt8(folded) }
            }
        }
        return table
    }()

    /// The code point `value` as `folding` compares it: lower-cased, then its diacritic folded.
    static func fold(_ value: UInt32, _ folding: Folding) -> UInt32 {
        var value = value
        if folding.lowers { value = lowercased(value) }
        if folding.foldsDiacritics { value = latinFolded(value) }
        return value
    }

    /// The ASCII byte the code point `value` (past ASCII) folds to under `folding`, else 0.
    @inline(__always)
    static func asciiFold(_ value: UInt32, _ folding: Folding) -> UInt8 {
        guard value < asciiFoldLimit else { return 0 }
        return asciiFolds[folding.index * (Int(asciiFoldLimit) - 0x80) + Int(value) - 0x80]
    }
}
