import ArgumentParser
import FoundationEssentials
import TermTable
import TermTableLayouts

/// `scroll-bench`: how fast TermTable scrolls a long list, against its own alternatives and the peer toolkits.
@main
struct ScrollBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll-bench",
        abstract: "Scroll a list of N rows one row per frame and measure every frame.",
        discussion: """
            The workload is the one of Benchmarks/peers/README.md: row i is "Item i: <sentence>" with a date \
            in the last 10 columns, the selected row in reverse video, 120x40, the selection moving down one \
            row per frame, every frame drawn. Rows are produced on demand (nothing is kept per row).

            --screen memory draws on an in-memory screen and measures the toolkit alone; --screen tty draws \
            on the terminal through ncurses and follows the peers' contract (prints nothing unless --json), \
            so Benchmarks/peers/run --cmd "termtable=.build/release/scroll-bench --screen tty" measures it \
            beside C ncurses, urwid and Textual.
            """
    )

    enum ScreenKind: String, ExpressibleByArgument, CaseIterable {
        case memory, tty
    }

    @Option(help: "Number of rows.") var rows = 100_000
    @Option(help: "Number of frames (moves of the selection).") var frames = 5_000
    @Option(help: "How cells are made: reuse, no-reuse, reparse, handcoded.") var mode: String = "reuse"
    @Option(help: "What is scrolled: list (the peers' workload) or news (a news reader's list, reuse mode only).")
    var workload: String = "list"
    @Option(help: "memory (in-memory screen) or tty (the terminal).") var screen: ScreenKind = .memory
    @Option(help: "Screen width for --screen memory.") var width = 120
    @Option(help: "Screen height for --screen memory.") var height = 40
    @Flag(help: "Run every mode in one process, interleaved (memory screen).") var all = false
    @Option(help: "Rounds of every mode with --all; medians are reported.") var `repeat` = 3
    @Flag(help: "Print the results as JSON.") var json = false
    @Option(
        help:
            "The layout file: with the `row` cell for list, with the news reader's cells for news (default: Layouts/Bench.layout or Layouts/News.layout as built into the program)."
    )
    var layout: String?

    func validate() throws {
        guard rows >= 1 else { throw ValidationError("--rows must be at least 1") }
        guard width >= 11, height >= 1 else {
            throw ValidationError(
                "--width must be at least 11 (a date of 10 columns and a space) and --height at least 1")
        }
        guard frames >= 0, frames < rows || frames == 0 else { throw ValidationError("--frames must be below --rows") }
        guard BenchMode(rawValue: mode) != nil else {
            throw ValidationError("--mode must be one of \(BenchMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard !(all && screen == .tty) else { throw ValidationError("--all runs on the memory screen only") }
        guard let kind = BenchWorkload(rawValue: workload) else {
            throw ValidationError(
                "--workload must be one of \(BenchWorkload.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard kind == .list || mode == BenchMode.reuse.rawValue else {
            throw ValidationError("--workload news runs in --mode reuse only")
        }
    }

    func run() async throws {
        let kind = BenchWorkload(rawValue: workload)!
        let source = layout.map(BenchLayoutSource.file) ?? Self.builtIn(kind)
        let results = try await MainActor.run { try measure(workload: kind, layout: source) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else if screen == .memory {
            print(Report.table(results))
        }
    }

    /// The workload's layout as built into the program.
    static func builtIn(_ workload: BenchWorkload) -> BenchLayoutSource {
        .embedded(workload == .news ? NewsLayout.layoutFile : BenchLayout.layoutFile)
    }

    @MainActor
    func measure(workload: BenchWorkload, layout: BenchLayoutSource) throws -> [BenchResult] {
        let chosen = BenchMode(rawValue: mode)!
        switch screen {
        case .tty:
            let terminal = try CursesScreen(
                options: {
                    var o = CursesScreen.Options()
                    o.mouse = false
                    return o
                }())
            defer { terminal.close() }
            return [
                try BenchRun.run(
                    workload: workload, mode: chosen, rows: rows, frames: frames, screen: terminal, screenName: "tty",
                    layout: layout)
            ]
        case .memory:
            let plan: [(BenchWorkload, BenchMode)] =
                all
                ? [(.list, .reuse), (.list, .handcoded), (.list, .noReuse), (.list, .reparse), (.news, .reuse)]
                : [(workload, chosen)]
            var runs: [String: [BenchResult]] = [:]
            for _ in 0..<(all ? max(1, self.repeat) : 1) {
                for (kind, mode) in plan {
                    let source = kind == workload ? layout : Self.builtIn(kind)
                    let memory = BufferScreen(width: width, height: height)
                    let result = try BenchRun.run(
                        workload: kind, mode: mode, rows: rows, frames: frames, screen: memory,
                        screenName: "memory", layout: source)
                    runs[kind.rawValue + "/" + mode.rawValue, default: []].append(result)
                }
            }
            return plan.map { Report.median(runs[$0.0.rawValue + "/" + $0.1.rawValue]!) }
        }
    }
}
