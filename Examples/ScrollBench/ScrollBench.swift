import FoundationEssentials
import Glibc
import TermTable
import TermTableLayouts

/// `scroll-bench`: how fast TermTable scrolls a long list, against its own alternatives and the peer toolkits.
///
/// It parses its few options itself and runs synchronously on the main thread (the main actor): with
/// ArgumentParser (its reflection over the command's properties) and an `async` `run()` (Swift's
/// concurrency runtime, and a libdispatch thread draining the main queue once the main thread leaves in
/// `dispatch_main`), `--screen tty` peaked 1.1 MiB higher in the peers harness, for nothing it measures.
@main
struct ScrollBench {
    /// A command line it cannot run: the message, then the usage.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    enum ScreenKind: String, CaseIterable {
        case memory, tty
    }

    var rows = 100_000
    var frames = 5_000
    var mode = "reuse"
    var workload = "list"
    var screen: ScreenKind = .memory
    var width = 120
    var height = 40
    var all = false
    var `repeat` = 3
    var json = false
    var layout: String?
    var estimatedRowHeight: Int?
    var nodes = 1_000_000
    var latencyMs = 50
    var help = false

    static let usage = """
        USAGE: scroll-bench [--rows <rows>] [--frames <frames>] [--mode <mode>] [--workload <workload>]
                            [--screen <screen>] [--width <width>] [--height <height>] [--all] [--repeat <repeat>]
                            [--json] [--layout <layout>] [--estimated-row-height <lines>]
               scroll-bench --workload tree [--nodes <nodes>] [--frames <frames>] [--json]
               scroll-bench --workload slow-source [--latency-ms <ms>] [--rows <rows>] [--json]

        Scroll a list of N rows one row per frame and measure every frame.

        The workload is the one of Benchmarks/peers/README.md: row i is "Item i: <sentence>" with a date in the
        last 10 columns, the selected row in reverse video, 120x40, the selection moving down one row per frame,
        every frame drawn. Rows are produced on demand (nothing is kept per row).

        --screen memory draws on an in-memory screen and measures the toolkit alone; --screen tty draws on the
        terminal through ncurses and follows the peers' contract (prints nothing unless --json), so
        Benchmarks/peers/run --cmd "termtable=.build/release/scroll-bench --screen tty" measures it beside
        C ncurses, urwid and Textual.

        OPTIONS:
          --rows <rows>           Number of rows. (default: 100000)
          --frames <frames>       Number of frames (moves of the selection). (default: 5000)
          --mode <mode>           How cells are made: reuse, no-reuse, reparse, handcoded. (default: reuse)
          --workload <workload>   What is scrolled: list (the peers' workload), news (a news reader's list) or
                                  auto-height (rows as tall as their wrapped messages, run beside list in the
                                  same process, --repeat rounds); news and auto-height in reuse mode only;
                                  tree (an outline of --nodes nodes: expand-all, collapse-all, expanding a
                                  node of 10^5 children, a scroll frame beside a flat list); slow-source (the
                                  list's rows answered --latency-ms after they are asked, paged and held j at
                                  30 keys a second, beside the same rows in memory). (default: list)
          --nodes <nodes>         Nodes of the tree workload. (default: 1000000)
          --latency-ms <ms>       How late the slow-source workload's answers come. (default: 50)
          --screen <screen>       memory (in-memory screen) or tty (the terminal). (default: memory)
          --width <width>         Screen width for --screen memory. (default: 120)
          --height <height>       Screen height for --screen memory. (default: 40)
          --all                   Run every mode in one process, interleaved (memory screen).
          --repeat <repeat>       Rounds of every mode with --all; medians are reported. (default: 3)
          --json                  Print the results as JSON.
          --layout <layout>       The layout file: with the `row` cell for list, with the news reader's cells
                                  for news (default: Layouts/Bench.layout or Layouts/News.layout as built into
                                  the program).
          --estimated-row-height <lines>
                                  With --workload auto-height, a third run beside the two: the same rows with
                                  TableView.estimatedRowHeight set to this (the thumb counted in lines:
                                  measured heights, else the estimate); both auto-height runs then draw the
                                  scroll indicator, so they differ only by the estimate.
          -h, --help              Show help information.

        """

    /// The command for `arguments` (without the program's name), checked; `--help` is set, not an error.
    static func parse(_ arguments: [String]) throws(UsageError) -> ScrollBench {
        var command = ScrollBench()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inline: String? = nil
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inline { return inline }
                guard let next = remaining.popFirst() else { throw UsageError("missing value for '\(name)'") }
                return next
            }
            func number() throws(UsageError) -> Int {
                let text = try value()
                guard let number = Int(text) else {
                    throw UsageError("the value '\(text)' of '\(name)' is not a number")
                }
                return number
            }
            switch name {
            case "--rows": command.rows = try number()
            case "--nodes": command.nodes = try number()
            case "--latency-ms": command.latencyMs = try number()
            case "--frames": command.frames = try number()
            case "--mode": command.mode = try value()
            case "--workload": command.workload = try value()
            case "--screen":
                let text = try value()
                guard let kind = ScreenKind(rawValue: text) else {
                    throw UsageError("the value '\(text)' of '--screen' is not one of memory, tty")
                }
                command.screen = kind
            case "--width": command.width = try number()
            case "--height": command.height = try number()
            case "--repeat": command.repeat = try number()
            case "--layout": command.layout = try value()
            case "--estimated-row-height": command.estimatedRowHeight = try number()
            case "--all" where inline == nil: command.all = true
            case "--json" where inline == nil: command.json = true
            case "-h", "--help": command.help = true
            default: throw UsageError("unknown option '\(TerminalText.sanitize(argument))'")
            }
        }
        if !command.help { try command.validate() }
        return command
    }

    /// Writes `text` to standard error.
    static func printError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    static func main() {
        let command: ScrollBench
        do {
            command = try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("Error: \(error)\n\(usage)")
            exit(64)
        }
        if command.help {
            print(usage, terminator: "")
            return
        }
        do {
            try command.run()
        } catch {
            printError("Error: \(error)\n")
            exit(1)
        }
    }

    func validate() throws(UsageError) {
        if workload == "tree" {
            guard nodes >= 10, frames >= 0, width >= 11, height >= 1 else {
                throw UsageError("--workload tree takes --nodes of 10 or more")
            }
            return
        }
        if workload == "slow-source" {
            guard rows >= 1, latencyMs >= 1, latencyMs <= 10_000, width >= 11, height >= 1 else {
                throw UsageError("--workload slow-source takes --latency-ms from 1 to 10000 and --rows of 1 or more")
            }
            return
        }
        guard rows >= 1 else { throw UsageError("--rows must be at least 1") }
        guard width >= 11, height >= 1 else {
            throw UsageError(
                "--width must be at least 11 (a date of 10 columns and a space) and --height at least 1")
        }
        guard frames >= 0, frames < rows || frames == 0 else { throw UsageError("--frames must be below --rows") }
        guard BenchMode(rawValue: mode) != nil else {
            throw UsageError("--mode must be one of \(BenchMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard !(all && screen == .tty) else { throw UsageError("--all runs on the memory screen only") }
        guard let kind = BenchWorkload(rawValue: workload) else {
            throw UsageError(
                "--workload must be one of \(BenchWorkload.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard kind == .list || mode == BenchMode.reuse.rawValue else {
            throw UsageError("--workload \(kind.rawValue) runs in --mode reuse only")
        }
        if let estimatedRowHeight {
            guard kind == .autoHeight, estimatedRowHeight >= 1, !all else {
                throw UsageError("--estimated-row-height takes 1 or more lines, with --workload auto-height only")
            }
        }
    }

    func run() throws {
        if workload == "tree" {
            let result = MainActor.assumeIsolated {
                TreeBench.run(nodes: nodes, frames: min(frames, 2_000), width: width, height: height)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
            return
        }
        if workload == "slow-source" {
            let result = MainActor.assumeIsolated {
                SlowSourceBench.run(rows: rows, latency: latencyMs, frames: frames, width: width, height: height)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
            return
        }
        let kind = BenchWorkload(rawValue: workload)!
        let source = layout.map(BenchLayoutSource.file) ?? Self.builtIn(kind)
        let results = try MainActor.assumeIsolated { try measure(workload: kind, layout: source) }
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
        .embedded(workload == .news ? NewsLayout.layoutFile : BenchLayout.layoutFile)  // auto-height: its own text
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
            // The auto-height workload runs beside the fixed-height list, interleaved, so the two compare.
            // With an estimate, a third run: the same self-sizing rows with the estimate and the scroll indicator.
            let plan: [(BenchWorkload, BenchMode, Int?)] =
                all
                ? [
                    (.list, .reuse, nil), (.list, .handcoded, nil), (.list, .noReuse, nil), (.list, .reparse, nil),
                    (.news, .reuse, nil),
                ]
                : workload == .autoHeight
                    ? [(.list, .reuse, nil), (.autoHeight, .reuse, nil)]
                        + (estimatedRowHeight.map { [(.autoHeight, .reuse, $0)] } ?? [])
                    : [(workload, chosen, nil)]
            let rounds = all || workload == .autoHeight ? max(1, self.repeat) : 1
            var runs: [String: [BenchResult]] = [:]
            func key(_ run: (BenchWorkload, BenchMode, Int?)) -> String {
                run.0.rawValue + "/" + run.1.rawValue + (run.2.map { "/\($0)" } ?? "")
            }
            for _ in 0..<rounds {
                for run in plan {
                    let source = run.0 == workload ? layout : Self.builtIn(run.0)
                    let memory = BufferScreen(width: width, height: height)
                    let result = try BenchRun.run(
                        workload: run.0, mode: run.1, rows: rows, frames: frames, screen: memory,
                        screenName: "memory", layout: source, estimatedRowHeight: run.2,
                        indicator: run.0 == .autoHeight && estimatedRowHeight != nil)
                    runs[key(run), default: []].append(result)
                }
            }
            return plan.map { Report.median(runs[key($0)]!) }
        }
    }
}
