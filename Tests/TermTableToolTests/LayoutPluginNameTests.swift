import Foundation
import TermTableTesting
import Testing

@testable import TermTableLayout

/// The names of the hostile pass (issue 21) that lint accepted and the generated Swift did not compile:
/// each now compiles, or lint and the generator refuse it at the layout's line.
@Suite("Layout plugin: names that must compile or be refused")
struct LayoutPluginNameTests {
    /// Fields named like toolkit members, generated members, keywords and storage.
    @Test func hardFieldAndCellNamesCompile() throws {
        let layout = """
            cell row
            | [1 host] [2 hosts] [3 contentOverlayStyle] [4 subviewsForCopy] [5 findFields] [6 _id] [7 Any] [8 _] |
              1 label
              2 label
              3 label
              4 label
              5 label
              6 label
              7 label
              8 label

            cell Any
            | [1 didCopy] [2 counterpart] [3 frameDidChange] [4 setFrame] |
              1 label
              2 progress
              3 label
              4 label

            cell _
            | [1 TermTable] [2 String] [3 willSet] |
              1 label
              2 label
              3 label

            cell willSet
            | [1 title] |
              1 label
            """
        let path = try LayoutPluginTests.write(layout, named: "Hard.layout")
        #expect(LayoutLint.lint(paths: [path]).errors.isEmpty)
        let output = path.replacingOccurrences(of: ".layout", with: ".swift")
        let tool = try BuiltProducts.executable(named: "TermTableLayoutGen")
        let run = try ChildProcess.run(
            [tool, "--access", "public", "--output", output, path], environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 0, "\(run.output)")
        let swift = try String(contentsOfFile: output, encoding: .utf8)
        #expect(swift.contains("var hostLabel: TermTable.Label"))
        #expect(swift.contains("var findFieldsLabel: TermTable.Label"))
        let check = try SwiftTypeCheck.run([output])
        #expect(check.status == 0, "\(check.output)")
    }

    /// Each pair becomes one Swift name: lint and the generator report the second at its line, with a hint.
    @Test(arguments: [
        (
            "cell row\n| [1 title] [2 _title] |\n  1 label\n  2 label\n", 2, 13,
            "the stored property behind field `title`"
        ),
        (
            "cell row\n| [1 _title] [2 title] |\n  1 label\n  2 label\n", 2, 3,
            "the stored property behind field `title`"
        ),
        ("cell message\n| [1 a] |\n  1 label\n\ncell Message\n| [1 a] |\n  1 label\n", 5, 6, "`MessageCell`"),
        ("cell news\n| [1 a] |\n  1 label\n\ncell NewsCell\n| [1 a] |\n  1 label\n", 5, 6, "`NewsCell`"),
        ("cell self\n| [1 a] |\n  1 label\n\ncell Self\n| [1 a] |\n  1 label\n", 5, 6, "`SelfCell`"),
    ])
    func namesThatBecomeOneSwiftNameAreRefusedAtTheirLine(
        _ layout: String, _ line: Int, _ column: Int, _ message: String
    ) throws {
        let path = try LayoutPluginTests.write(layout, named: "Pair.layout")
        let lint = LayoutLint.lint(paths: [path])
        #expect(lint.errors.count == 1)
        let error = try #require(lint.errors.first)
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.hint?.hasPrefix("rename one of the") == true)
        let (status, messages, swift) = try LayoutPluginTests.generate(path)
        #expect(status == 1 && swift == nil)
        #expect(messages.contains("\(path):\(line):\(column): error: "), "\(messages)")
        #expect(messages.contains("\(path):\(line):\(column): note: rename one of the"), "\(messages)")
    }

    /// Two files of a folder (a target) whose enums would share a name: the later one is refused at its first line.
    @Test(arguments: [("a-b.layout", "a.b.layout", "ABLayout"), ("News.layout", "news.layout", "NewsLayout")])
    func filesThatBecomeOneEnumAreRefused(_ first: String, _ second: String, _ typeName: String) throws {
        let firstPath = try LayoutPluginTests.write("cell one\n| [1 a] |\n  1 label\n", named: first)
        let folder = (firstPath as NSString).deletingLastPathComponent
        let secondPath = folder + "/" + second
        try "cell two\n| [1 a] |\n  1 label\n".write(toFile: secondPath, atomically: true, encoding: .utf8)
        let later = max(firstPath, secondPath)
        let lint = LayoutLint.lint(paths: [firstPath, secondPath])
        #expect(lint.errors.map(\.file) == [later])
        #expect(lint.errors.first?.message.contains("both become `\(typeName)` in Swift") == true)
        let tool = try BuiltProducts.executable(named: "TermTableLayoutGen")
        for (path, other) in [(firstPath, secondPath), (secondPath, firstPath)] {
            let output = path + ".swift"
            let run = try ChildProcess.run(
                [tool, "--sibling", other, "--output", output, path], environment: ProcessInfo.processInfo.environment)
            #expect(run.status == (path == later ? 1 : 0), "\(run.output)")
            if path == later { #expect(run.output.contains("\(path):1:1: error: files "), "\(run.output)") }
        }
    }
}
