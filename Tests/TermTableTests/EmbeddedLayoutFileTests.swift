import Foundation
import TermTable
import TermTableLayout
import TermTableLayouts
import TermTableTestSupport
import Testing

/// Layouts built into the program by TermTableLayoutPlugin (issue 15): no resource bundle, one parse per process.
@Suite("Embedded layouts")
@MainActor
struct EmbeddedLayoutFileTests {
    /// A path no other test uses, so the shared cache's counters are this test's alone.
    static func uniquePath(_ name: String) -> String {
        "/nonexistent-\(UUID().uuidString)/\(name)"
    }

    @Test(arguments: ["News", "Bench", "Gallery"])
    func theEmbeddedTextIsTheFileAsBuilt(_ name: String) throws {
        let file = [
            "News": NewsLayout.layoutFile, "Bench": BenchLayout.layoutFile, "Gallery": GalleryLayout.layoutFile,
        ][name]!
        let path = ProjectLayouts.path(for: name)
        #expect(file.path == path)
        #expect(file.text == (try String(contentsOfFile: path, encoding: .utf8)))
    }

    /// Quotes, backslashes, `"""`, `\(`, tabs, trailing spaces, a CRLF line and no final newline survive the
    /// Swift literal byte for byte (Tests/TermTableTests/Layouts/Escapes.layout).
    @Test func awkwardTextIsEmbeddedExactly() throws {
        let path = repositoryRoot + "/Tests/TermTableTests/Layouts/Escapes.layout"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(EscapesLayout.layoutFile.text.utf8) == Array(bytes))
        #expect(bytes.contains(0x0D) && bytes.contains(0x09) && bytes.last != 0x0A)
        #expect(try EscapesLayout.library().identifiers == ["escapes"])
    }

    @Test func theGeneratedLibraryHasTheFilesCells() throws {
        let library = try NewsLayout.library()
        let fromFile = try LayoutLibrary(contentsOf: ProjectLayouts.path(for: "News"))
        #expect(library.identifiers == fromFile.identifiers)
        #expect(library.files == [NewsLayout.layoutFile.path])
        let cell = try library.instantiate("news")
        #expect(cell.reuseIdentifier == "news")
    }

    @Test func anEmbeddedLayoutIsParsedOncePerProcessAndCountedUnderItsPath() throws {
        let file = EmbeddedLayoutFile(path: Self.uniquePath("Once.layout"), text: "cell one\n|[1 a]|\n 1 label\n")
        #expect(LayoutLibrary.parseCount(forPath: file.path) == 0)
        let first = try LayoutLibrary(embedded: file)
        let second = try LayoutLibrary(embedded: file)
        #expect(first.identifiers == ["one"] && second.identifiers == ["one"])
        #expect(LayoutLibrary.parseCount(forPath: file.path) == 1)
        // The reparse mode of the benchmark parses again, counted.
        _ = try LayoutLibrary(reparsing: file)
        #expect(LayoutLibrary.parseCount(forPath: file.path) == 2)
        _ = try LayoutLibrary(embedded: file)
        #expect(LayoutLibrary.parseCount(forPath: file.path) == 2)
    }

    /// The file and the embedded text of it share one parse when they are the same, and not when the file changed.
    @Test func theFileAndItsEmbeddedTextShareAParseWhenTheyAgree() throws {
        let cache = LayoutCache()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Shared.layout").path
        let text = "cell shared\n|[1 a]|\n 1 label\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)

        _ = cache.entry(forEmbedded: EmbeddedLayoutFile(path: path, text: text))
        _ = try cache.entry(forPath: path)
        #expect(cache.parseCount(forPath: path) == 1)

        // Built from an older text: the program keeps what it was built with, parsed on its own.
        let older = EmbeddedLayoutFile(path: path, text: "cell older\n|[1 a]|\n 1 label\n")
        let entry = cache.entry(forEmbedded: older)
        #expect(try entry.result.get().cells.map(\.identifier) == ["older"])
        #expect(try cache.entry(forPath: path).result.get().cells.map(\.identifier) == ["shared"])
        #expect(cache.parseCount(forPath: path) == 2)
    }

    /// Errors in an embedded layout name the file it came from, with the line and column.
    @Test func errorsNameTheOriginalFileLineAndColumn() throws {
        let path = Self.uniquePath("Broken.layout")
        let file = EmbeddedLayoutFile(path: path, text: "cell broken\n|[1 a]|\n 1 lable\n")
        do {
            _ = try LayoutLibrary(embedded: file)
            Issue.record("no error")
        } catch let list as LayoutErrorList {
            let error = try #require(list.errors.first)
            #expect(error.file == path && error.line == 3 && error.column == 4, "\(list)")
            #expect(error.description.hasPrefix("\(path):3:4: error: unknown kind `lable`"), "\(error)")
        }
        // Kept as it failed: a second attempt is not parsed again.
        #expect(throws: LayoutErrorList.self) { try LayoutLibrary(embedded: file) }
        #expect(LayoutLibrary.parseCount(forPath: path) == 1)
    }

    /// The naming check runs on embedded text too (one cell named after its file).
    @Test func strictLoadingChecksTheNamingOfEmbeddedText() throws {
        let file = EmbeddedLayoutFile(path: Self.uniquePath("Rows.layout"), text: "cell other\n|[1 a]|\n 1 label\n")
        #expect(throws: LayoutErrorList.self) { try LayoutLibrary(embedded: file, strict: true) }
        #expect(try LayoutLibrary(embedded: file).identifiers == ["other"])
    }
}
