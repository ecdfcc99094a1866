import Foundation
import TermTable
import TermTableLayouts
import TermTableTesting
import Testing

@testable import ScrollBench

/// What keeps `scroll-bench --screen tty` under 16 MiB (issue 15): no Foundation in its link, its layouts built in.
@MainActor
@Suite struct ScrollBenchMemoryTests {
    /// The shared libraries an ELF file names in its dynamic section (`readelf -d`'s NEEDED entries).
    static func neededLibraries(of path: String) throws -> [String] {
        let result = try ChildProcess.run(["readelf", "-d", path], environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "readelf -d \(path): \(result.output)")
        return result.output.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// libFoundation (with ICU and FoundationInternationalization, ~6 MiB resident) stays out of the benchmark.
    @Test func scrollBenchDoesNotLinkFoundation() throws {
        let needed = try Self.neededLibraries(of: try BuiltProducts.executable(named: "scroll-bench"))
        #expect(needed.contains("libswiftCore.so"), "the parse found the NEEDED entries: \(needed)")
        #expect(
            !needed.contains("libFoundation.so") && !needed.contains("libFoundationInternationalization.so"),
            """
            scroll-bench links \(needed.filter { $0.hasPrefix("libFoundation") }): something it uses imports \
            Foundation (ToolkitImportTests scans the toolkit). After such an import is removed, an incremental \
            build can keep it in unchanged objects: delete .build/*/debug/{TermTable*,ScrollBench}.build and rebuild.
            """)
    }

    /// The built-in layouts draw the same final screen as the files, and the reparse mode parses the embedded text.
    @Test(arguments: [BenchMode.reuse, .reparse, .handcoded])
    func theBuiltInLayoutDrawsWhatTheFileDraws(_ mode: BenchMode) throws {
        let embedded = try BenchRun.run(
            mode: mode, rows: 200, frames: 60, screen: BufferScreen(width: 120, height: 20), screenName: "memory",
            layout: ScrollBench.builtIn(.list))
        let file = try BenchRun.run(
            mode: mode, rows: 200, frames: 60, screen: BufferScreen(width: 120, height: 20), screenName: "memory",
            layout: .file(ProjectLayouts.path(for: "Bench")))
        #expect(embedded.finalScreenOK == true && file.finalScreenOK == true)
        #expect(embedded.cellsCreated == file.cellsCreated)
        #expect(embedded.parses == file.parses)
        if mode == .reparse { #expect(embedded.parses >= 60) }
    }

    @Test func theNewsWorkloadRunsOnItsBuiltInLayout() throws {
        let result = try BenchRun.run(
            workload: .news, mode: .reuse, rows: 500, frames: 100, screen: BufferScreen(width: 100, height: 30),
            screenName: "memory", layout: ScrollBench.builtIn(.news))
        #expect(result.finalScreenOK == true)
    }

    @Test func theAutoHeightWorkloadShowsTheCursorRowAtItsWrappedHeight() throws {
        let result = try BenchRun.run(
            workload: .autoHeight, mode: .reuse, rows: 400, frames: 150, screen: BufferScreen(width: 90, height: 30),
            screenName: "memory", layout: ScrollBench.builtIn(.list))
        #expect(result.finalScreenOK == true)
        #expect(result.cellsCreated <= 30 + 4, "cells stay within the rows on screen plus the measuring cells")
        let narrow = try BenchRun.run(
            workload: .autoHeight, mode: .reuse, rows: 50, frames: 49, screen: BufferScreen(width: 40, height: 12),
            screenName: "memory", layout: ScrollBench.builtIn(.list))
        #expect(narrow.finalScreenOK == true)
    }

    @Test func autoHeightRunsBesideTheListInOneProcess() throws {
        let command = try ScrollBench.parse([
            "--workload", "auto-height", "--rows", "300", "--frames", "20", "--repeat", "1",
        ])
        let results = try command.measure(workload: .autoHeight, layout: ScrollBench.builtIn(.autoHeight))
        #expect(results.map(\.workload) == ["list", "auto-height"])
        #expect(results.allSatisfy { $0.finalScreenOK == true })
        #expect(throws: ScrollBench.UsageError.self) {
            try ScrollBench.parse(["--workload", "auto-height", "--mode", "handcoded"])
        }
    }

    /// The report's numbers are written as `String(format: "%.Nf")` wrote them before Foundation was dropped.
    @Test func numbersAreFormattedLikePrintf() {
        #expect(Report.fixed(4465.4, 0) == "4465")
        #expect(Report.fixed(1.5, 0) == "2")
        #expect(Report.fixed(12.25, 1) == "12.2")  // exactly halfway: to even, as printf does
        #expect(Report.fixed(23.96, 1) == "24.0")
        #expect(Report.fixed(0.125, 2) == "0.12")
        #expect(Report.fixed(-3.14159, 2) == "-3.14")
        #expect(Report.fixed(1e300, 0).count == 301)
        #expect(Report.fixed(.infinity, 1) == "inf")
    }

    @Test func theReportTableLinesUpItsColumns() throws {
        let result = try BenchRun.run(
            mode: .reuse, rows: 100, frames: 10, screen: BufferScreen(width: 80, height: 20), screenName: "memory",
            layout: ScrollBench.builtIn(.list))
        let lines = Report.table([result]).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("workload  mode   screen  rows  frames  frames/s"), "\(lines[0])")
        #expect(lines[2].hasPrefix("list      reuse  memory  100   10      "), "\(lines[2])")
        #expect(lines[0].count == lines[1].count)
    }
}
