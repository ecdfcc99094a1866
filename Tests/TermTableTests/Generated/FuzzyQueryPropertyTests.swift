import Foundation
import TermTableTesting
import Testing

@testable import TermTableCore

/// `FuzzyQuery` against a brute-force reference on random strings and queries: matched or not, ranges inside the
/// string and in order, each term's characters found in its ranges under the case rule.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 3,000), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite struct FuzzyQueryPropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { $0 * 6 } ?? 3_000
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0xF022_0001
    }

    /// A small alphabet so that matches happen: cases, digits, separators, accented and wide letters.
    static let alphabet: [String] = [
        "a", "b", "c", "A", "B", "C", "x", "1", " ", "-", "/", "_", "é", "É", "日", "ß",
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

    /// The reference rule, written plainly: every space-separated term is a subsequence of the text's scalars;
    /// case is ignored (lower-cased per scalar) unless the query has an upper-case letter.
    static func referenceMatches(_ query: String, _ text: String) -> Bool {
        let sensitive = query.unicodeScalars.contains { String($0).lowercased() != String($0) }
        func key(_ scalar: Unicode.Scalar) -> String { sensitive ? String(scalar) : String(scalar).lowercased() }
        let scalars = text.unicodeScalars.map(key)
        for term in query.split(separator: " ") {
            var position = 0
            for scalar in term.unicodeScalars {
                let wanted = key(scalar)
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
            let fuzzy = FuzzyQuery(query)
            let expected = Self.referenceMatches(query, text)
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
            // The highlighted scalars hold every term in order under the case rule.
            let marked = match.ranges.map { String(decoding: bytes[$0], as: UTF8.self) }.joined()
            for term in query.split(separator: " ") {
                #expect(
                    Self.referenceMatches(String(term), marked)
                        || fuzzy.isCaseSensitive == false
                            && Self.referenceMatches(String(term).lowercased(), marked.lowercased()),
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
}
