import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableLayout

@Suite("Layout format reference")
struct LayoutReadmeTests {
    /// The ```layout blocks of Layouts/README.md.
    static func examples() throws -> [String] {
        let readme = try String(contentsOfFile: layoutsDirectory + "/README.md", encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]? = nil
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```layout" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everyExampleOfTheReferenceParses() throws {
        let blocks = try LayoutReadmeTests.examples()
        #expect(blocks.count >= 5)
        for (index, block) in blocks.enumerated() {
            let errors = LayoutParser.check(block, file: "README-\(index + 1).layout").errors
            #expect(errors.isEmpty, "\(LayoutErrorList(errors))")
        }
    }

    @Test func theExamplesShowEveryKindPropertyAndAttribute() throws {
        let blocks = try LayoutReadmeTests.examples()
        let documents = blocks.map { LayoutParser.check($0, file: "README.layout").document }
        let kinds = Set(documents.flatMap { $0.cells.flatMap { $0.views.map(\.kind) } })
        #expect(kinds == Set(ViewKind.allCases))
        let words = Set(
            blocks.joined(separator: "\n").split(whereSeparator: { $0 == " " || $0 == "\n" })
                .map { String($0.split(separator: "=", maxSplits: 1).first ?? "") })
        for name in ViewPropertyRules.names + LayoutParserState.cellAttributeNames {
            #expect(words.contains(name), "no example of `\(name)`")
        }
    }
}
