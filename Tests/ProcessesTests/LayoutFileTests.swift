import Foundation
import ProcessesCore
import Testing
import TermTable

@Suite("Procs.layout")
@MainActor
struct LayoutFileTests {
    /// The layout file in the repository (the bundle holds a copy).
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Processes/Core/Layouts/Procs.layout").path
    }

    @Test func isLintCleanAndHasTheCellsTheViewerUses() throws {
        let report = LayoutLint.lint(paths: [Self.path])
        #expect(report.errorCount == 0, "\(report.output)")
        #expect(report.cells == 4)
        let library = try LayoutLibrary(contentsOf: Self.path)
        for identifier in ["proc", "columns", "user", "detail"] { #expect(library.contains(identifier)) }
    }

    /// The titles must sit over the values: `columns` repeats `proc`'s fields two columns to the right.
    @Test func theColumnTitlesCellRepeatsTheRowsFieldsShiftedByTheMarkColumn() throws {
        let library = try LayoutLibrary(contentsOf: Self.path)
        let row = try library.spec("proc"), titles = try library.spec("columns")
        #expect(titles.width == row.width + 2)
        #expect(row.views.map(\.tag) == titles.views.map(\.tag))
        for (value, title) in zip(row.views, titles.views) {
            #expect(title.frame == Rect(x: value.frame.x + 2, y: 0, width: value.frame.width, height: 1), "tag \(value.tag)")
        }
    }
}
