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
        #expect(report.cells == 2)
        let library = try LayoutLibrary(contentsOf: Self.path)
        for identifier in ["proc", "user"] { #expect(library.contains(identifier)) }
    }

    /// The table's columns come from `proc`'s headings; pid, CPU, memory and command sort (CPU and memory largest
    /// first), and the title bar has a word for each.
    @Test func theProcCellDeclaresTheColumnsAndWhichOfThemSort() throws {
        let template = try LayoutLibrary(contentsOf: Self.path).template("proc")
        let columns = TableColumn.columns(of: template).map(ProcessViewer.configured)
        #expect(columns.map(\.title) == ["PID", "S", "CPU%", "RSS", "THR", "COMMAND"])
        #expect(columns.map(\.identifier) == ["pid", "state", "cpu", "rss", "threads", "command"])
        let sorts = columns.compactMap(\.sortDescriptorPrototype)
        #expect(sorts.map(\.column) == ["pid", "cpu", "rss", "command"])
        #expect(sorts.map(\.ascending) == [true, false, false, true])
        for sort in sorts { #expect(ProcessViewer.sortNames[sort.column] != nil, "\(sort.column)") }
    }
}
