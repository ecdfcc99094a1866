import Foundation
import TermTableTestSupport
import Testing

/// What only the `termtable` tool and the benchmarks use stays `package` (issue 22): the preview stack and the
/// table's layout pass declare nothing public or open, so they never grow into the toolkit's API unnoticed.
@Suite("Tool support stays package")
struct ToolSupportAccessTests {
    /// The files whose every declaration serves the tool or a benchmark.
    static let files = [
        "Sources/TermTable/Templates/LayoutPreview.swift",
        "Sources/TermTable/Templates/LayoutPreviewModel.swift",
        "Sources/TermTable/Templates/LayoutPreviewView.swift",
        "Sources/TermTable/App/LivePreview.swift",
        "Sources/TermTable/App/FileWatch.swift",
        "Sources/TermTable/Table/TableLayout.swift",
        "Sources/TermTable/Table/TableViewState.swift",
    ]

    /// The lines of `text` that declare something public or open (comments aside).
    static func publicDeclarations(in text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return code.contains(/(^|\s)(public|open)\s/)
        }
    }

    @Test func theScanSeesPublicAndOpen() {
        let text = """
            public struct A {}
                nonisolated public static let b = 1
                open func c() {}
                public private(set) var d = 0
            package struct E {}
            /// public in a comment
            let f = 1  // open in a comment
                let fd = open(path, O_RDONLY)
            """
        #expect(Self.publicDeclarations(in: text).count == 4)
    }

    @Test(arguments: Self.files)
    func declaresNothingPublic(file: String) throws {
        let text = try String(contentsOfFile: repositoryRoot + "/" + file, encoding: .utf8)
        #expect(text.contains("package "), "\(file) was read")
        #expect(Self.publicDeclarations(in: text) == [], "\(file)")
    }

    /// `LayoutLibrary(reparsing:)` (a benchmark's cold parse) and the table's state, metrics and placed items.
    @Test func theBenchmarksHooksArePackage() throws {
        let library = try String(
            contentsOfFile: repositoryRoot + "/Sources/TermTable/Templates/LayoutLibrary.swift", encoding: .utf8)
        let table = try String(
            contentsOfFile: repositoryRoot + "/Sources/TermTable/Table/TableView.swift", encoding: .utf8)
        let hooks =
            Self.publicDeclarations(in: library).filter { $0.contains("reparsing") }
            + Self.publicDeclarations(in: table).filter { $0.contains(/var (state|metrics|placedItems)\b/) }
        #expect(library.contains("init(reparsing"), "the scan reads LayoutLibrary.swift")
        #expect(hooks == [])
    }
}
