import Testing

@testable import TermTableLayout

/// Names past `LayoutSwiftPlan.maximumNameLength` and the bound of the "did you mean" search (issue 32, item 7).
@Suite("Layout Swift plan: long names")
struct LayoutSwiftPlanNameLengthTests {
    /// A layout whose one field (or cell) is named with `length` characters.
    static func layout(fieldLength length: Int) -> String {
        "cell row height=1\n|[1 " + String(repeating: "a", count: length) + " ]|\n  1 label\n"
    }

    /// Before: a 5,000-character field took 77 s to lint (every edit of the name, each checked against a list of
    /// the earlier ones: cubic), a 2 MB one never finished. Now the name is refused at its line and column.
    @Test func aFieldNameLongerThanTheLimitIsALocatedError() {
        let (cells, errors) = LayoutLint.lint(text: Self.layout(fieldLength: 5_000), file: "Long.layout")
        #expect(cells == 1)
        #expect(errors.count == 1)
        let error = errors.first
        #expect(error?.line == 2)
        #expect(error?.column == 2)
        #expect(error?.message.contains("is 5000 characters long; the longest a name can be is 128") == true)
        #expect(error?.hint == "shorten the name")
    }

    /// The diagnostic quotes at most `excerptLength` characters of its line around the column, the caret under the
    /// same character: a 2 MB line was printed whole, so the report grew with the input.
    @Test func aDiagnosticOnAHugeLineQuotesAnExcerptWithItsCaretInPlace() throws {
        let line = String(repeating: "x", count: 1_000_000) + "!" + String(repeating: "y", count: 1_000_000)
        let error = LayoutError(file: "Huge.layout", line: 1, column: 1_000_001, message: "what", sourceLine: line)
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        let quoted = lines[1].dropFirst(2)
        #expect(quoted.count <= LayoutDiagnosticText.excerptLength + 2)
        #expect(quoted.hasPrefix("…x") && quoted.hasSuffix("y…"))
        let caret = lines[2].dropFirst(2)
        #expect(
            caret.count == quoted.distance(from: quoted.startIndex, to: try #require(quoted.firstIndex(of: "!"))) + 1)
        #expect(caret.last == "^")
        // A short line is quoted whole, as before.
        let short = LayoutError(file: "S.layout", line: 1, column: 3, message: "what", sourceLine: "ab!cd")
        #expect(short.description.contains("\n  ab!cd\n    ^"))
    }

    @Test func aCellIdentifierLongerThanTheLimitIsALocatedError() {
        let identifier = String(repeating: "c", count: 129)
        let (_, errors) = LayoutLint.lint(text: "cell \(identifier)\n|[1 x ]|\n  1 label\n", file: "Long.layout")
        #expect(errors.map(\.line) == [1])
        #expect(errors.first?.message.hasPrefix("cell name `cccc") == true)
    }

    /// A name at the limit is fine and gets its misspellings.
    @Test func aNameAtTheLimitIsAccepted() {
        #expect(LayoutLint.lint(text: Self.layout(fieldLength: 128), file: "Edge.layout").errors.isEmpty)
    }

    /// The bound, counted: at most 3n + 1 candidates for a name of n characters up to the limit, none past it,
    /// so the search's work is at most (3 x 128 + 1) candidates of at most 129 characters per name.
    @Test func theNearMissSearchIsBounded() {
        for length in [2, 10, 64, LayoutSwiftPlan.maximumNameLength] {
            let name = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let misses = LayoutSwiftPlan.nearMisses(of: name)
            #expect(misses.count <= 3 * length + 1)
            #expect(Set(misses).count == misses.count)
            #expect(misses.allSatisfy { $0.count <= length + 1 })
        }
        #expect(LayoutSwiftPlan.nearMisses(of: String(repeating: "a", count: 129)).isEmpty)
        #expect(LayoutSwiftPlan.nearMisses(of: String(repeating: "a", count: 2_000_000)).isEmpty)
        #expect(LayoutSwiftPlan.nearMisses(of: "title").contains("tilte"))
    }

    /// The name check reads ASCII byte by byte (a 2 MB name no longer costs a third of lint's second); it answers
    /// as the character scan does, in characters.
    @Test func theIdentifierCheckCountsCharacters() {
        let cases: [(String, Int?)] = [
            ("title", nil), ("a-b.c_9", nil), ("1a", 0), ("-a", 0), ("a b", 1), ("ab\r\ncd", 2), ("é", 0), ("aé", 1),
            ("ae\u{301}", 1), ("a日b", 1), ("", nil),
        ]
        for (text, offset) in cases {
            #expect(LayoutIdentifiers.invalidIdentifierCharacter(in: text) == offset, "\(String(reflecting: text))")
        }
        #expect(LayoutIdentifiers.invalidIdentifierCharacter(in: "a-b", extra: []) == 1)
        #expect(LayoutIdentifiers.invalidIdentifierCharacter(in: String(repeating: "a", count: 2_000_000)) == nil)
    }
}
