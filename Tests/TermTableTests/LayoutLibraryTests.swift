import Foundation
import TermTableTestSupport
import Testing

@testable import TermTable

let rowLayout = """
    cell row
    | [1 title                 ] [2 date  ] |
      1 label stretch
      2 label align=right pin=right

    cell section selectable=no
    | ── [1 name              ] ── |
      1 label style=bold stretch
    """

@MainActor
@Suite("Layout library")
struct LayoutLibraryTests {
    @Test func aFileIsParsedOnceWhateverTheNumberOfLibrariesAndCells() throws {
        let directory = try makeLayoutTemporaryDirectory()
        let path = try writeLayoutFile(rowLayout, named: "Rows.layout", in: directory)
        #expect(LayoutLibrary.parseCount(forPath: path) == 0)
        let totalBefore = LayoutLibrary.parseCount
        let first = try LayoutLibrary(contentsOf: path)
        let second = try LayoutLibrary(contentsOf: directory + "/./Rows.layout")  // another spelling, one file
        var cells: [TableViewCell] = []
        for index in 0..<1000 {
            cells.append(try (index.isMultiple(of: 2) ? first : second).instantiate(index % 3 == 0 ? "section" : "row"))
        }
        #expect(LayoutLibrary.parseCount(forPath: path) == 1)
        #expect(LayoutLibrary.parseCount >= totalBefore + 1)
        #expect(Set(cells.map(ObjectIdentifier.init)).count == 1000)
        // The template (and its prototype) is made once per identifier and kept.
        #expect(try first.template("row") === first.template("row"))
        #expect(try first.template("row").cloneCount == 333)
    }

    @Test func instancesAreIndependentCopies() throws {
        let library = try LayoutLibrary(string: rowLayout, name: "Rows.layout")
        let a = try library.instantiate("row")
        let b = try library.instantiate("row")
        #expect(a !== b)
        let titleA = try #require(a.viewWithTag(1, as: Label.self))
        let titleB = try #require(b.viewWithTag(1, as: Label.self))
        #expect(titleA !== titleB)
        titleA.text = "changed"
        #expect(titleB.text == "")
        #expect(try library.instantiate("row").viewWithTag(1, as: Label.self)?.text == "")
        #expect(a.view(named: "date") != nil)
    }

    @Test func reparsingBypassesTheCache() throws {
        let directory = try makeLayoutTemporaryDirectory()
        let path = try writeLayoutFile(rowLayout, named: "Rows.layout", in: directory)
        _ = try LayoutLibrary(contentsOf: path)
        _ = try LayoutLibrary(reparsing: path)
        _ = try LayoutLibrary(reparsing: path)
        _ = try LayoutLibrary.parse(contentsOf: path)
        _ = try LayoutLibrary(contentsOf: path)
        #expect(LayoutLibrary.parseCount(forPath: path) == 4)
    }

    @Test func anUnknownIdentifierListsTheKnownOnesAndSuggestsTheNearest() throws {
        let library = try LayoutLibrary(string: rowLayout, name: "Rows.layout")
        #expect(library.identifiers == ["row", "section"])
        do {
            _ = try library.instantiate("rwo")
            Issue.record("no error")
        } catch let error as LayoutLibraryError {
            #expect(
                error
                    == .unknownIdentifier(
                        "rwo", known: ["row", "section"], suggestion: "row",
                        files: ["Rows.layout"]))
            #expect(
                error.description == """
                    error: no cell `rwo` in Rows.layout; the identifiers are `row` and `section`
                    hint: did you mean `row`?
                    """)
        }
        #expect(throws: LayoutLibraryError.self) { try library.template("zzz") }
    }

    @Test func strictNamingWantsASingleCellNamedAfterItsFile() throws {
        let directory = try makeLayoutTemporaryDirectory()
        let bad = try writeLayoutFile("# one cell\ncell rwo\n|[1 a]|\n 1 label\n", named: "Row.layout", in: directory)
        let good = try writeLayoutFile("cell Row\n|[1 a]|\n 1 label\n", named: "Good.layout", in: directory)
        try FileManager.default.removeItem(atPath: good)
        let fine = try writeLayoutFile("cell Fine\n|[1 a]|\n 1 label\n", named: "Fine.layout", in: directory)

        _ = try LayoutLibrary(contentsOf: bad)  // not strict: fine
        do {
            _ = try LayoutLibrary(contentsOf: bad, strict: true)
            Issue.record("no error")
        } catch let list as LayoutErrorList {
            let error = try #require(list.first)
            #expect(error.message == "`Row.layout` holds one cell, `rwo`, not named after the file")
            #expect(error.line == 2 && error.column == 6)
            #expect(error.hint?.contains("`cell Row`") == true)
            #expect(error.description.contains("  cell rwo\n       ^"))
        }
        #expect(throws: LayoutErrorList.self) { try LayoutLibrary(contentsOf: bad).checkNaming() }
        #expect(throws: Never.self) { try LayoutLibrary(contentsOf: fine, strict: true) }
        // Several cells in a file: no convention.
        #expect(throws: Never.self) { try LayoutLibrary(string: rowLayout, name: "Whatever.layout", strict: true) }
        #expect(LayoutFileNaming.expectedIdentifier(forFile: "a/b/Row.layout") == "Row")
    }

    @Test func aDirectoryLoadsEveryLayoutFileInNameOrder() throws {
        let directory = try makeLayoutTemporaryDirectory()
        try writeLayoutFile("cell b\n|[1]|\n 1 glyph\n", named: "B.layout", in: directory)
        try writeLayoutFile("cell a\n|[1]|\n 1 glyph\ncell a2\n|[1]|\n 1 glyph\n", named: "A.layout", in: directory)
        try writeLayoutFile("not a layout", named: "notes.txt", in: directory)
        let library = try LayoutLibrary(directory: directory)
        #expect(library.identifiers == ["a", "a2", "b"])
        #expect(library.documents.count == 2)
        #expect(try library.spec("b").views.count == 1)

        try writeLayoutFile("cell a\n|[1]|\n 1 glyph\n", named: "C.layout", in: directory)
        do {
            _ = try LayoutLibrary(directory: directory)
            Issue.record("no error")
        } catch let list as LayoutErrorList {
            #expect(list.count == 1)
            #expect(
                list.first?.message.contains("duplicate identifier `a`: also defined in \(directory)/A.layout:1")
                    == true)
            #expect(list.first?.file == directory + "/C.layout")
        }
    }

    @Test func errorsOfEveryFileOfADirectoryAreThrownTogether() throws {
        let directory = try makeLayoutTemporaryDirectory()
        try writeLayoutFile("cell a\n|[1]|\n", named: "A.layout", in: directory)
        try writeLayoutFile("cell b\n|[1]|\n 1 lable\n", named: "B.layout", in: directory)
        do {
            _ = try LayoutLibrary(directory: directory)
            Issue.record("no error")
        } catch let list as LayoutErrorList {
            #expect(list.errors.map(\.file) == [directory + "/A.layout", directory + "/B.layout"])
        }
    }

    @Test func loadingErrorsNameThePath() throws {
        let directory = try makeLayoutTemporaryDirectory()
        let missing = directory + "/Missing.layout"
        #expect(throws: LayoutLibraryError.fileNotFound(path: missing)) { try LayoutLibrary(contentsOf: missing) }
        #expect(LayoutLibraryError.fileNotFound(path: missing).description.contains(missing))

        let binary = directory + "/Binary.layout"
        try Data([0x63, 0x65, 0x6C, 0x6C, 0x0A, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
        #expect(throws: LayoutLibraryError.notUTF8(path: binary, offset: 5, line: 2)) {
            try LayoutLibrary(contentsOf: binary)
        }
        #expect(throws: LayoutLibraryError.notADirectory(path: binary)) { try LayoutLibrary(directory: binary) }
        let empty = try makeLayoutTemporaryDirectory()
        #expect(throws: LayoutLibraryError.noLayoutFiles(directory: empty)) { try LayoutLibrary(directory: empty) }
        #expect(throws: LayoutLibraryError.unreadable(path: directory, reason: "it is a directory")) {
            try LayoutLibrary(contentsOf: directory)
        }
    }

    @Test func aStringIsParsedWithTheNameGiven() throws {
        let library = try LayoutLibrary(string: "cell one\n|[1 a]|\n 1 label\n", name: "Inline.layout")
        #expect(library.identifiers == ["one"])
        #expect(library.files == ["Inline.layout"])
        do {
            _ = try LayoutLibrary(string: "cell one\n|[1 a]|\n", name: "Inline.layout")
            Issue.record("no error")
        } catch let list as LayoutErrorList {
            #expect(list.first?.description.hasPrefix("Inline.layout:2:2: error: tag 1 is drawn") == true)
        }
    }

    @Test func theGalleryInstantiatesEveryCell() throws {
        let library = try LayoutLibrary(contentsOf: layoutsDirectory + "/Gallery.layout")
        for identifier in library.identifiers {
            let cell = try library.instantiate(identifier)
            #expect(cell.reuseIdentifier == identifier)
        }
        let preview = try LayoutPreview.render(library, identifiers: ["label", "glyph"], width: 40)
        let lines = preview.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("┌─ label · height 1 ─"))
        #expect(lines.allSatisfy { TerminalText.width(of: $0) == 42 })
        #expect(lines[4].contains("🚀"))
    }

    @Test func theGalleryParsesWithOneCellPerKind() throws {
        let path = layoutsDirectory + "/Gallery.layout"
        let document = try LayoutLibrary.parse(contentsOf: path)
        #expect(
            document.cells.map(\.identifier) == [
                "label", "wrapped", "progress", "button", "field", "slider", "glyph", "separator", "box",
                "section", "disclosure", "checkmark", "indented", "highlight", "footer",
            ])
        let kinds = Set(document.cells.flatMap { $0.views.map(\.kind) })
        #expect(kinds == Set(ViewKind.allCases))
        #expect(Set(document.cells.map(\.width)) == [58])
        #expect(document.cell("disclosure")?.accessory == .disclosure)
        #expect(document.cell("checkmark")?.selectionStyle == SelectionStyle.none)
        #expect(document.cell("indented")?.indentation == 2)
        #expect(
            document.cell("highlight")?.selectionStyle
                == .custom(Style(foreground: .black, background: .cyan, attributes: .bold)))
        #expect(document.cell("wrapped")?.views.first { $0.tag == 2 }?.properties.wrapLines == 0)
        #expect(document.cell("glyph")?.views.first { $0.tag == 1 }?.properties.symbol == "🚀")
        #expect(document.cell("footer")?.views.first { $0.tag == 2 }?.autoresizing == [.flexibleWidth, .pinBottom])
    }

    @Test func theBenchRowIsDesignedAt120Columns() throws {
        let document = try LayoutLibrary.parse(contentsOf: layoutsDirectory + "/Bench.layout")
        let row = try #require(document.cell("row"))
        #expect(document.cells.count == 1)
        #expect(row.width == 120 && row.height == 1)
        let title = try #require(row.views.first { $0.tag == 1 })
        let date = try #require(row.views.first { $0.tag == 2 })
        #expect(title.frame == Rect(x: 0, y: 0, width: 109, height: 1))
        #expect(title.autoresizing == .flexibleWidth)
        #expect(date.frame == Rect(x: 110, y: 0, width: 10, height: 1))
        #expect(date.autoresizing == .pinRight)
        #expect(date.properties.alignment == .right)
        #expect(row.views.count == 2)
    }

    @MainActor
    @Test(arguments: [40, 80, 120, 200])
    func theBenchRowDrawsTheBenchmarksLine(width: Int) throws {
        let library = try LayoutLibrary(contentsOf: layoutsDirectory + "/Bench.layout")
        let cell = try library.instantiate("row")
        let title = String(repeating: "Title ", count: 50)
        cell.viewWithTag(1, as: Label.self)?.text = title
        cell.viewWithTag(2, as: Label.self)?.text = "2024-05-01"
        let screen = BufferScreen(width: width, height: 1)
        cell.frame = Rect(x: 0, y: 0, width: width, height: 1)
        cell.render(on: screen)
        let expected = String(title.prefix(width - 11)) + " " + "2024-05-01"
        #expect(screen.line(0) == expected)
    }
}
