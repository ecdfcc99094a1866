import Foundation
import ProcessKit
import ProcessesCore
import TermTable
import Testing

@Suite("Procs.layout")
@MainActor
struct LayoutFileTests {
    /// The layout file in the repository (the bundle holds a copy).
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Examples/Processes/Core/Layouts/Procs.layout").path
    }

    @Test func isLintCleanAndHasTheCellsTheViewerUses() throws {
        let report = LayoutLint.lint(paths: [Self.path])
        #expect(report.errorCount == 0, "\(report.output)")
        #expect(report.cells == 3)
        let library = try LayoutLibrary(contentsOf: Self.path)
        for identifier in ["proc", "user", "detail"] { #expect(library.contains(identifier)) }
    }

    /// The header row comes from `proc`'s headings, and each sort key has the column a click sorts by.
    @Test func theProcCellDeclaresTheHeaderRowAndEverySortKeyHasAColumn() throws {
        let header = ColumnHeaderView(template: try LayoutLibrary(contentsOf: Self.path).template("proc"))
        #expect(header.columns.map(\.title) == ["PID", "S", "CPU%", "RSS", "THR", "COMMAND"])
        let identifiers = header.columns.map(\.identifier)
        for key in ProcessSortKey.allCases {
            #expect(identifiers.contains(ProcessViewer.column(of: key)), "\(key)")
            #expect(
                header.columns.first { $0.identifier == ProcessViewer.column(of: key) }.flatMap(
                    ProcessViewer.sortKey(of:)) == key)
        }
        #expect(
            header.columns.filter { ProcessViewer.sortKey(of: $0) == nil }.map(\.identifier) == ["state", "threads"])
    }
}
