import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableCore

/// `FuzzyQuery` against a brute-force reference on random strings and queries: matched or not, ranges inside the
/// string and in order, each term's characters found in its ranges under the case and diacritic rules (fzf's:
/// smart case per term, Latin letters with diacritics folded unless the term has one or the query is literal).
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 3,000), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite struct FuzzyQueryPropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { $0 * 6 } ?? 3_000
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0xF022_0001
    }

    /// A small alphabet so that matches happen: cases, digits, separators, accented and wide letters, letters
    /// that fold to ASCII only lower-cased (`İ`, the Kelvin sign) or only upper-case (small capital `ᴀ`).
    static let alphabet: [String] = [
        "a", "b", "c", "A", "B", "C", "x", "1", " ", "-", "/", "_", "é", "É", "日", "ß", "e", "E", "s", "o", "O",
        "ö", "Ö", "ø", "\u{130}", "i", "k", "\u{212A}", "\u{1D00}", "\u{0301}",
    ]

    static func randomString(_ random: inout SeededRandom, maxLength: Int, spaces: Bool) -> String {
        var result = ""
        for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
            var piece = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            if !spaces && piece == " " { piece = "a" }
            result += piece
        }
        return result
    }

    /// fzf's table of Latin letters as a dictionary.
    static let latin: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        for (letter, codePoints) in FuzzyQuery.latinLetters {
            for value in codePoints { table[value] = letter.value }
        }
        return table
    }()

    /// A scalar lower-cased as Go's `unicode.ToLower` does (one scalar to one; `İ` to `i`).
    static func lower(_ scalar: UInt32) -> UInt32 {
        if scalar == 0x130 { return 0x69 }
        let lowered = String(Unicode.Scalar(scalar)!).lowercased().unicodeScalars
        return lowered.count == 1 ? lowered.first!.value : scalar
    }

    /// The reference rule, written plainly: every space-separated term is a subsequence of the text's scalars as
    /// the term compares them: lower-cased unless the term has an upper-case letter, then looked up in fzf's table
    /// unless the query is literal or the term (lower-cased) has a letter the table folds.
    static func referenceMatches(_ query: String, _ text: String, diacriticInsensitive: Bool = true) -> Bool {
        for term in query.split(separator: " ") {
            let typed = term.unicodeScalars.map(\.value)
            let lowered = typed.map(lower)
            let sensitive = lowered != typed
            let folds = diacriticInsensitive && lowered.allSatisfy { latin[$0] == nil }
            func key(_ scalar: UInt32) -> UInt32 {
                let cased = sensitive ? scalar : lower(scalar)
                return folds ? latin[cased] ?? cased : cased
            }
            let scalars = text.unicodeScalars.map { key($0.value) }
            var position = 0
            for wanted in typed.map(key) {
                while position < scalars.count, scalars[position] != wanted { position += 1 }
                if position == scalars.count { return false }
                position += 1
            }
        }
        return true
    }

    @Test func matchingAgreesWithTheBruteForceReference() {
        var random = SeededRandom(seed: Self.seed)
        for _ in 0..<Self.budget {
            let text = Self.randomString(&random, maxLength: 24, spaces: true)
            let query = Self.randomString(&random, maxLength: 5, spaces: Int.random(in: 0..<3, using: &random) == 0)
            let literal = Int.random(in: 0..<4, using: &random) == 0
            let fuzzy = FuzzyQuery(query, diacriticInsensitive: !literal)
            let expected = Self.referenceMatches(query, text, diacriticInsensitive: !literal)
            #expect(fuzzy.matches(text) == expected, "\(String(reflecting: query)) in \(String(reflecting: text))")
            let match = fuzzy.match(text)
            #expect((match != nil) == expected, "match \(String(reflecting: query)) in \(String(reflecting: text))")
            var bytes = Array(text.utf8)
            let score = bytes.withUnsafeMutableBufferPointer { fuzzy.score(utf8: UnsafeBufferPointer($0)) }
            #expect(score == match?.score)
            guard let match else { continue }
            // Ranges: inside the text, sorted, apart, on code point boundaries.
            var last = -1
            for range in match.ranges {
                #expect(
                    range.lowerBound > last && range.lowerBound < range.upperBound && range.upperBound <= bytes.count)
                last = range.upperBound
                if range.upperBound < bytes.count { #expect(bytes[range.upperBound] & 0xC0 != 0x80) }
                #expect(bytes[range.lowerBound] & 0xC0 != 0x80)
            }
            // The highlighted scalars (the text's own) hold every term in order under the rules.
            let marked = match.ranges.map { String(decoding: bytes[$0], as: UTF8.self) }.joined()
            for term in query.split(separator: " ") {
                #expect(
                    Self.referenceMatches(String(term), marked, diacriticInsensitive: !literal),
                    "\(term) in the ranges \(match.ranges) of \(String(reflecting: text))")
            }
            if fuzzy.isEmpty { #expect(match == FuzzyMatch(score: 0, ranges: [])) }
            bytes.removeAll()
        }
    }

    @Test func theCaseRuleIsSmartCase() {
        #expect(FuzzyQuery("abc").matches("xAxBxC"))
        #expect(!FuzzyQuery("Abc").matches("xaxbxc"))
        #expect(FuzzyQuery("Abc").matches("xAxbxc"))
        #expect(FuzzyQuery("é").matches("CAFÉ"))
        #expect(!FuzzyQuery("É").matches("café"))
        #expect(FuzzyQuery("hrbr brdg").matches("Harbour Bridge"))
        // Per term, as fzf: `Foo` counts case, `bar` does not.
        #expect(FuzzyQuery("Foo bar").matches("Foo BAR"))
        #expect(!FuzzyQuery("Foo bar").matches("foo bar"))
        #expect(!FuzzyQuery("hrbr brdgx").matches("Harbour Bridge"))
        #expect(FuzzyQuery("  ").matches("anything"))
    }

    @Test func theScorePrefersWordStartsHumpsAndConsecutiveRuns() {
        func score(_ query: String, _ text: String) -> Int { FuzzyQuery(query).match(text)?.score ?? .min }
        #expect(score("fb", "foo bar") > score("fb", "xfoxbx"))
        #expect(score("fb", "fooBar") > score("fb", "foobar"))
        #expect(score("abc", "xabcx") > score("abc", "xaxbxcx"))
        #expect(score("log", "a/log") > score("log", "alog"))
        // Shorter texts first at equal scores.
        #expect(
            FuzzyMatch.ranksBefore(
                score: score("ab", "ab"), length: 2, otherScore: score("ab", "ab cd"), otherLength: 5))
    }

    @Test func theRangesAreTheShortestMatchNearTheEnd() {
        // fzf's v1: the first occurrence's end, then back to the latest start.
        let match = FuzzyQuery("ab").match("a xa b ab")
        #expect(match?.ranges == [3..<4, 5..<6])
        let terms = FuzzyQuery("ab cd").match("cd ab")
        #expect(terms?.ranges == [0..<2, 3..<5])
    }

    @Test func aLongerQueryNarrows() {
        #expect(FuzzyQuery("abc").narrows(FuzzyQuery("ab")))
        #expect(FuzzyQuery("ab c").narrows(FuzzyQuery("ab")))
        #expect(!FuzzyQuery("ab").narrows(FuzzyQuery("abc")))
        var random = SeededRandom(seed: Self.seed &+ 1)
        for _ in 0..<(Self.budget / 3) {
            let text = Self.randomString(&random, maxLength: 16, spaces: true)
            let short = Self.randomString(&random, maxLength: 3, spaces: true)
            let long = short + Self.randomString(&random, maxLength: 3, spaces: true)
            if FuzzyQuery(long).matches(text) { #expect(FuzzyQuery(short).matches(text), "\(long) / \(short)") }
        }
    }

    /// Before: `FuzzyQuery` compared bytes, so `quorum` missed `quörum` where `fzf --filter` found it.
    @Test func latinLettersWithDiacriticsMatchTheirPlainLetterAsInFzf() {
        #expect(FuzzyQuery("quorum backoff").matches("Quörum bäckoff"))
        #expect(FuzzyQuery("strase").matches("Straße"))  // `ß` is one `s` to fzf
        #expect(!FuzzyQuery("strasse").matches("Straße"))
        #expect(FuzzyQuery("O").matches("Ö"))
        #expect(FuzzyQuery("o").matches("Ø"))
        #expect(FuzzyQuery("istanbul").matches("\u{130}stanbul"))
        #expect(FuzzyQuery("k").matches("\u{212A}"))
        // A term with a diacritic matches exactly; so does a literal query.
        #expect(!FuzzyQuery("café").matches("cafe"))
        #expect(FuzzyQuery("café").matches("CAFÉ"))
        #expect(!FuzzyQuery("o", diacriticInsensitive: false).matches("ö"))
        #expect(FuzzyQuery("o", diacriticInsensitive: false).matches("Ö") == false)
        #expect(FuzzyQuery("k", diacriticInsensitive: false).matches("\u{212A}"))
        // fzf's quirk: a small capital folds to the capital letter, so only a case-sensitive term finds it.
        #expect(FuzzyQuery("A").matches("x\u{1D00}"))
        #expect(!FuzzyQuery("a").matches("x\u{1D00}"))
        // The highlight covers the text's own character (two bytes of `ö`).
        #expect(FuzzyQuery("o").match("xöy")?.ranges == [1..<3])
        #expect(FuzzyQuery("quorum").match("a quörum")?.ranges == [2..<9])
        #expect(FuzzyQuery("a") != FuzzyQuery("a", diacriticInsensitive: false))
        #expect(!FuzzyQuery("ab", diacriticInsensitive: false).narrows(FuzzyQuery("a")))
    }

    /// The byte scan of an ASCII term looks code points up in a table below `asciiFoldLimit`: above it, none folds
    /// to ASCII under any rule (checked over every scalar of the first planes).
    @Test func noCodePointPastTheFoldTableFoldsToASCII() {
        for value in FuzzyQuery.asciiFoldLimit..<0x3_0000 {
            guard Unicode.Scalar(value) != nil else { continue }
            for index in 0..<4 {
                let folding = FuzzyQuery.Folding(lowers: index >= 2, foldsDiacritics: index % 2 == 1)
                #expect(FuzzyQuery.fold(value, folding) >= 0x80, "U+\(String(value, radix: 16))")
            }
        }
    }

    /// Before: 10,000 terms were all kept and matched one by one, so a query of 10,000 terms over 10^6 texts
    /// never finished. Bound: repeated terms count once and at most `maximumTermCount` (32) terms are kept, so
    /// matching one text costs at most 3 x 32 passes over it.
    @Test func aQueryKeepsAtMostThe32FirstDistinctTerms() {
        let repeated = FuzzyQuery(Array(repeating: "ab", count: 10_000).joined(separator: " "))
        #expect(repeated.terms.count == 1)
        #expect(repeated.matches("xaxb"))
        let distinct = (0..<10_000).map { "t\($0)" }
        let many = FuzzyQuery(distinct.joined(separator: " "))
        #expect(many.terms.count == FuzzyQuery.maximumTermCount)
        #expect(FuzzyQuery.maximumTermCount == 32)
        let kept = distinct.prefix(32).joined(separator: " ")
        #expect(many.matches(kept))
        #expect(many.match(kept) == FuzzyQuery(kept).match(kept))
    }
}
