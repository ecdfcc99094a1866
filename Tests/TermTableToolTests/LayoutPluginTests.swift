import Foundation
import TermTableTestSupport
import TermTableTesting
import Testing

/// The layout plugin's generator (`TermTableLayoutGen`): the Swift it writes, and the errors it reports.
@Suite("Layout plugin")
struct LayoutPluginTests {
    /// Runs the generator on `layout`, writing to a temporary file; returns the status, the messages and the Swift.
    static func generate(_ layout: String, access: String = "internal") throws -> (
        status: Int32, messages: String, swift: String?
    ) {
        let tool = try BuiltProducts.executable(named: "TermTableLayoutGen")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutgen-\(UUID().uuidString).swift"
        ).path
        defer { unlink(output) }
        let result = try ChildProcess.run(
            [tool, "--access", access, "--output", output, layout],
            environment: ProcessInfo.processInfo.environment)
        return (result.status, result.output, try? String(contentsOfFile: output, encoding: .utf8))
    }

    /// Writes `text` to a fresh temporary folder as `name` and returns its path.
    static func write(_ text: String, named name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutgen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [
        "Layouts/Gallery.layout", "Layouts/News.layout", "Layouts/Bench.layout",
        "Examples/Inbox/Layouts/Inbox.layout",
    ])
    func generatedSwiftMatchesItsSnapshot(_ layout: String) throws {
        let (status, messages, swift) = try Self.generate(repositoryRoot + "/" + layout, access: "public")
        #expect(status == 0, "\(messages)")
        let name = ((layout as NSString).lastPathComponent as NSString).deletingPathExtension
        // The embedded path is this clone's: the snapshot holds it as `<repository>`.
        let code = try #require(swift).replacingOccurrences(
            of: "\"" + repositoryRoot + "/", with: "\"<repository>/")
        #expect(code.contains("path: \"<repository>/\(layout)\""))
        assertSnapshot(
            code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), named: "generated-\(name)")
    }

    @Test func internalAccessWritesNoPublic() throws {
        let (status, _, swift) = try Self.generate(repositoryRoot + "/Examples/Inbox/Layouts/Inbox.layout")
        #expect(status == 0)
        let code = try #require(swift)
        #expect(!code.contains("public "))
        #expect(code.contains("enum InboxLayout {"))
        #expect(code.contains("static let message = TermTable.CellIdentifier<MessageCell>(\"message\")"))
        #expect(code.contains("var subject: TermTable.Label { _subject }"))
    }

    /// A layout error fails the build at the layout's line and column, in the form compilers use, and writes nothing.
    @Test func aLayoutErrorIsReportedAtFileLineColumn() throws {
        let path = try Self.write(
            """
            # two fields that overlap, and a property the kind does not have
            cell row
            | [1 title     ] [2 age] |
              1 label stretch blink
              2 label align=right

            cell other
            | [1 a   ] |
            | [1 a   ] [2 b] |
              1 label
              2 label
            """, named: "Broken.layout")
        let (status, messages, swift) = try Self.generate(path)
        #expect(status == 1)
        #expect(swift == nil)
        #expect(messages.contains("\(path):4:19: error: "), "\(messages)")
        #expect(messages.contains("blink"), "\(messages)")
        let errorLines = messages.split(separator: "\n").filter { $0.hasPrefix(path + ":") && $0.contains(": error: ") }
        #expect(errorLines.count >= 1)
        for line in errorLines {
            let fields = line.split(separator: ":", maxSplits: 3)
            #expect(fields.count == 4 && Int(fields[1]) != nil && Int(fields[2]) != nil, "\(line)")
        }
    }

    /// Names that become the same Swift name are refused where the second is written.
    @Test func namesThatCollideInSwiftAreAnError() throws {
        let path = try Self.write(
            """
            cell row
            | [1 due-date ] [2 dueDate ] |
              1 label
              2 label
            """, named: "Clash.layout")
        let (status, messages, _) = try Self.generate(path)
        #expect(status == 1)
        #expect(
            messages.contains(
                "\(path):2:17: error: fields `due-date` and `dueDate` of cell `row` both become `dueDate` in Swift"),
            "\(messages)")
        #expect(messages.contains("\(path):2:17: note: rename one of the fields"), "\(messages)")
    }

    /// The file's text and path are embedded, and `library()` loads them; a cell named like one of those members
    /// gets `Cell` appended.
    @Test func theTextIsEmbeddedAndCellsNamedLikeItsMembersAreRenamed() throws {
        let text = """
            cell library
            | [1 title ] |
              1 label

            cell layout-file
            | [1 title ] |
              1 label
            """
        let path = try Self.write(text, named: "Shelf.layout")
        let (status, messages, swift) = try Self.generate(path)
        #expect(status == 0, "\(messages)")
        let code = try #require(swift)
        #expect(code.contains("static let layoutFile = TermTable.EmbeddedLayoutFile(\n        path: \"\(path)\",\n"))
        #expect(code.contains("            cell library\n            | [1 title ] |\n"))
        #expect(code.contains("static func library(strict: Bool = false) throws -> TermTable.LayoutLibrary"))
        #expect(code.contains("static let libraryCell = TermTable.CellIdentifier<LibraryCell>(\"library\")"))
        #expect(code.contains("static let layoutFileCell = TermTable.CellIdentifier<LayoutFileCell>(\"layout-file\")"))
        #expect(!code.contains("static let library =") && !code.contains("static var library:"))
    }

    /// A field named like a member of the cell (`name`, `frame`) gets its class appended instead of hiding the member.
    @Test func fieldsNamedLikeCellMembersGetTheirClassAppended() throws {
        let (status, _, swift) = try Self.generate(repositoryRoot + "/Layouts/Gallery.layout")
        #expect(status == 0)
        let code = try #require(swift)
        #expect(code.contains("var nameLabel: TermTable.Label"))
        #expect(code.contains("var frameBox: TermTable.Box"))
        #expect(!code.contains("var name:") && !code.contains("var frame:"))
    }
}
